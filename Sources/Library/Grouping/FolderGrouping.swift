/// By folder on disk: the folder tree below the folder all photos share, a folder opening to
/// its subfolders and photos; folders in natural order ("Trip 2" before "Trip 10", case ignored). Photos
/// directly in that shared folder are in a folder of its name.
///
/// Photos from a web feed are not grouped by where their downloads went but by where they came
/// from: a folder per feed (named by its address), holding a folder per album (`albumId`).
public struct FolderGrouping: Grouping {
    /// The folder every photo is in or below ("/" when they share none), without a trailing "/".
    public let root: String

    public init(root: String) {
        self.root = root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root
    }

    /// Grouping below the folder all of `library`'s photos share.
    public init(library: PhotoLibrary) {
        var common: [Substring]?
        var seen = Set<Substring>()
        for photo in library.photos where photo.feedURL == nil {
            let folder = Self.folder(of: photo.path)
            guard seen.insert(folder).inserted else { continue }   // most photos share a folder
            let parts = folder.split(separator: "/")
            guard let known = common else {
                common = parts
                continue
            }
            common = Array(zip(known, parts).prefix { $0 == $1 }.map(\.0))
        }
        self.init(root: "/" + (common ?? []).joined(separator: "/"))
    }

    public func keys(of photo: Photo) -> [String] {
        if let feed = photo.feedURL {
            return [Self.feedMarker + feed] + (photo.albumID.map { [$0] } ?? [])
        }
        // Bytes, not characters: this runs for every photo.
        let folder = Self.folder(of: photo.path).utf8
        let skip = root == "/" ? 1 : root.utf8.count + 1
        guard folder.count > skip else { return [""] }
        return folder.dropFirst(skip).split(separator: 0x2F).map { String(Substring($0)) }
    }

    /// Starts the first key of a feed's photos: no folder name on disk starts with it.
    static let feedMarker = "\u{0}feed "

    public func folder(for keys: [String]) -> FolderStep {
        if let first = keys.first, first.hasPrefix(Self.feedMarker) {
            let feed = String(first.dropFirst(Self.feedMarker.count))
            guard keys.count > 1 else { return FolderStep(id: FolderStep.id("w", feed), name: Self.feedName(feed)) }
            return FolderStep(id: FolderStep.id("w", feed + "\u{0}" + keys[1]), name: "Album " + keys[1])
        }
        guard keys != [""] else {
            let name = root == "/" ? "/" : String(root.split(separator: "/").last ?? "/")
            return FolderStep(id: FolderStep.id("f", root), name: PathBytes.display(name))
        }
        return FolderStep(id: FolderStep.id("f", root + "/" + keys.joined(separator: "/")),
                          name: PathBytes.display(keys[keys.count - 1]))
    }

    /// Folders on disk join into one step named by their path ("home/anna/Pictures/2019"),
    /// keeping the innermost folder's id; a feed and its album stay apart.
    public func joined(_ parent: FolderStep, _ child: FolderStep) -> FolderStep? {
        guard parent.id.hasPrefix("f"), child.id.hasPrefix("f") else { return nil }
        return FolderStep(id: child.id, name: parent.name + "/" + child.name, rank: child.rank)
    }

    public var joinsFolders: Bool { true }

    public func precedes(_ a: PhotoFolder, _ b: PhotoFolder) -> Bool {
        switch PhotoSort.naturalOrder(a.name, b.name) {
        case .orderedAscending: true
        case .orderedDescending: false
        case .orderedSame: a.id < b.id
        }
    }

    /// A feed's address as a folder name: without the scheme, "photos.example.org/feed.json".
    static func feedName(_ url: String) -> String {
        let name = url.split(separator: "://", maxSplits: 1).last.map(String.init) ?? url
        return name.strippingControlCharacters
    }

    /// The folder part of a path, without the trailing "/".
    static func folder(of path: String) -> Substring {
        guard let slash = path.utf8.lastIndex(of: 0x2F) else { return "" }
        return slash == path.startIndex ? "/" : path[..<slash]
    }
}
