import ArgumentParser
import Library

/// `photory-tui undo` and `redo`: take back (or do again) the newest edit step.
struct UndoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "undo", abstract: "Undo the last edit.")
    @OptionGroup var options: LibraryOptions
    @Flag(name: .long, help: "Print JSON.") var json = false

    func run() throws { try reportingFailures { try EditReport.replay(.undoLatest, verb: "undid", options: options, json: json) } }
}

struct RedoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "redo", abstract: "Redo the last undone edit.")
    @OptionGroup var options: LibraryOptions
    @Flag(name: .long, help: "Print JSON.") var json = false

    func run() throws { try reportingFailures { try EditReport.replay(.redoLatest, verb: "redid", options: options, json: json) } }
}
