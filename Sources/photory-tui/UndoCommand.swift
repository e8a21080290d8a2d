import ArgumentParser
import Library

/// `photory-tui undo` and `redo`: take back (or do again) the newest edit step. A move to the
/// trash is a step too: undoing it restores its files, redoing it trashes them again.
struct UndoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "undo", abstract: "Undo the last edit (or move to the trash).")
    @OptionGroup var options: LibraryOptions
    @Flag(name: .long, help: "Print JSON.") var json = false

    func run() throws {
        try reportingFailures {
            if try Self.replayTrash(back: true, options: options, json: json) { return }
            try EditReport.replay(.undoLatest, verb: "undid", options: options, json: json)
        }
    }

    /// When the newest step (undone step, `back` false) is a move to the trash: undoes (redoes)
    /// it through `LibraryTrash`, reports each photo, and returns true.
    static func replayTrash(back: Bool, options: LibraryOptions, json: Bool) throws -> Bool {
        try options.requireLibraryFile()
        let history = try options.loadForReading(checkMissing: false).history
        guard let step = back ? history.undo.last : history.redo.last, step.isTrash else { return false }
        let trash = LibraryTrash(store: options.store)
        let outcomes: [LibraryTrash.Outcome]
        do {
            outcomes = back ? try trash.restore(step.trashedIDs, undoing: step.id).outcomes
                : try trash.trash(step.trashedIDs, step: step.id).outcomes
        } catch { throw CommandFailure("\(error)") }
        let verb = back ? "undid" : "redid"
        if json {
            try printJSON(EditReport.Record(step: step.label, stepId: step.id, changed: [],
                                            note: outcomes.compactMap(\.problem).first))
        } else if TrashCommand.print(outcomes, verb: back ? "restored" : "trashed") == false {
            say("\(verb): \(step.label)")
        }
        if outcomes.contains(where: { $0.problem != nil }) { throw ExitCode.failure }
        return true
    }
}

struct RedoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "redo", abstract: "Redo the last undone edit.")
    @OptionGroup var options: LibraryOptions
    @Flag(name: .long, help: "Print JSON.") var json = false

    func run() throws {
        try reportingFailures {
            if try UndoCommand.replayTrash(back: false, options: options, json: json) { return }
            try EditReport.replay(.redoLatest, verb: "redid", options: options, json: json)
        }
    }
}
