import ArgumentParser
import Foundation
import Library
import TUI

/// `photory-tui trash PATH_OR_ID…` and its `restore`, `list` and `empty`: photos to the
/// freedesktop.org Trash and back (`LibraryTrash`).
///
/// Confirmation: moving to the trash is undoable (`trash restore`, or the file manager), so it
/// asks only on a terminal ("trash 3 photos (12.4 MB)? [y/N]", skipped with --yes) and goes
/// ahead in scripts, saying what it moved. Deleting for good (`--permanently`, `trash empty`)
/// cannot be undone: on a terminal it asks, and without a terminal it refuses unless --yes
/// says so (a pipe cannot answer), as apt-get and terraform do.
struct TrashCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trash",
        abstract: "Move photos' files (with their sidecars) to the desktop's trash; restore, list or empty it.",
        discussion: """
            Files go to the freedesktop.org Trash of their own filesystem ($XDG_DATA_HOME/Trash, or \
            $topdir/.Trash-$uid on another disk), where the file manager sees them too. The photos leave the \
            library; their edits, ratings and tags are kept with the trash entry and come back with \
            `photory-tui trash restore`. trash-days in config.toml (default 30) expires what photory trashed.
            """,
        subcommands: [TrashMoveCommand.self, TrashRestoreCommand.self, TrashListCommand.self, TrashEmptyCommand.self],
        defaultSubcommand: TrashMoveCommand.self)

    /// "12.4 MB".
    static func size(_ bytes: Int64) -> String { ByteCountFormatter.string(fromByteCount: bytes, countStyle: .file) }


    /// Asks `question` on the terminal; without one, `yes` decides (refusing with `refusal` when
    /// it is nil).
    static func confirm(_ question: String, yes: Bool, refusal: String?) throws -> Bool {
        if yes { return true }
        guard isatty(STDIN_FILENO) == 1 else {
            if let refusal { throw CommandFailure(refusal) }
            return true
        }
        FileHandle.standardError.write(Data("\(question.strippingControlCharacters) [y/N] ".utf8))
        let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased()
        return answer == "y" || answer == "yes"
    }

    /// Deletes for good what photory trashed more than `trash-days` ago; says so when it did.
    static func expire(_ trash: LibraryTrash) {
        let days = Config.load().trashDays
        guard let erased = try? trash.empty(before: Date().timeIntervalSince1970 - Double(days) * 86_400).erased,
              !erased.isEmpty else { return }
        complain("emptied \(Counted.text(erased.count)) trashed more than \(days) days ago (trash-days)")
    }

    static func print(_ outcomes: [LibraryTrash.Outcome], verb: String) -> Bool {
        var failed = false
        for outcome in outcomes {
            if let problem = outcome.problem {
                complain(problem)
                failed = true
            } else {
                say("\(verb) \(PathBytes.display(outcome.path).strippingControlCharacters)"
                    + (outcome.files.count > 1 ? " (and \(outcome.files.count - 1) sidecar\(outcome.files.count == 2 ? "" : "s"))" : ""))
            }
        }
        return failed
    }
}

struct TrashMoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "move", abstract: "Move photos to the trash (the default).")
    @OptionGroup var options: LibraryOptions
    @Argument(help: ArgumentHelp("Photos, by path or id.", valueName: "path-or-id")) var photos: [String]
    @Flag(help: "Do not ask.") var yes = false
    @Flag(help: "Delete the files for good where no trash can be made (asks; needs --yes without a terminal).")
    var permanently = false

    func run() throws {
        var failed = false
        try reportingFailures {
            try options.requireLibraryFile()
            let library = try options.loadForReading(checkMissing: false)
            // Every file of a stack goes (issue 21), so every file is counted and weighed.
            let chosen = library.withStackMembers(try options.photos(named: photos, in: library).map(\.id))
                .compactMap(library.photo(id:))
            let bytes = chosen.reduce(Int64(0)) { $0 + $1.fileSize }
            let what = library.counted(chosen.map(\.id), detail: TrashCommand.size(bytes))
            guard try TrashCommand.confirm("move \(what) to the trash?", yes: yes, refusal: nil) else {
                throw CommandFailure("nothing was moved")
            }
            let trash = LibraryTrash(store: options.store)
            TrashCommand.expire(trash)
            let (_, outcomes): (PhotoLibrary, [LibraryTrash.Outcome])
            do { (_, outcomes) = try trash.trash(chosen.map(\.id)) } catch { throw CommandFailure("\(error)") }
            _ = TrashCommand.print(outcomes, verb: "trashed")
            // A photo no trash can hold fails unless --permanently then deletes it.
            failed = outcomes.contains { $0.problem != nil && !$0.noTrash }
            let moved = outcomes.filter { $0.problem == nil }
            if !moved.isEmpty {
                say("moved \(library.counted(moved.map(\.photoID))) to the trash; `photory-tui trash restore PATH` brings one back")
            }
            let stuck = outcomes.filter(\.noTrash).map(\.photoID)
            guard !stuck.isEmpty else { return }
            guard permanently else {
                failed = true
                complain("no trash for \(Counted.text(stuck.count)); `--permanently` deletes them for good instead")
                return
            }
            let size = stuck.compactMap { id in chosen.first { $0.id == id }?.fileSize }.reduce(0, +)
            guard try TrashCommand.confirm("delete \(Counted.text(stuck.count)) (\(TrashCommand.size(size))) FOR GOOD? This cannot be undone.",
                                           yes: yes, refusal: "deleting for good needs --yes when there is no terminal to ask")
            else { throw CommandFailure("nothing was deleted") }
            do {
                failed = TrashCommand.print(try trash.deletePermanently(stuck).outcomes, verb: "deleted") || failed
            } catch { throw CommandFailure("\(error)") }
        }
        if failed { throw ExitCode.failure }
    }
}

