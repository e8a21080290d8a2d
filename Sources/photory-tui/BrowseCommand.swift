import ArgumentParser
import Library

/// Opens the full-screen browser (the default command).
struct BrowseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "browse", abstract: "Open the full-screen photo browser (the default).")

    @OptionGroup var options: LibraryOptions

    func run() throws {
        try reportingFailures {
            _ = try options.loadForReading()
            throw CommandFailure("the browser is not built yet; use the import, groups, list and show commands")
        }
    }
}
