/// The groupings the browser cycles through and `groups --by` takes.
public enum GroupingKind: String, CaseIterable, Sendable, Codable {
    case description, date, camera, place, folder, tag
    // Albums (issue 23)
    case album

    /// How the grouping is named in titles and help: "by date".
    public var title: String {
        switch self {
        case .description: "Description"
        case .date: "Date"
        case .camera: "Camera"
        case .place: "Place"
        case .folder: "Folder"
        case .tag: "Tag"
        case .album: "Album"
        }
    }


    /// The strategy for `library` (the folder grouping starts from the folder its photos
    /// share; the place grouping names places with `places`).
    public func grouping(for library: PhotoLibrary, places: PlaceLookup? = nil) -> any Grouping {
        switch self {
        case .description: DescriptionGrouping()
        case .date: DateGrouping()
        case .camera: CameraGrouping()
        case .place: PlaceGrouping(places: places)
        case .folder: FolderGrouping(library: library)
        case .tag: TagGrouping()
        case .album: AlbumGrouping(library: library)
        }
    }
}
