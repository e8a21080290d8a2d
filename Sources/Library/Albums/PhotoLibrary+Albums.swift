import Foundation

/// The library's albums (`Album`): looking them up, their members and pages, and keeping both
/// in step with edits. Membership is read from the photos' edits once when the library is
/// indexed (`makeAlbumMembers`), then followed edit by edit (`followAlbumMembers`): an album
/// edit costs the photos it names and the albums it touches, never a pass over the library.
extension PhotoLibrary {
    // MARK: - Look-up

    public func album(id: String) -> Album? { albums.first { $0.id == id } }

    /// The album named `name` (compared by `Album.key`: case and accents ignored).
    public func album(named name: String) -> Album? {
        let key = Album.key(name)
        return albums.first { Album.key($0.name) == key }
    }

    /// The albums `name` names: the album of that name, else every album in the album folder
    /// of that name ("Trips" → "Trips/Italy 2024", "Trips/Japan").
    public func albums(under name: String) -> [Album] {
        if let album = album(named: name) { return [album] }
        let key = Album.key(name)
        return albums.filter { $0.isIn(folderKey: key) }
    }

    /// How many photos are in the album.
    public func albumCount(_ albumID: String) -> Int { albumMembers[albumID]?.count ?? 0 }

    /// The album's photos in its order: by hand (each photo's place), or its sort.
    public func photoIDs(inAlbum albumID: String) -> [String] {
        let members = Array(albumMembers[albumID] ?? [])
        if let sort = album(id: albumID)?.sort { return sort.sorted(members, in: self) }
        let positions = members.map { id in photo(id: id)?.edits.albums[albumID] ?? 0 }
        return members.indices.sorted { (positions[$0], members[$0]) < (positions[$1], members[$1]) }.map { members[$0] }
    }

    /// The albums `photoID` is in, by name.
    public func albums(of photoID: String) -> [Album] {
        guard let photo = photo(id: photoID) else { return [] }
        return albums.filter { photo.edits.albums[$0.id] != nil }
    }

    // MARK: - Keeping in step

    /// Every album's members, read from the photos' edits (when the library is indexed).
    static func makeAlbumMembers(_ photos: [Photo]) -> [String: Set<String>] {
        var members: [String: Set<String>] = [:]
        for photo in photos { for albumID in photo.edits.albums.keys { members[albumID, default: []].insert(photo.id) } }
        return members
    }

    /// The members follow photos' edits about to be set; returns the albums whose photos or
    /// order change (call before the edits are set).
    mutating func followAlbumMembers(_ edits: [(photoID: String, edits: PhotoEdits)]) -> Set<String> {
        var touched = Set<String>()
        for (id, new) in edits {
            guard let index = indexByID[id] else { continue }
            let old = photos[index].edits.albums
            guard old != new.albums else { continue }
            for (albumID, position) in old where new.albums[albumID] != position { touched.insert(albumID) }
            for (albumID, position) in new.albums where old[albumID] != position { touched.insert(albumID) }
            for albumID in old.keys where new.albums[albumID] == nil { albumMembers[albumID]?.remove(id) }
            for albumID in new.albums.keys where old[albumID] == nil { albumMembers[albumID, default: []].insert(id) }
        }
        return touched
    }

    /// The members follow photos added to the library; returns the albums they joined.
    mutating func followAlbumMembers(added newPhotos: [Photo]) -> Set<String> {
        var touched = Set<String>()
        for photo in newPhotos {
            for albumID in photo.edits.albums.keys {
                albumMembers[albumID, default: []].insert(photo.id)
                touched.insert(albumID)
            }
        }
        return touched
    }

    /// Makes, renames or deletes albums (nil: deleted), then their pages.
    mutating func setAlbums(_ changes: [(albumID: String, album: Album?)]) {
        guard !changes.isEmpty else { return }
        for (id, album) in changes {
            albums.removeAll { $0.id == id }
            if let album { albums.append(album) }
        }
        albums.sort(by: Self.albumPrecedes)
        albumGroups = albums.map { album in albumGroups.first { $0.id == album.groupID && !changes.contains { $0.albumID == album.id } } ?? makeAlbumGroup(album) }
        makeSmartGroups()
    }

    /// The pages of the albums `ids` again (their photos or order changed).
    mutating func remakeAlbumGroups(_ ids: Set<String>) {
        guard !ids.isEmpty else { return }
        // Replaying the journal: every page is made once at the end (`regroupOnly`).
        if groupsDeferred { groupsAreStale = true; return }
        for index in albumGroups.indices {
            guard let albumID = Album.albumID(ofGroup: albumGroups[index].id), ids.contains(albumID),
                  let album = album(id: albumID) else { continue }
            albumGroups[index] = makeAlbumGroup(album)
        }
        makeSmartGroups()
    }

    /// An album's page: its photos in its order, its cover (the one chosen while it is in the
    /// album, else the first photo) and the span of its dates.
    func makeAlbumGroup(_ album: Album) -> PhotoGroup {
        let ids = photoIDs(inAlbum: album.id)
        let cover = album.cover.flatMap { albumMembers[album.id]?.contains($0) == true ? $0 : nil } ?? ids.first ?? ""
        let dates = ids.compactMap { photo(id: $0)?.takenAt }
        return PhotoGroup(id: album.groupID, name: album.name, photoIDs: ids, coverID: cover,
                          firstTakenAt: dates.min() ?? "", lastTakenAt: dates.max() ?? "")
    }

    /// Albums in name order (case ignored), folders' albums together.
    static func albumPrecedes(_ a: Album, _ b: Album) -> Bool {
        let order = a.name.localizedStandardCompare(b.name)
        return order != .orderedSame ? order == .orderedAscending : a.id < b.id
    }
}
