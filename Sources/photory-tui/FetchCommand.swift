import ArgumentParser
import Foundation
import Library

/// `photory-tui fetch [--all] [PATH_OR_ID...]`: downloads the originals of web photos imported
/// with their thumbnail only, ahead of time (for offline use).
struct FetchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Download the originals of web photos imported without them, for offline use.",
        discussion: """
            Photos from a feed with thumbnails are imported with their thumbnail only; their originals are \
            downloaded when opened, or by this command. Names photos by id or path, or --all for every web \
            photo whose original is not here (not downloaded yet, or its file gone). Each failure is listed \
            with its URL and reason; what downloaded is saved once at the end (also when interrupted). Exits 1 \
            when a download failed.
            """)

    @OptionGroup var options: LibraryOptions
    @OptionGroup var download: DownloadOptions
    @Flag(name: .long, help: "Every web photo whose original is not downloaded.") var all = false
    @Argument(help: ArgumentHelp("Photos by id or path.", valueName: "path-or-id")) var photos: [String] = []

    func validate() throws {
        if !all && photos.isEmpty { throw ValidationError("name photos by id or path, or give --all") }
    }

    /// Whether `photo` is a web photo whose original is not on disk.
    static func needsOriginal(_ photo: Photo) -> Bool {
        photo.sourceURL != nil && (!photo.isDownloaded || !PathBytes.exists(photo.path))
    }

    func run() throws {
        var interruptedBy: Int32?
        try reportingFailures {
            let library = try options.loadForReading(checkMissing: false)
            var targets: [Photo] = []
            var skipped: [String] = []
            if all {
                targets = library.photos.filter(Self.needsOriginal)
            }
            for photo in try options.photos(named: photos, in: library) where !targets.contains(where: { $0.id == photo.id }) {
                if photo.sourceURL == nil {
                    skipped.append("not from the web: \(PathBytes.display(photo.path))")
                } else if Self.needsOriginal(photo) {
                    targets.append(photo)
                } else {
                    skipped.append("already downloaded: \(PathBytes.display(photo.path))")
                }
            }
            let bar = ProgressBar()
            let cancellation = ImportCancellation()
            let interrupt = InterruptWatcher { cancellation.cancel() }
            let results = options.originalDownloader(download).download(targets, cancellation: cancellation, progress: bar.update)
            bar.clear()
            interruptedBy = interrupt.signal
            let downloaded = results.compactMap { try? $0.result.get() }
            // The report comes first, also when the library cannot be saved.
            var notSaved: (any Error)?
            if !downloaded.isEmpty {
                do {
                    _ = try OriginalDownloader.record(downloaded, in: options.store)
                } catch {
                    notSaved = error
                }
            }
            for line in skipped { say(line.strippingControlCharacters) }
            for case let (_, .failure(error)) in results {
                say("failed  \(error.url.strippingControlCharacters): \(error.description.strippingControlCharacters)")
            }
            var parts = ["\(downloaded.count) downloaded"]
            let failed = results.count - downloaded.count
            if failed > 0 { parts.append("\(failed) failed") }
            if cancellation.isCancelled { parts.append("cancelled after \(results.count) of \(targets.count)") }
            say(targets.isEmpty ? "nothing to download" : parts.joined(separator: ", "))
            if let notSaved {
                throw CommandFailure("the \(downloaded.count) originals downloaded are not in the library: \(notSaved)")
            }
            if failed > 0 && !cancellation.isCancelled { throw ExitCode(1) }
        }
        if let signal = interruptedBy { throw ExitCode(128 + signal) }
    }
}
