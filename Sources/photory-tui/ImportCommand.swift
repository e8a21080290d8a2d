import ArgumentParser
import Foundation
import Library

/// `photory-tui import PATH|URL...`: adds photos from files and folders, and from the web (a
/// JSON feed, a list of image links, or an image URL).
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import photos from files and folders (folders are scanned recursively) or from http(s) URLs.",
        discussion: """
            Photos stay where they are. A URL may be a JSON feed (an array of objects with "url", and \
            optionally "title", "thumbnailUrl", "id", "albumId"; or such an array under "photos", "items" \
            or "data"), a plain-text list of image URLs, or an image; downloaded photos are kept in \
            $XDG_DATA_HOME/photory/downloads/<host>/. Feed items with a "thumbnailUrl" are imported with \
            their thumbnail only: opening the photo, or `photory-tui fetch`, downloads the original. A feed \
            that pages (a Link rel="next" header, a next_url/next/nextPage/links.next/paging.next cursor, an \
            RSS/Atom <link rel="next">, or a URL template with {page}, {per_page}, {offset}) gives its first \
            page; --pages N fetches N pages, --pages all every page, and importing the same address again \
            continues where the last import stopped. Each file or URL gets one outcome: imported, updated, relinked, \
            duplicate, unsupported, unreadable, corrupt or skipped; files that were not imported are listed with the \
            reason (sidecars such as .THM and .AAE and text files are only counted; --json lists them). Exits 0 \
            when the import ran, even if some files were not imported; 1 when nothing was found, when an \
            address given could not be fetched, or when the library cannot be used.
            """)

    @OptionGroup var options: LibraryOptions
    @OptionGroup var download: DownloadOptions
    @Argument(help: ArgumentHelp("Files, folders and http(s) URLs to import.", valueName: "path-or-url")) var paths: [String] = []
    @Flag(name: .long, help: "Print each file's outcome as a JSON array instead of text.") var json = false
    // Paged feeds (issue 24)
    @Option(name: .long, help: ArgumentHelp("Pages of each feed to fetch: a number, or all.", valueName: "N|all"))
    var pages: String = "1"
    // Cameras (issue 25): `import --camera MODEL [--port PORT] --to DIR` (ImportCommand+Camera).
    @Option(name: .long, help: ArgumentHelp("Import every new file of this camera (a model `cameras` lists; \"Directory Browse\" with --port disk:PATH for a folder).", valueName: "model"))
    var camera: String?
    @Option(name: .long, help: ArgumentHelp("The camera's port (usb:001,004, disk:/media/card); default: the one detected.", valueName: "port"))
    var port: String?
    @Option(name: .long, help: ArgumentHelp("Where the camera's files are copied, in YYYY/YYYY-MM-DD folders (default ~/Pictures/photory).", valueName: "dir"))
    var to: String?
    @Flag(name: .long, help: "With --camera: delete each file from the camera once its copy is verified (copied whole and imported, or already in the library).")
    var deleteAfter = false

    /// `--pages` as a number of pages (`all`: the page cap).
    var pageCount: Int? {
        pages.lowercased() == "all" ? FeedPaging.pageCap : Int(pages).flatMap { $0 >= 1 ? min($0, FeedPaging.pageCap) : nil }
    }

    struct Record: Encodable {
        var path: String
        /// The exact bytes in base64, only for a path that is not UTF-8.
        var pathBytes: String?
        var outcome: String
        var reason: String?
        var photoId: String?
    }

    func validate() throws {
        if camera != nil, !paths.isEmpty { throw ValidationError("--camera imports from the camera only: give no paths with it") }
        if camera == nil, port != nil || to != nil || deleteAfter { throw ValidationError("--port, --to and --delete-after go with --camera") }
        if paths.isEmpty, camera == nil { throw ValidationError("give at least one file or folder to import") }
        if pageCount == nil { throw ValidationError("--pages takes a number from 1, or all (not \(pages.strippingControlCharacters))") }
    }

    func run() throws {
        if let camera { return try runCamera(camera) }   // cameras (issue 25)
        var interruptedBy: Int32?
        var failed = false
        try reportingFailures {
            let arguments = ExactArgument.paths(paths)
            // "ftp://host/x" is an address we cannot fetch, not a relative path (unless such a file exists).
            for argument in arguments where !WebImporter.isWebAddress(argument) && !PathBytes.exists(LibraryPaths.absolute(argument)) {
                if let scheme = AddressScheme.of(argument) {
                    throw CommandFailure("cannot import \(argument.strippingControlCharacters): \(scheme): addresses are not supported, only http:// and https://")
                }
            }
            let addresses = arguments.filter(WebImporter.isWebAddress)
            let absolute = arguments.filter { !WebImporter.isWebAddress($0) }.map(LibraryPaths.absolute)
            if addresses.isEmpty, absolute.allSatisfy({ !PathBytes.exists($0) }) {
                throw CommandFailure("nothing to import: \(absolute.map { PathBytes.display($0).strippingControlCharacters }.joined(separator: ", ")) not found")
            }
            let bar = ProgressBar()
            let cancellation = ImportCancellation()
            let interrupt = InterruptWatcher { cancellation.cancel() }
            var summary = ImportSummary()
            do {
                var web = options.webImporter(download)
                web.pages = pageCount ?? 1
                let importer = SourceImport(files: Importer(thumbnails: options.thumbnails), web: web)
                summary = try importer.run(absolute + addresses, store: options.store, cancellation: cancellation,
                                           progress: bar.update).summary
                if summary.count(.imported) + summary.count(.updated) > 0 {
                    options.thumbnails.trim()
                }
            } catch {
                bar.clear()
                throw CommandFailure("\(error)")
            }
            interruptedBy = interrupt.signal
            bar.clear()
            if json {
                try printJSON(summary.results.map {
                    Record(path: $0.path, pathBytes: PathBytes.base64($0.path), outcome: $0.outcome.kind.rawValue, reason: $0.reason, photoId: $0.outcome.photoID)
                })
                failed = Self.reportFailure(of: summary, addresses: addresses)
                return
            }
            Self.printProblems(of: summary)
            say(summary.line)
            failed = Self.reportFailure(of: summary, addresses: addresses)
        }
        // Interrupted: what finished was saved, but scripts must see it did not run to the end.
        if let signal = interruptedBy { throw ExitCode(128 + signal) }
        if failed { throw ExitCode.failure }
    }
}

