/// By tag: the tag tree ("Places › Italy › Rome"); a photo is in the folder of each of its
/// tags (and so under every level above), photos without tags in "No tags", last.
public struct TagGrouping: Grouping {
    public init() {}

    public func keys(of photo: Photo) -> [String] { paths(of: photo)[0] }

    public func paths(of photo: Photo) -> [[String]] {
        let tags = photo.tags
        return tags.isEmpty ? [[""]] : tags.map { $0.split(separator: "/").map(String.init) }
    }

    public var putsPhotosInSeveralFolders: Bool { true }

    public func folder(for keys: [String]) -> FolderStep {
        keys == [""] ? FolderStep(id: "notags", name: "No tags", rank: 1)
            : FolderStep(id: FolderStep.id("t", keys.map(SearchText.fold).joined(separator: "\n")), name: keys[keys.count - 1])
    }
}
