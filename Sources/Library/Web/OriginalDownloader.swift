import Foundation

/// Downloads the originals of web photos imported without them (`Photo.isDownloaded == false`),
/// for the detail view and `photory-tui fetch`.
///
/// The photo keeps its id (made from its URL), so its place in groups, its edits and its undo
/// history stay as they are; the file's own fingerprint goes to `contentID`. Nothing is left on
/// disk when the download fails: a 404, an HTML page served as a photo, a truncated body or a
/// cancel all throw before the file is written, and the file is written atomically.
public struct OriginalDownloader: Sendable {
    public var fetcher: any HTTPFetching
    public var downloads: DownloadFolder
    /// Where the photo's grid thumbnail is made from the original; nil makes none.
    public var thumbnails: ThumbnailStore?

    public init(fetcher: any HTTPFetching, downloads: DownloadFolder, thumbnails: ThumbnailStore?) {
        self.fetcher = fetcher
        self.downloads = downloads
        self.thumbnails = thumbnails
    }

    /// Downloads `photo`'s original (its `sourceURL`) to `photo.path` atomically, reads it, and
    /// returns the photo as it is now: downloaded, with the file's metadata (size, pixels,
    /// orientation, date, camera, GPS…), the same id (the file's fingerprint in `contentID` when
    /// it differs), and its edits, feed title, feed, album and source kept. Throws a reason
    /// naming the URL.
    public func download(_ photo: Photo, cancellation: ImportCancellation?,
                         progress: @escaping @Sendable (WebTransfer) -> Void) throws(WebError) -> Photo {
        guard let source = photo.sourceURL, let url = URL(string: source) else {
            throw .unsupportedURL(photo.sourceURL ?? PathBytes.display(photo.path))
        }
        let body = try fetcher.fetch(WebRequest(url: url, kind: .image), cancellation: cancellation,
                                     progress: progress).body
        let path = photo.path.isEmpty ? downloads.path(for: url) : photo.path
        // Read as a photo beside its place first: a file already there (downloaded by another
        // photory) is replaced only by one that reads.
        let incoming: AtomicFile.Pending
        do {
            incoming = try downloads.prepare(body, for: path)
        } catch {
            throw .unusable(url: source, reason: error.description)
        }
        switch PhotoAnalyzer(thumbnails: nil).analyze(path: incoming.temporaryPath, importedAt: photo.importedAt) {
        case let .failure(outcome):
            incoming.discard()
            throw .unusable(url: source, reason: outcome.reason ?? "cannot be read as a photo")
        case var .photo(file, _):
            do {
                try incoming.commit()
            } catch {
                throw .unusable(url: source, reason: "cannot save \(PathBytes.display(path)): \(error.reason)")
            }
            file.path = path
            var downloaded = photo
            downloaded.takeFile(of: file, contentID: file.id == photo.id ? nil : file.id)
            if let thumbnails {
                let thumbnail = body.withUnsafeBytes { raw in
                    thumbnails.prepare(ThumbnailStore.Key(of: downloaded), from: raw, orientation: downloaded.fileOrientation)
                }
                downloaded.setLookAlikeHashes(from: thumbnail)
            }
            return downloaded
        }
    }

    /// Downloads the originals of `photos` on `workers` threads (the fetcher also caps connections
    /// per host), reporting `.photos` progress: photos finished of all, bytes received (downloads
    /// under way included), the URL. Returns what became of each photo reached, in the order
    /// given; photos not reached because of cancelling, and downloads cut by it, are left out.
    public func download(_ photos: [Photo], workers: Int = 4, cancellation: ImportCancellation?,
                         progress: @escaping @Sendable (ImportProgress) -> Void = { _ in })
        -> [(photo: Photo, result: Result<Photo, WebError>)] {
        let book = DownloadBook<Result<Photo, WebError>>(count: photos.count, phase: .photos)
        let queue = WorkQueue(Array(photos.indices))
        progress(book.snapshot(nil))
        if !photos.isEmpty {
            WebImporter.onThreads(min(max(1, workers), photos.count)) {
                while cancellation?.isCancelled != true, let index = queue.next() {
                    let url = photos[index].sourceURL ?? ""
                    let result = Result { () throws(WebError) -> Photo in
                        try download(photos[index], cancellation: cancellation) { transfer in
                            progress(book.progress(transfer.received, current: url))
                        }
                    }
                    if case .failure(.cancelled) = result { continue }
                    let bytes = (try? result.get().fileSize) ?? 0
                    progress(book.finish(index, result, bytes: bytes, current: url))
                }
            }
        }
        return photos.indices.compactMap { index in book.result(index).map { (photos[index], $0) } }
    }

    /// Saves downloaded photos through the store (`LibraryStoring.recordDownloads`).
    public static func record(_ photos: [Photo], in store: any LibraryStoring, lockTimeout: Double = 10)
        throws(LibraryStoreError) -> PhotoLibrary {
        try store.recordDownloads(photos, lockTimeout: lockTimeout)
    }
}

extension LibraryStoring {
    /// The whole-library transaction (`update`) for downloaded originals: replaces these photos
    /// (by id) in the library as it is now, keeping everything else; returns the library as
    /// saved. Only what the download changed is taken over: edits, feed details and the
    /// left-feed mark are the library's as they are now (an edit made while the photo downloaded
    /// is kept). Ids no longer in the library are ignored.
    public func recordDownloads(_ photos: [Photo], lockTimeout: Double = 10) throws(LibraryStoreError) -> PhotoLibrary {
        try update(lockTimeout: lockTimeout) { library in
            var changed: [Photo] = []
            for downloaded in photos {
                guard var current = library.photo(id: downloaded.id) else { continue }
                current.takeFile(of: downloaded, contentID: downloaded.contentID)
                changed.append(current)
            }
            library.update(changed)
            return !changed.isEmpty
        }
    }
}

extension Photo {
    /// Takes over what the file `file` (read from disk) says: where it is, its size, pixels,
    /// orientation, date, camera and position, and its description unless the feed's title is
    /// the description. The photo is downloaded now, and missing only if it left its feed.
    public mutating func takeFile(of file: Photo, contentID: String?) {
        path = file.path
        fileSize = file.fileSize
        fileModified = file.fileModified
        width = file.width
        height = file.height
        (thumbnailWidth, thumbnailHeight) = (0, 0)
        fileOrientation = file.fileOrientation
        fileTakenAt = file.fileTakenAt
        fileTakenAtSource = file.fileTakenAtSource
        cameraMake = file.cameraMake
        cameraModel = file.cameraModel
        fileGPS = file.fileGPS
        (motionRange, motionDuration) = (file.motionRange, file.motionDuration)   // Motion Photos (issue 21)
        if fileDescriptionSource != .feed {
            fileDescription = file.fileDescription
            fileDescriptionSource = file.fileDescriptionSource
        }
        self.contentID = contentID
        isDownloaded = true
        missing = isMissing(fileExists: true)
    }
}