struct TrashRestoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore", abstract: "Bring trashed photos back where they were, with their edits.")
    @OptionGroup var options: LibraryOptions
    @Argument(help: ArgumentHelp("Trashed photos, by the path they had or their id.", valueName: "path-or-id")) var photos: [String]

    func run() throws {
        var failed = false
        try reportingFailures {
            try options.requireLibraryFile()
            let keys = zip(photos, ExactArgument.paths(photos)).map { argument, path in
                argument.contains("/") || PathBytes.exists(path) || !argument.allSatisfy(\.isHexDigit)
                    ? LibraryPaths.absolute(path) : argument
            }
            do {
                failed = TrashCommand.print(try LibraryTrash(store: options.store).restore(keys).outcomes, verb: "restored")
            } catch { throw CommandFailure("\(error)") }
        }
        if failed { throw ExitCode.failure }
    }
}

struct TrashListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List what photory trashed, with days left.")
    @OptionGroup var options: LibraryOptions
    @Flag(name: .long, help: "Print JSON.") var json = false

    struct Record: Encodable {
        var id: String
        var path: String
        var trashedAt: String
        var daysLeft: Int
        var size: Int64
        var files: [String]
    }

    func run() throws {
        try reportingFailures {
            let trash = LibraryTrash(store: options.store)
            TrashCommand.expire(trash)
            let library = try options.loadForReading(checkMissing: false, orEmpty: true)
            let days = Config.load().trashDays
            let records = library.trash.map { record in
                Record(id: record.photo.id, path: record.photo.path,
                       trashedAt: Date(timeIntervalSince1970: record.deletedAt).formatted(.iso8601),
                       daysLeft: record.daysLeft(keeping: days), size: record.size, files: record.files.map(\.filePath))
            }
            if json { return try printJSON(records) }
            if records.isEmpty { return say("the trash holds nothing photory put there") }
            for record in records {
                say("\(Counted.text(record.daysLeft, "day")) left  \(record.id)  "
                    + PathBytes.display(record.path).strippingControlCharacters)
            }
        }
    }
}

struct TrashEmptyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "empty", abstract: "Delete for good what photory trashed (only that), or what is older than --older-than.")
    @OptionGroup var options: LibraryOptions
    @Option(help: ArgumentHelp("Only what was trashed longer ago than this: 30d, 12h.", valueName: "age")) var olderThan: String?
    @Flag(help: "Do not ask.") var yes = false

    func run() throws {
        try reportingFailures {
            var cutoff: Double?
            if let olderThan {
                let number = Double(olderThan.dropLast()), unit = olderThan.last
                guard let number, number >= 0, let seconds = ["d": 86_400.0, "h": 3_600.0][unit.map(String.init) ?? ""] else {
                    throw CommandFailure("--older-than \(olderThan): give days or hours, like 30d or 12h")
                }
                cutoff = Date().timeIntervalSince1970 - number * seconds
            }
            let library = try options.loadForReading(checkMissing: false, orEmpty: true)
            let due = library.trash.filter { cutoff == nil || $0.deletedAt < cutoff! }
            guard !due.isEmpty else { return say("nothing to empty") }
            let bytes = due.reduce(Int64(0)) { $0 + $1.size }
            guard try TrashCommand.confirm("delete \(Counted.text(due.count)) (\(TrashCommand.size(bytes))) FOR GOOD?",
                                           yes: yes, refusal: "emptying the trash needs --yes when there is no terminal to ask")
            else { throw CommandFailure("nothing was deleted") }
            let erased: [TrashedPhoto]
            do { erased = try LibraryTrash(store: options.store).empty(before: cutoff).erased } catch { throw CommandFailure("\(error)") }
            say("deleted \(Counted.text(erased.count)) (\(TrashCommand.size(bytes))) for good")
        }
    }
}
