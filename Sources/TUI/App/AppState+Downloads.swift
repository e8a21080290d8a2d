import Library

/// Web photos imported from a feed come with a thumbnail only: their originals are downloaded
/// when the detail view shows them, and the photos either side are fetched ahead.
extension AppState {
    /// Whether any photo came from a web feed (`R` refreshes them).
    var hasFeeds: Bool { library.photos.contains { $0.feedURL != nil } }

    /// How far on either side of the photo on screen originals are fetched ahead.
    static let downloadAhead = 1

    /// Asks for the originals the detail view needs that are neither here nor on their way.
    /// A failed one is not asked for again until the user leaves the detail view.
    mutating func wantOriginals() -> [Effect] {
        guard case let .detail(_, index) = screen, let group = currentGroup else {
            originalDownloads = originalDownloads.filter { $0.value.failure == nil }
            return []
        }
        var effects: [Effect] = []
        let wanted = [index] + (1...Self.downloadAhead).flatMap { [index + $0, index - $0] }
        for i in wanted where group.photoIDs.indices.contains(i) {
            let id = group.photoIDs[i]
            guard originalDownloads[id] == nil, let photo = library.photo(id: id), !photo.isDownloaded,
                  !photo.missing, photo.sourceURL != nil else { continue }
            originalDownloads[id] = OriginalDownload()
            effects.append(.downloadOriginal(photo))
        }
        return effects
    }

    mutating func originalProgress(photoID: String, _ transfer: WebTransfer) {
        guard originalDownloads[photoID]?.failure == nil, originalDownloads[photoID] != nil else { return }
        originalDownloads[photoID]?.transfer = transfer
    }

    /// The original is on disk and in the library file (`library` as saved), or it failed.
    /// The info panel's details are read again from the file that is there now.
    mutating func originalDownloaded(photoID: String, _ result: Result<PhotoLibrary, Failure>) -> [Effect] {
        switch result {
        case let .success(saved):
            originalDownloads[photoID] = nil
            installFromDisk(saved)
            if infoDetails?.photoID == photoID { infoDetails = nil }
            return wantDetails()
        case let .failure(failure):
            originalDownloads[photoID] = OriginalDownload(failure: failure.message)
            if detailPhoto?.id == photoID { status = "Could not download the original: " + failure.message }
            return []
        }
    }
}
