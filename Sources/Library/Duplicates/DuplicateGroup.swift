/// Photos that are the same picture: exact copies (the same content) or look-alikes (perceptual
/// hashes a few bits apart, `LookAlikeIndex`), with the one suggested to keep.
public struct DuplicateGroup: Sendable, Equatable {
    public enum Kind: String, Sendable {
        /// The same bytes (the import refuses a second copy, so only a rewritten file's old
        /// content id can meet another photo's).
        case exact
        /// Resized, recompressed, lightly cropped or brightened copies of one picture.
        case near
    }

    public var kind: Kind
    /// The photos, the suggested keeper first, then the others best first (`DuplicateFinder.rank`).
    public var photoIDs: [String]

    public init(kind: Kind, photoIDs: [String]) {
        (self.kind, self.photoIDs) = (kind, photoIDs)
    }

    /// The photo suggested to keep.
    public var keep: String { photoIDs[0] }
    /// The photos that would go.
    public var others: [String] { Array(photoIDs.dropFirst()) }
}
