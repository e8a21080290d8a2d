import ArgumentParser
import Foundation
import Library

/// `photory-tui refresh`: fetches every feed the library's photos came from again.
struct RefreshCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refresh",
        abstract: "Fetch every feed the library's photos came from again and follow its changes.",
        discussion: """
            New items are added (with their thumbnail only, like an import), items whose title, album or \
            thumbnail changed are updated, and photos whose item left its feed are marked missing (never \
            deleted; they come back when the item does). An unchanged feed costs one small conditional request. \
            A feed that cannot be fetched is listed with its reason and changes nothing; the command then exits 1.
            """)

    @OptionGroup var options: LibraryOptions
    @OptionGroup var download: DownloadOptions

    func run() throws {
        var interruptedBy: Int32?
        var failed = false
        try reportingFailures {
            let feeds = try options.loadForReading(checkMissing: false).photos.compactMap(\.feedURL)
            let bar = ProgressBar()
            let cancellation = ImportCancellation()
            let interrupt = InterruptWatcher { cancellation.cancel() }
            let summary: ImportSummary
            do {
                summary = try options.webImporter(download).refresh(store: options.store, cancellation: cancellation,
                                                          progress: bar.update).summary
            } catch {
                bar.clear()
                throw CommandFailure("\(error)")
            }
            bar.clear()
            interruptedBy = interrupt.signal
            ImportCommand.printProblems(of: summary)
            say(summary.line)
            failed = ImportCommand.reportFailure(of: summary, addresses: Array(Set(feeds)), emptyFails: false)
        }
        if let signal = interruptedBy { throw ExitCode(128 + signal) }
        if failed { throw ExitCode.failure }
    }
}
