import ArgumentParser
import Library

/// The settings of the commands that download (`import`, `fetch`, `refresh`, `browse`).
struct DownloadOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "Seconds one URL may take in all, retries included; a slower one is reported and not retried.",
        valueName: "seconds"))
    var urlDeadline: Double = CurlFetcher.Options.defaultDeadline

    func validate() throws {
        guard urlDeadline > 0, urlDeadline.isFinite else {
            throw ValidationError("--url-deadline takes a number of seconds above 0")
        }
    }
}
