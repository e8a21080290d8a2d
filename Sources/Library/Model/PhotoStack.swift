/// One picture in several files of one folder, shown as one item: a RAW+JPEG pair (the camera
/// wrote both) or a Live Photo (a HEIC/JPEG still and its MOV). The still (the JPEG, the HEIC)
/// is the stack's cover: the tile, the photo view, the groups and the counts show it; the
/// other members are reached through it (Tab in the photo view, the info panel, `p`).
///
/// Stacks are derived from the photos (`StackFinder`), never saved: they form whatever order
/// the files came in, and come back when the library is read again. Edits, marks and trash
/// apply to every member (`PhotoLibrary.withStackMembers`).
public struct PhotoStack: Sendable, Equatable {
    public enum Kind: UInt8, Sendable {
        /// A RAW file with the JPEG the camera wrote beside it.
        case rawJPEG
        /// A still with its motion part, a MOV.
        case live

        /// The tile's badge: "RAW+JPEG", "LIVE".
        public var badge: String {
            switch self {
            case .rawJPEG: "RAW+JPEG"
            case .live: "LIVE"
            }
        }
    }

    /// What one member knows of its stack (`Photo.stack`).
    public struct Membership: Sendable, Equatable {
        /// The stack's id: its cover's photo id (`"stack"` in `--json`).
        public var id: String
        public var kind: Kind
        /// Whether this member is the still that stands for the stack.
        public var isCover: Bool
    }

    /// Its cover's photo id.
    public var id: String
    public var kind: Kind
    /// The cover first, then the other members by path.
    public var memberIDs: [String]
}
