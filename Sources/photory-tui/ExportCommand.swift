import ArgumentParser
import Foundation
import Library

/// `photory-tui export PATH_OR_ID… --to DIR` (issue 23): copies photos out of the library
/// (`PhotoExporter`), with the import's progress bar and one outcome per photo.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Copy photos (by path or id, or an album's) into a folder, as they are or resized.",
        discussion: """
            Each photo is copied byte for byte with its name (made unique in the folder: "IMG_1.2.jpg"), \
            its EXIF kept, the original untouched. --max-size scales larger photos down to fit and writes \
            JPEG (the EXIF of a JPEG goes along); --format jpeg re-encodes every photo; --strip-gps takes \
            the position out of the copies' EXIF (a file whose position cannot be taken out is not \
            exported). Videos are copied as they are. Every file written is whole or absent. Each photo \
            gets one outcome (copied, converted, failed) and those with a reason are listed; exits 1 \
            when any photo failed.
            """)

    @OptionGroup var options: LibraryOptions
    @Argument(help: ArgumentHelp("Photos, by path or id.", valueName: "path-or-id")) var photos: [String] = []
    @Option(name: .long, help: ArgumentHelp("Every photo of this album too.", valueName: "name")) var album: String?
    @Option(name: .long, help: ArgumentHelp("The folder to copy into (made when missing).", valueName: "folder")) var to: String
    @Option(name: .customLong("max-size"), help: ArgumentHelp("Scale photos down so the longest side is at most this many pixels.",
                                                             valueName: "px")) var maxSize: Int?
    @Flag(name: .customLong("strip-gps"), help: "Take the GPS position out of the copies' EXIF.") var stripGPS = false
    @Option(name: .long, help: ArgumentHelp("Re-encode every photo: jpeg.", valueName: "format")) var format: String?
    @Flag(name: .long, help: "Print each photo's outcome as a JSON array instead of text.") var json = false

    struct Record: Encodable {
        var path: String
        var photoId: String
        var outcome: String
        var destination: String?
        var reason: String?
    }

    func validate() throws {
        if photos.isEmpty && album == nil { throw ValidationError("give at least one photo (path or id) or --album NAME") }
        if let maxSize, maxSize < 16 { throw ValidationError("--max-size takes a number of pixels, 16 or more, not \(maxSize)") }
        if let format, ExportOptions.Format(rawValue: format.lowercased()) == nil {
            throw ValidationError("--format takes jpeg, not \"\(format.strippingControlCharacters)\"")
        }
    }

    func run() throws {
        var failed = false
        try reportingFailures {
            try options.requireLibraryFile()
            let library = try options.loadForReading(checkMissing: false)
            var chosen = try options.photos(named: photos, in: library)
            if let album {
                guard let found = library.album(named: album) else { throw CommandFailure("\(AlbumError.unknownAlbum(album))") }
                chosen += library.photoIDs(inAlbum: found.id).compactMap { library.photo(id: $0) }
            }
            var seen: Set<String> = []
            chosen = chosen.filter { seen.insert($0.id).inserted }
            let folder = LibraryPaths.absolute(ExactArgument.paths([to])[0])
            if PathBytes.exists(folder), !PathBytes.isFolder(folder) {
                throw CommandFailure("cannot export into \(PathBytes.display(folder)): it is a file, not a folder")
            }
            let exporter = PhotoExporter(options: ExportOptions(maxSize: maxSize, stripGPS: stripGPS,
                                                                format: format.flatMap { ExportOptions.Format(rawValue: $0.lowercased()) }))
            let bar = ProgressBar()
            let cancellation = ImportCancellation()
            let interrupt = InterruptWatcher { cancellation.cancel() }
            let summary = exporter.run(chosen, to: folder, cancellation: cancellation, progress: bar.update)
            bar.clear()
            _ = interrupt
            failed = summary.count(.failed) > 0 || summary.cancelled
            if json {
                let ids = Dictionary(chosen.map { ($0.path, $0.id) }, uniquingKeysWith: { a, _ in a })
                return try printJSON(summary.results.map {
                    Record(path: $0.source, photoId: ids[$0.source] ?? "", outcome: $0.outcome.rawValue, destination: $0.destination,
                           reason: $0.reason)
                })
            }
            for result in summary.problems {
                let name = result.outcome.rawValue
                say(name + String(repeating: " ", count: max(0, 10 - name.count))
                    + "\(PathBytes.display(result.source).strippingControlCharacters): \((result.reason ?? "").strippingControlCharacters)")
            }
            say(summary.line + " into " + PathBytes.display(folder).strippingControlCharacters)
        }
        if failed { throw ExitCode.failure }
    }
}