extension ImportCommand {
    /// One line for each file or URL that was not simply imported: its outcome, where, and why.
    /// Sidecars and text files skipped are only counted (in the summary line; `--json` lists them).
    /// Printed in one write: an unchanged rescan of 100,000 files says 100,000 lines.
    static func printProblems(of summary: ImportSummary) {
        var lines = ""
        for result in summary.results where result.note != nil || ![.imported, .skipped].contains(result.outcome.kind) {
            let name = result.outcome.kind.rawValue
            let kind = name + String(repeating: " ", count: max(0, 12 - name.count))
            lines += "\(kind)\(PathBytes.display(result.path).strippingControlCharacters): \((result.reason ?? "").strippingControlCharacters)\n"
        }
        if !lines.isEmpty { print(lines, terminator: "") }
    }

    /// Says on stderr why the run did not do what was asked, and returns true then (exit 1):
    /// nothing was found (when `emptyFails`), or an address given (a feed, a list, an image) could not be fetched.
    static func reportFailure(of summary: ImportSummary, addresses: [String], emptyFails: Bool = true) -> Bool {
        guard !summary.cancelled else { return false }
        let failed = summary.failedAddresses(addresses)
        if !failed.isEmpty {
            let noun = failed.count == 1 ? "address" : "addresses"
            complain("\(failed.count) \(noun) could not be fetched: \(failed.map { PathBytes.display($0.path) }.joined(separator: ", "))")
            return true
        }
        if emptyFails && summary.results.isEmpty {
            complain("nothing to import: no files found")
            return true
        }
        return false
    }
}

/// Turns the first Ctrl-C (or SIGTERM) into a cancel, so what finished is saved; a second
/// signal quits at once. Remembers which signal came, for the exit code.
final class InterruptWatcher: Sendable {
    /// Locked only to be reachable from `deinit`: signal sources are not Sendable.
    private let sources: Locked<[DispatchSourceSignal]>
    private let received: Locked<Int32?>

    /// The signal that interrupted the import, if any.
    var signal: Int32? { received.withLock { $0 } }

    init(onInterrupt: @escaping @Sendable () -> Void) {
        let received = Locked<Int32?>(nil)
        self.received = received
        sources = Locked([SIGINT, SIGTERM].map { number in
            Glibc.signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                received.withLock { if $0 == nil { $0 = number } }
                onInterrupt()
                Glibc.signal(number, SIG_DFL)
            }
            source.resume()
            return source
        })
    }

    deinit {
        sources.withLock { $0.forEach { $0.cancel() } }
        Glibc.signal(SIGINT, SIG_DFL)
        Glibc.signal(SIGTERM, SIG_DFL)
    }
}
