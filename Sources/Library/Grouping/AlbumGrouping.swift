/// By album (issue 23): the album folders and albums ("Trips › Italy 2024"); a photo is in
/// the folder of each album it is in, photos in none in "Not in an album", last.
public struct AlbumGrouping: Grouping {
    /// Each album's name by id, read once from the library.
    let names: [String: String]

    public init(library: PhotoLibrary) {
        names = Dictionary(uniqueKeysWithValues: library.albums.map { ($0.id, $0.name) })
    }

    public func keys(of photo: Photo) -> [String] { paths(of: photo)[0] }

    public func paths(of photo: Photo) -> [[String]] {
        let paths = photo.edits.albums.keys.compactMap { names[$0] }.sorted().map { $0.split(separator: "/").map(String.init) }
        return paths.isEmpty ? [[""]] : paths
    }

    public var putsPhotosInSeveralFolders: Bool { true }

    public func folder(for keys: [String]) -> FolderStep {
        keys == [""] ? FolderStep(id: "noalbum", name: "Not in an album", rank: 1)
            : FolderStep(id: FolderStep.id("a", keys.map(SearchText.fold).joined(separator: "\n")), name: keys[keys.count - 1])
    }
}
