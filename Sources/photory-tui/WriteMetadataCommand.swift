import ArgumentParser
import Foundation
import Library

/// `photory-tui write-metadata`: writes the user's edits into the photos' files (JPEG EXIF) and
/// XMP sidecars, and updates the library's records to match (`LibraryWriteBack`).
struct WriteMetadataCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "write-metadata",
        abstract: "Write edited dates, places, descriptions and favourites into the files and XMP sidecars.",
        discussion: """
            Without photos, writes every edited photo. JPEG files get the date (DateTimeOriginal, \
            CreateDate, OffsetTimeOriginal), the GPS position and the description in their EXIF; \
            nothing else in the file changes, and the file is replaced atomically. Every photo also \
            gets a sidecar beside it (photo.jpg.xmp, as darktable and digiKam name it) with the same \
            values and xmp:Rating 5 for a favourite; an existing sidecar keeps everything else. Other \
            formats (HEIC, PNG, WebP) get only the sidecar: photory does not write those files, so for \
            them the sidecar is the whole write. Values written stop being edits: the library then shows \
            them as the file's (or the sidecar's) own. Exits 1 when any photo was refused.
            """)

    @OptionGroup var options: LibraryOptions
    @Argument(help: ArgumentHelp("Photos, by path or id (default: every edited photo).", valueName: "path-or-id"))
    var photos: [String] = []
    @Flag(help: "Write only the XMP sidecars; the photo files stay as they are.") var sidecarOnly = false
    @Flag(help: "Write only into the photo files, no sidecar.") var fileOnly = false
    @Flag(help: "Give rewritten files a new modification time (by default they keep theirs).") var touch = false
    @Flag(name: .long, help: "Print each photo's outcome as a JSON array.") var json = false

    struct Record: Encodable {
        var photoId: String
        var path: String
        /// The exact bytes in base64, only for a path that is not UTF-8.
        var pathBytes: String?
        var wroteFile: Bool
        var sidecar: String?
        var problem: String?
        /// Why the file itself was left alone (a HEIF, PNG or WebP: only its sidecar is written).
        var note: String?
    }

    func validate() throws {
        if sidecarOnly && fileOnly { throw ValidationError("use one of --sidecar-only and --file-only") }
    }

    func run() throws {
        var failed = false
        try reportingFailures {
            try options.requireLibraryFile()
            let ids: [String]? = photos.isEmpty ? nil
                : try options.photos(named: photos, in: options.loadForReading(checkMissing: false)).map(\.id)
            let target: LibraryWriteBack.Target = sidecarOnly ? .sidecarOnly : fileOnly ? .fileOnly : .fileAndSidecar
            let bar = ProgressBar()
            let outcomes: [WriteBackOutcome]
            do {
                outcomes = try LibraryWriteBack(store: options.store, target: target, keepFileTimes: !touch,
                                             thumbnails: options.thumbnails)
                    .run(ids) { done, total, path in
                        bar.update(ImportProgress(phase: .importing, done: done, total: total, currentFile: path))
                    }.outcomes
            } catch {
                bar.clear()
                throw CommandFailure("\(error)")
            }
            bar.clear()
            failed = outcomes.contains { $0.problem != nil }
            if json {
                try printJSON(outcomes.map {
                    Record(photoId: $0.photoID, path: $0.path, pathBytes: PathBytes.base64($0.path),
                           wroteFile: $0.wroteFile, sidecar: $0.sidecarPath, problem: $0.problem, note: $0.note)
                })
                return
            }
            if outcomes.isEmpty {
                say("nothing to write: no photo has edits")
                return
            }
            for outcome in outcomes { say(Self.line(outcome)) }
            say(Self.summary(outcomes))
        }
        if failed { throw ExitCode.failure }
    }

    /// "written  /p/a.jpg (file and sidecar)", "refused  /p/b.jpg: the file is read-only".
    static func line(_ outcome: WriteBackOutcome) -> String {
        let file = PathBytes.display(outcome.path)
        let line: String
        if let problem = outcome.problem {
            line = "refused  " + problem
        } else {
            let parts = [outcome.wroteFile ? "file" : nil, outcome.sidecarPath != nil ? "sidecar" : nil].compactMap { $0 }
            line = parts.isEmpty ? "nothing  \(file): no edits to write"
                : "written  \(file) (\(parts.joined(separator: " and ")))" + (outcome.note.map { ": " + $0 } ?? "")
        }
        return line.strippingControlCharacters
    }

    /// "3 photos: 2 files and 3 sidecars written, 1 refused"; with "(1 file left alone: …)"
    /// when a photo's format is one whose files photory does not write.
    static func summary(_ outcomes: [WriteBackOutcome]) -> String {
        let refused = outcomes.filter { $0.problem != nil }.count
        return Counted.text(outcomes.count, "photo") + ": " + Counted.text(outcomes.filter(\.wroteFile).count, "file") + " and "
            + Counted.text(outcomes.filter { $0.sidecarPath != nil }.count, "sidecar") + " written"
            + (refused > 0 ? ", \(refused) refused" : "") + leftAlone(outcomes)
    }

    /// " (1 file left alone: photory writes into JPEG files only, …)", or "".
    static func leftAlone(_ outcomes: [WriteBackOutcome]) -> String {
        let count = outcomes.filter { $0.note != nil }.count
        guard count > 0 else { return "" }
        return " (\(Counted.text(count, "file")) left alone: \(LibraryWriteBack.onlyJPEGFiles))"
    }
}
