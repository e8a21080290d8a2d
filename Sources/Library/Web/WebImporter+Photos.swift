import Foundation

/// Getting one photo of a web import: its original (downloaded, saved, read like any file), or
/// only its thumbnail (the photo recorded as not downloaded).
extension WebImporter {
    /// What one job gave.
    enum Fetched: Sendable {
        /// The original, downloaded and read (or why not).
        case analysed(PhotoAnalyzer.Result)
        /// A photo recorded without its original; `problem` says why it has no thumbnail.
        case lazy(Photo, problem: ImportFileResult?)
    }

    /// The original of `job`: its bytes (downloaded unless given), written to its file, read like
    /// any file. nil when cancelling cut the download short.
    func fetchOriginal(_ job: Job, analyzer: PhotoAnalyzer, importedAt: Double, cancellation: ImportCancellation,
                       progress: @escaping @Sendable (WebTransfer) -> Void) -> (fetched: Fetched, bytes: Int64)? {
        let body: [UInt8]
        if let given = job.body {
            body = given
        } else {
            do {
                body = try fetcher.fetch(WebRequest(url: job.item.url, kind: .image), cancellation: cancellation,
                                         progress: progress).body
            } catch {
                if case .cancelled = error { return nil }
                return (.analysed(.failure(Self.outcome(of: error))), 0)
            }
        }
        // A body given was counted when the user's URL was fetched to see what it is.
        let received = job.body == nil ? Int64(body.count) : 0
        let format = body.withUnsafeBytes { PhotoFormats.format(of: $0) }
        guard format != nil else {
            let reason = body.withUnsafeBytes { PhotoFormats.unknownFormatReason($0) }
            return (.analysed(.failure(.unsupported(reason: WebError.notAnImage(url: "", reason: reason).description))),
                    received)
        }
        let path = downloads.path(for: job.item.url, format: format)
        do {
            try downloads.write(body, to: path)
        } catch {
            return (.analysed(.failure(.unreadable(reason: error.description))), received)
        }
        var result = analyzer.analyze(path: path, importedAt: importedAt)
        switch result {
        case var .photo(photo, note):
            Self.apply(job.item, feedURL: job.feedURL, to: &photo)
            result = .photo(photo, note: note)
        case .failure:
            unlink(path)   // a broken download is not kept
        }
        return (.analysed(result), received)
    }

    /// `job`'s photo without its original: its thumbnail fetched and stored under the photo's
    /// thumbnail key. A thumbnail that cannot be fetched or read falls back to the original
    /// (downloaded, its thumbnail made from it, with a note saying why); when the original
    /// fails too, the item is not imported: one outcome names it with both reasons (issue 24,
    /// feeds that keep their word). nil when cancelling cut the download short.
    func fetchThumbnail(_ job: Job, importedAt: Double, cancellation: ImportCancellation,
                        progress: @escaping @Sendable (WebTransfer) -> Void) -> (fetched: Fetched, bytes: Int64)? {
        let photo = lazyPhoto(job.item, feedURL: job.feedURL, at: importedAt)
        guard let thumbnailURL = job.item.thumbnailURL else { return (.lazy(photo, problem: nil), 0) }
        guard let stored = storeThumbnail(of: photo, from: thumbnailURL, cancellation: cancellation, progress: progress)
        else { return nil }
        if let problem = stored.problem {
            return fallBackToOriginal(job, thumbnailProblem: problem, thumbnailBytes: stored.bytes, importedAt: importedAt,
                                      cancellation: cancellation, progress: progress)
        }
        // The browser lays the photo out with its thumbnail's shape (upright) until the
        // original's size is known; the shape is not the photo's size.
        var shaped = photo
        if let shape = stored.shape { (shaped.thumbnailWidth, shaped.thumbnailHeight) = shape }
        return (.lazy(shaped, problem: stored.problem), stored.bytes)
    }

