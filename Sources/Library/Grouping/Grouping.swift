import Foundation

/// A way of sorting photos into folders: it names the path of folders each photo goes in.
/// `FolderTree` does the rest (merging, counting, ordering), so a new grouping is one small
/// type. See `GroupingKind` for the ones the browser and the CLI offer.
public protocol Grouping: Sendable {
    /// The keys of the folders `photo` goes in, outermost first (at least one). Called for
    /// every photo, so keep it cheap: raw text is fine, `folder(for:)` normalises it.
    func keys(of photo: Photo) -> [String]

    /// Every folder path `photo` goes in, for a grouping that puts a photo in several folders
    /// (by tag: one per tag). By default the one path `keys(of:)` names.
    func paths(of photo: Photo) -> [[String]]

    /// Whether `paths(of:)` may give more than one path: a tree of such a grouping is built
    /// again, not updated, when an edit moves a photo. False by default.
    var putsPhotosInSeveralFolders: Bool { get }

    /// The folder a path of keys stands for (the last key's folder, inside the folders of the
    /// keys before it); called once per distinct path. Keys that give the same id under one
    /// parent share a folder, named by the first photo in library order.
    func folder(for keys: [String]) -> FolderStep

    /// Whether sibling `a` goes before `b`. By default: by rank, then by name ignoring case,
    /// then by id.
    func precedes(_ a: PhotoFolder, _ b: PhotoFolder) -> Bool

    /// The one folder that stands for `parent` and `child` when `parent` holds no photos and no
    /// other folder (a chain such as home › anna › Pictures › 2019 is one step then); nil keeps
    /// them apart, the default.
    func joined(_ parent: FolderStep, _ child: FolderStep) -> FolderStep?

    /// Whether `joined` joins any folders: a tree of such a grouping is built again, not
    /// updated, when an edit moves a photo to another folder. False by default.
    var joinsFolders: Bool { get }

    /// Whether a folder's name follows from its id alone (a month, a place), so photos joining
    /// or leaving a folder never rename it. False by default: a folder is named by its first
    /// photo in library order, as a description group by the first spelling.
    var namesFollowIDs: Bool { get }
}

extension Grouping {
    public func joined(_ parent: FolderStep, _ child: FolderStep) -> FolderStep? { nil }
    public func paths(of photo: Photo) -> [[String]] { [keys(of: photo)] }
    public var putsPhotosInSeveralFolders: Bool { false }
    public var joinsFolders: Bool { false }
    public var namesFollowIDs: Bool { false }

    public func precedes(_ a: PhotoFolder, _ b: PhotoFolder) -> Bool {
        if a.rank != b.rank { return a.rank < b.rank }
        let order = a.name.caseInsensitiveCompare(b.name)
        return order != .orderedSame ? order == .orderedAscending : a.id < b.id
    }
}

/// What `Grouping.folder(for:)` says about one folder.
public struct FolderStep: Sendable, Equatable {
    /// Stable across runs and unique in the tree (remembered cursors use it).
    public var id: String
    public var name: String
    /// 0 for ordinary folders; more for catch-alls ("Other", "Undated"), which go after them.
    public var rank: Int

    public init(id: String, name: String, rank: Int = 0) {
        self.id = id
        self.name = name
        self.rank = rank
    }

    /// A stable id: `prefix` and a hash of `key`.
    static func id(_ prefix: String, _ key: String) -> String { prefix + ContentHash.hex(of: key) }
}
