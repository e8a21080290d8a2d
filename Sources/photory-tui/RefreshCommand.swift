import ArgumentParser
import Foundation
import Library

/// `photory-tui refresh`: fetches every web feed of the library again.
struct RefreshCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refresh",
        abstract: "Fetch every web feed again: new items in, changed ones updated, gone ones marked missing.",
        discussion: """
            Each feed is asked only whether it changed (ETag / Last-Modified), so an unchanged feed costs one \
            small request. New items are imported (with their thumbnail only, like `import`), items whose \
            title or album changed are updated, and photos whose items left the feed are marked missing — never \
            deleted, their edits kept. A feed that cannot be fetched is listed with the reason and changes \
            nothing. Exits 0 when the refresh ran.
            """)

    @OptionGroup var options: LibraryOptions

    func run() throws {
        var interruptedBy: Int32?
        try reportingFailures {
            let bar = ProgressBar()
            let cancellation = ImportCancellation()
            let interrupt = InterruptWatcher { cancellation.cancel() }
            let summary: ImportSummary
            do {
                summary = try options.webImporter.refresh(store: options.store, cancellation: cancellation,
                                                          progress: bar.update).summary
            } catch {
                bar.clear()
                throw CommandFailure("\(error)")
            }
            interruptedBy = interrupt.signal
            bar.clear()
            for result in summary.problems {
                let kind = result.outcome.kind.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0)
                say("\(kind)\(result.path.strippingControlCharacters): \((result.reason ?? "").strippingControlCharacters)")
            }
            say(summary.line == "nothing to import" ? "no web feeds to refresh" : summary.line)
        }
        if let signal = interruptedBy { throw ExitCode(128 + signal) }
    }
}