    /// The original of `job`, whose thumbnail failed (`thumbnailProblem`): a photo with a note
    /// naming the thumbnail's problem, or one failure with both reasons.
    private func fallBackToOriginal(_ job: Job, thumbnailProblem: ImportFileResult, thumbnailBytes: Int64,
                                    importedAt: Double, cancellation: ImportCancellation,
                                    progress: @escaping @Sendable (WebTransfer) -> Void) -> (fetched: Fetched, bytes: Int64)? {
        guard let original = fetchOriginal(job, analyzer: PhotoAnalyzer(thumbnails: thumbnails), importedAt: importedAt,
                                           cancellation: cancellation, progress: progress) else { return nil }
        let thumbnailReason = (thumbnailProblem.reason ?? "").replacingOccurrences(of: "no thumbnail: ", with: "")
        let bytes = thumbnailBytes + original.bytes
        switch original.fetched {
        case let .analysed(.photo(photo, note)):
            let fellBack = "thumbnail failed (\(thumbnailReason)): made from the original"
            return (.analysed(.photo(photo, note: [fellBack, note].compactMap { $0 }.joined(separator: "; "))), bytes)
        case let .analysed(.failure(outcome)):
            let reason = "thumbnail: \(thumbnailReason); original: \(outcome.reason ?? "unknown")"
            let both: ImportOutcome = switch outcome {
            case .unsupported: .unsupported(reason: reason)
            case .corrupt: .corrupt(reason: reason)
            default: .unreadable(reason: reason)
            }
            return (.analysed(.failure(both)), bytes)
        case .lazy:
            return original
        }
    }

    /// Fetches the thumbnail at `url` and stores it as `photo`'s (under `ThumbnailStore.Key(of:)`).
    /// Returns the problem when it cannot be fetched or read (nothing is stored then), the
    /// stored thumbnail's size, and the bytes received; nil when cancelling cut the download short.
    func storeThumbnail(of photo: Photo, from url: URL, cancellation: ImportCancellation,
                        progress: @escaping @Sendable (WebTransfer) -> Void)
        -> (problem: ImportFileResult?, shape: (width: Int, height: Int)?, bytes: Int64)? {
        guard let thumbnails else { return (nil, nil, 0) }
        let body: [UInt8]
        do {
            body = try fetcher.fetch(WebRequest(url: url, kind: .image), cancellation: cancellation, progress: progress).body
        } catch {
            if case .cancelled = error { return nil }
            return (Self.thumbnailProblem(url, Self.outcome(of: error)), nil, 0)
        }
        let entry = body.withUnsafeBytes { raw in
            thumbnails.make(ThumbnailStore.Key(of: photo), from: raw, orientation: Self.orientation(of: raw))
        }
        switch entry {
        case let .failed(reason): return (Self.thumbnailProblem(url, .corrupt(reason: reason)), nil, Int64(body.count))
        case let .thumbnail(image): return (nil, (image.width, image.height), Int64(body.count))
        }
    }

    /// A feed item's photo before its original is downloaded: id from its URL, file where the
    /// original will go, imported at `time`; no pixel size and no date (unknown until the
    /// original comes) unless the feed gives them.
    public func lazyPhoto(_ item: WebFeed.Item, feedURL: String?, at time: Double) -> Photo {
        let url = item.url.absoluteString
        var photo = Photo(id: Photo.webID(for: url), path: downloads.path(for: item.url), fileSize: 0,
                          fileModified: time, width: 0, height: 0, takenAt: nil, takenAtSource: nil, importedAt: time)
        photo.isDownloaded = false
        Self.apply(item, feedURL: feedURL, to: &photo)
        return photo
    }

    /// What a feed says of a photo: its source, feed and album, its title as the description
    /// (a photo without a title keeps its file's description), and while its original is not
    /// downloaded, its size and date (unknown when the feed does not say).
    static func apply(_ item: WebFeed.Item, feedURL: String?, to photo: inout Photo) {
        photo.sourceURL = item.url.absoluteString
        photo.feedURL = feedURL
        photo.albumID = item.albumID
        if !photo.isDownloaded {
            (photo.width, photo.height) = (item.width ?? 0, item.height ?? 0)
            photo.fileTakenAt = item.takenAt
            photo.fileTakenAtSource = item.takenAt == nil ? nil : .feed
        }
        if let title = item.title {
            photo.fileDescription = title
            photo.fileDescriptionSource = .feed
        }
    }

    /// The thumbnail's problem, as a result of its own naming the thumbnail's URL.
    private static func thumbnailProblem(_ url: URL, _ outcome: ImportOutcome) -> ImportFileResult {
        let reason = "no thumbnail: " + (outcome.reason ?? "")
        let problem: ImportOutcome = switch outcome {
        case .unsupported: .unsupported(reason: reason)
        case .corrupt: .corrupt(reason: reason)
        default: .unreadable(reason: reason)
        }
        return ImportFileResult(path: url.absoluteString, outcome: problem)
    }

    /// The EXIF orientation of an image in memory (1 when it has none or cannot be read).
    private static func orientation(of raw: UnsafeRawBufferPointer) -> Int {
        guard let format = PhotoFormats.format(of: raw), let info = try? format.inspect(raw) else { return 1 }
        return info.orientation
    }
}
