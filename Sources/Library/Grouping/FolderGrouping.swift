/// By folder on disk: the folder tree below the folder all photos share, a folder opening to
/// its subfolders and photos; folders in natural order ("Trip 2" before "Trip 10"). Photos
/// directly in that shared folder are in a folder of its name.
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
        for photo in library.photos {
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
        let folder = Self.folder(of: photo.path)
        let below = folder.count > root.count ? folder.dropFirst(root == "/" ? 1 : root.count + 1) : ""
        return below.isEmpty ? [""] : below.split(separator: "/").map(String.init)
    }

    public func folder(for keys: [String]) -> FolderStep {
        guard keys != [""] else {
            let name = root == "/" ? "/" : String(root.split(separator: "/").last ?? "/")
            return FolderStep(id: FolderStep.id("f", root), name: PathBytes.display(name))
        }
        return FolderStep(id: FolderStep.id("f", root + "/" + keys.joined(separator: "/")),
                          name: PathBytes.display(keys[keys.count - 1]))
    }

    public func precedes(_ a: PhotoFolder, _ b: PhotoFolder) -> Bool {
        switch PhotoSort.naturalOrder(Array(SearchText.fold(a.name).utf8), Array(SearchText.fold(b.name).utf8)) {
        case .orderedAscending: true
        case .orderedDescending: false
        case .orderedSame: a.id < b.id
        }
    }

    /// The folder part of a path, without the trailing "/".
    static func folder(of path: String) -> Substring {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : path[..<slash]
    }
}
