import ArgumentParser
import Library

/// `photory-tui compact`: folds the edit journal into a new library file.
struct CompactCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compact",
        abstract: "Fold the edit journal into the library file.",
        discussion: """
            Edits are saved as lines of library.journal.jsonl beside the library file; imports, \
            write-metadata and a journal grown past a quarter of the library fold them in on their own. \
            This writes a new library file now (the previous one is kept as library.json.bak) and starts \
            an empty journal. With --repair, a journal with a damaged line keeps what is readable: the \
            damaged lines are dropped and named, and the journal as it was is kept as \
            library.journal.jsonl.damaged.
            """)

    @OptionGroup var options: LibraryOptions
    @Flag(help: "Keep the readable lines of a damaged journal and drop the rest (the journal is kept aside).")
    var repair = false

    func run() throws {
        try reportingFailures {
            try options.requireLibraryFile()
            let done: Compaction
            do {
                done = try options.store.compact(lockTimeout: 10, repair: repair)
            } catch {
                throw CommandFailure("\(error)")
            }
            if !done.droppedLines.isEmpty {
                let lines = done.droppedLines.map(String.init).joined(separator: ", ")
                complain("dropped journal line\(done.droppedLines.count == 1 ? "" : "s") \(lines): unreadable; "
                    + "the journal as it was is kept as \(done.damagedCopy ?? "?")")
            }
            done.notes.forEach(complain)
            // A PostgreSQL library keeps no journal file: each edit is already in its rows.
            say(PostgresAddress.isAddress(options.store.location)
                ? "\(options.store.location) keeps no journal to fold: every edit is already in its tables"
                : "folded \(Counted.text(done.foldedLines, "journal line")) into \(options.store.location)")
        }
    }
}
