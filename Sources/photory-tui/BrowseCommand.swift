import ArgumentParser
import Foundation
import Library
import TUI

/// Opens the full-screen browser (the default command).
struct BrowseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "browse", abstract: "Open the full-screen photo browser (the default).")

    @OptionGroup var options: LibraryOptions
    @OptionGroup var download: DownloadOptions
    @Option(name: .long, help: ArgumentHelp(
        "Colours to draw with instead of detecting them.", valueName: "mode"))
    var colors: ColorMode?
    @Option(name: .long, help: ArgumentHelp(
        "How photos are drawn: auto (ask the terminal), sixel, kitty, iterm2 or symbols (character art). "
            + "Inside tmux, auto gives symbols; a protocol given here is passed through (needs `set -g allow-passthrough on`).",
        valueName: "protocol"))
    var graphics: GraphicsChoice?

    func run() throws {
        try reportingFailures {
            guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
                throw CommandFailure("the browser needs a terminal; use the import, groups, list and show commands in scripts")
            }
            var notes: [String] = []
            var position: JournalPosition?
            let summaries = try foldersToReadBehind()
            let library = summaries != nil ? PhotoLibrary()
                : try options.loadForReading(checkMissing: false, orEmpty: true, notes: &notes, position: &position)
            if let summaries {
                let photos = summaries.reduce(0) { $0 + $1.count }
                notes = ["Reading \(Counted.text(photos, "photo")) from \(options.store.location)…"]
            }
            do {
                try BrowserApp(store: options.store, thumbnails: options.thumbnails, web: options.webImporter(download))
                    .run(library: consume library, colorModeOverride: colors, graphics: graphics, notice: notes.first, position: position,
                         readBehind: summaries)
            } catch {
                // Edits left unsaved are said at the end, not as a start that failed.
                throw CommandFailure(error is BrowserApp.UnsavedEdits ? "\(error)" : "cannot start the browser: \(error)")
            }
        }
    }
}

extension BrowseCommand {
    /// From this many photos, a library the store can summarise without reading it
    /// (`LibraryPaging`: PostgreSQL) opens with the home grid from the aggregate and is read
    /// behind the first frame: the screen is up at once instead of after every row (seconds at
    /// a million). Smaller ones open read, as a JSON file does (the remembered folder and photo
    /// are restored only then). `PHOTORY_READ_BEHIND_FROM` sets another threshold (tests).
    static var readBehindFrom: Int {
        ProcessInfo.processInfo.environment["PHOTORY_READ_BEHIND_FROM"].flatMap { Int($0) } ?? 100_000
    }

    /// The default grouping's folders from the store's aggregate, when the library is to be
    /// read behind the first frame; nil otherwise.
    func foldersToReadBehind() throws -> [DescriptionSummary]? {
        guard let paging = options.store as? any LibraryPaging else { return nil }
        let summaries: [DescriptionSummary]
        do {
            summaries = try paging.descriptionSummaries()
        } catch {
            throw CommandFailure(error.description)
        }
        return summaries.reduce(0) { $0 + $1.count } >= Self.readBehindFrom ? summaries : nil
    }
}

extension ColorMode: ExpressibleByArgument {
    /// The names `--colors` takes, as help and error messages list them.
    public static var allValueStrings: [String] { ["truecolor", "256", "16", "8", "mono"] }

    /// Parses the `--colors` argument (also `24bit`, `monochrome`, `none`).
    public init?(argument: String) {
        switch argument.lowercased() {
        case "truecolor", "24bit", "24": self = .truecolor
        case "256": self = .colors256
        case "16": self = .colors16
        case "8": self = .colors8
        case "mono", "monochrome", "2", "none": self = .monochrome
        default: return nil
        }
    }
}

extension GraphicsChoice: ExpressibleByArgument {
    public static var allValueStrings: [String] { names }

    /// Parses the `--graphics` argument.
    public init?(argument: String) {
        self.init(parsing: argument)
    }
}
