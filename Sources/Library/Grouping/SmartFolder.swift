/// Folders the home grid shows before the groups: they gather photos from every group.
public enum SmartFolder: String, CaseIterable, Sendable {
    case favourites
    /// The photos of the last import run (they share its start time).
    case recentlyImported
    /// Photos whose files were not found, shown with their last known path for relinking.
    case missing

    public var title: String {
        switch self {
        case .favourites: "Favourites"
        case .recentlyImported: "Recently imported"
        case .missing: "Missing"
        }
    }

    /// Stable, and distinct from every grouping's ids.
    public var id: String { "smart-" + rawValue }

    /// Its photos, oldest first.
    public func photoIDs(in library: PhotoLibrary) -> [String] {
        let chosen = photos(in: library)
        return PhotoSort.dateOrder(of: chosen).map { chosen[$0].id }
    }

    /// Its photos, in library order.
    private func photos(in library: PhotoLibrary) -> [Photo] {
        let photos = library.photos
        let keep: (Photo) -> Bool
        switch self {
        case .favourites: keep = \.isFavourite
        case .missing: keep = \.missing
        case .recentlyImported:
            guard let latest = photos.map(\.importedAt).max() else { return [] }
            keep = { $0.importedAt == latest }
        }
        return photos.filter(keep)
    }

    /// The smart folders worth showing for `library`, in order: those with photos, and
    /// "Recently imported" only when it is not the whole library (one import so far).
    public static func folders(in library: PhotoLibrary) -> [PhotoFolder] {
        allCases.compactMap { smart in
            // Counted before sorting: "Recently imported" is usually the whole library.
            let chosen = smart.photos(in: library)
            guard !chosen.isEmpty, smart != .recentlyImported || chosen.count < library.photos.count else { return nil }
            let ids = PhotoSort.dateOrder(of: chosen).map { chosen[$0].id }
            guard let first = ids.first, let last = ids.last,
                  let firstPhoto = library.photo(id: first), let lastPhoto = library.photo(id: last) else { return nil }
            return PhotoFolder(id: smart.id, name: smart.title, photoIDs: ids, coverID: first,
                               firstTakenAt: firstPhoto.takenAt, lastTakenAt: lastPhoto.takenAt)
        }
    }
}
