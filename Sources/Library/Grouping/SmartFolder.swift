/// Folders the home grid shows before the groups: they gather photos from every group.
///
/// To add one: a case, its title, the photos it gathers in `indices(in:)`, and whether an
/// edit moves a photo in or out (`PhotoLibrary.isMember`). The Trash is the one not made of
/// library photos: its ids are those of `PhotoLibrary.trash` (newest first), which the
/// browser opens as the list of trashed photos (`TrashList`).
public enum SmartFolder: String, CaseIterable, Sendable {
    case favourites
    /// The photos of the last import run (they share its start time).
    case recentlyImported
    /// Every video, shown when there is one.
    case videos
    /// Photos whose files were not found, shown with their last known path for relinking.
    case missing
    /// Rejected photos, gathered for a last look before they go to the trash.
    case rejected
    /// What photory moved to the trash, newest first (not library photos: `PhotoLibrary.trash`).
    case trash

    public var title: String {
        switch self {
        case .favourites: "Favourites"
        case .recentlyImported: "Recently imported"
        case .videos: "Videos"
        case .missing: "Missing"
        case .rejected: "Rejected"
        case .trash: "Trash"
        }
    }

    /// Stable, and distinct from every grouping's ids.
    public var id: String { "smart-" + rawValue }

    /// Its photos, oldest first (the Trash: newest trashed first).
    public func photoIDs(in library: PhotoLibrary) -> [String] {
        if self == .trash { return Self.trashedIDs(in: library) }
        return Self.inDateOrder(indices(in: library), of: library)
    }

    /// The ids of the trashed photos, the newest trashed first.
    private static func trashedIDs(in library: PhotoLibrary) -> [String] {
        library.trash.sorted { $0.deletedAt > $1.deletedAt }.map(\.photo.id)
    }

    /// Positions in `library.photos` of its photos. Works on positions, not copies: at
    /// 100,000 photos "Recently imported" is often all of them, and this runs after every edit.
    private func indices(in library: PhotoLibrary) -> [Int] {
        let chosen = library.photos.withUnsafeBufferPointer { photos -> [Int] in
            switch self {
            case .favourites: return photos.indices.filter { photos[$0].isFavourite }
            case .missing: return photos.indices.filter { photos[$0].missing }
            case .videos: return photos.indices.filter { photos[$0].kind == .video }
            case .rejected: return photos.indices.filter { photos[$0].isRejected }
            case .trash: return []
            case .recentlyImported:
                var latest = -Double.infinity
                for photo in photos where photo.importedAt > latest { latest = photo.importedAt }
                return photos.indices.filter { photos[$0].importedAt == latest }
            }
        }
        // A stack shows once, through its cover.
        return library.stacks.isEmpty ? chosen : chosen.filter { !library.photos[$0].isHiddenInStack }
    }

    /// The ids at `indices`, oldest first (then by path).
    private static func inDateOrder(_ indices: [Int], of library: PhotoLibrary) -> [String] {
        library.photos.withUnsafeBufferPointer { photos in
            PhotoSort.dateOrder(indices, in: photos).map { photos[$0].id }
        }
    }

    /// The smart folders worth showing for `library`, in order: those with photos, and
    /// "Recently imported" only when it is not the whole library (one import so far).
    public static func folders(in library: PhotoLibrary) -> [PhotoFolder] {
        allCases.compactMap { smart in
            if smart == .trash {
                let ids = trashedIDs(in: library)
                guard let first = ids.first else { return nil }
                return PhotoFolder(id: smart.id, name: smart.title, photoIDs: ids, coverID: first, firstTakenAt: "", lastTakenAt: "")
            }
            // Counted before sorting: "Recently imported" is usually the whole library.
            let chosen = smart.indices(in: library)
            guard !chosen.isEmpty, smart != .recentlyImported || chosen.count < library.photos.count else { return nil }
            let ids = inDateOrder(chosen, of: library)
            guard let first = ids.first else { return nil }
            // Unknown dates come last: the span is that of the known ones.
            let dates = ids.lazy.compactMap { library.photo(id: $0)?.takenAt }
            return PhotoFolder(id: smart.id, name: smart.title, photoIDs: ids, coverID: first,
                               firstTakenAt: dates.first ?? "", lastTakenAt: dates.reversed().first ?? "")
        }
    }
}
