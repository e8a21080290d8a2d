import Library

/// Web photos imported from a feed come with a thumbnail only: their originals are downloaded
/// when the photo view shows them, and the photos either side are fetched ahead.
extension AppState {
    /// Whether any photo came from a web feed (`R` refreshes them).
    var hasFeeds: Bool { library.photos.contains { $0.feedURL != nil } }

    /// How far on either side of the photo on screen originals are fetched ahead.
    static let downloadAhead = 1

    /// The originals the photo view wants, the photo on screen first: not downloaded, from the
    /// web, and not failed (a failed one is not asked for again until the user leaves the view).
    var wantedOriginals: [Photo] {
        guard case let .detail(_, index) = screen, let group = currentGroup else { return [] }
        let positions = [index] + (1...Self.downloadAhead).flatMap { [index + $0, index - $0] }
        return positions.compactMap { i in
            guard group.photoIDs.indices.contains(i), let photo = library.photo(id: group.photoIDs[i]),
                  !photo.isDownloaded, !photo.missing, photo.sourceURL != nil,
                  originalDownloads[photo.id]?.failure == nil else { return nil }
            return photo
        }
    }

    /// Tells the download queue what is wanted now, when that changed. Leaving the photo view
    /// forgets the failures.
    mutating func wantOriginals() -> [Effect] {
        if case .detail = screen {} else { originalDownloads = originalDownloads.filter { $0.value.failure == nil } }
        let wanted = wantedOriginals
        guard wanted.map(\.id) != originalsAskedFor else { return [] }
        originalsAskedFor = wanted.map(\.id)
        for photo in wanted where originalDownloads[photo.id] == nil { originalDownloads[photo.id] = OriginalDownload() }
        return [.wantOriginals(wanted)]
    }

    mutating func originalProgress(photoID: String, _ transfer: WebTransfer) {
        guard originalDownloads[photoID] != nil, originalDownloads[photoID]?.failure == nil else { return }
        originalDownloads[photoID]?.transfer = transfer
    }

    /// Photos that were waiting for their download and are not wanted any more.
    mutating func originalsDropped(_ ids: [String]) {
        for id in ids where originalDownloads[id]?.failure == nil { originalDownloads[id] = nil }
    }

    /// The original is on disk and in the library file (`downloaded` as saved), or it failed.
    /// Only this photo changes here: the rest of the library on screen is newer than any copy
    /// a download thread saw. The info panel reads the file's details.
    mutating func originalDownloaded(photoID: String, _ result: Result<Photo, Failure>) -> [Effect] {
        switch result {
        case let .success(downloaded):
            originalDownloads[photoID] = nil
            downloadedOriginals[photoID] = downloaded
            // In place, like an edit: what the new file touched (its path, maybe its date or
            // camera) is followed by the tree and the index; the rest stays.
            let changed = downloadsToApply(in: library)
            if !changed.isEmpty {
                editInPlace(touching: changed.map(\.id)) { $0.update(changed) }
                previews.removeFailures()
            }
            if infoDetails?.photoID == photoID { infoDetails = nil }
            return wantDetails()
        case let .failure(failure):
            // The photo view says why under the photo (the status line keeps its name and position).
            originalDownloads[photoID] = OriginalDownload(failure: failure.message)
            return []
        }
    }

    /// Gives `library`'s photos the files downloaded in this session that it does not know
    /// yet (a copy saved before the download); forgets those it knows. True when one changed.
    mutating func applyDownloads(to library: inout PhotoLibrary) -> Bool {
        let changed = downloadsToApply(in: library)
        if !changed.isEmpty { library.update(changed) }
        return !changed.isEmpty
    }

    /// `library`'s photos with the files downloaded in this session that it does not know yet;
    /// those it knows are forgotten.
    private mutating func downloadsToApply(in library: PhotoLibrary) -> [Photo] {
        var changed: [Photo] = []
        for (id, downloaded) in downloadedOriginals {
            guard var photo = library.photo(id: id) else {
                downloadedOriginals[id] = nil
                continue
            }
            if photo.isDownloaded && photo.path == downloaded.path {
                downloadedOriginals[id] = nil
                continue
            }
            photo.takeFile(of: downloaded, contentID: downloaded.contentID)
            changed.append(photo)
        }
        return changed
    }
}
