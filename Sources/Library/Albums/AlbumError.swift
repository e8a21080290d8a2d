/// Why an album edit cannot be made; the text names the album or photo and the reason.
public enum AlbumError: Error, Equatable, CustomStringConvertible {
    case unknownAlbum(String)
    case duplicateName(String)
    case emptyName
    case unknownPhoto(String)
    case notInAlbum(photo: String, album: String)
    /// A rename to the name it has: nothing to do, and no step for undo to go through.
    case sameName(String)

    public var description: String {
        switch self {
        case let .unknownAlbum(name): "no album named \"\(name)\""
        case let .duplicateName(name): "an album named \"\(name)\" already exists"
        case .emptyName: "an album needs a name"
        case let .unknownPhoto(photo): "\(photo): not a photo in the library"
        case let .notInAlbum(photo, album): "\(photo) is not in the album \"\(album)\""
        case let .sameName(name): "the album \"\(name)\" already has that name"
        }
    }
}
