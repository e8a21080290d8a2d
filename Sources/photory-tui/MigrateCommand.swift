import ArgumentParser
import Library

/// `photory-tui migrate --from LIBRARY --to LIBRARY` (issue 26): copies a whole library between
/// stores, a JSON file and a PostgreSQL database either way, into an empty one, and reads the
/// copy back to check that every photo, edit, undo step, album, trash record and feed arrived.
struct MigrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Copy a whole library from one store to another (a JSON file, a PostgreSQL database).",
        discussion: """
            Copies every photo with its edits, the undo history, albums, the trash and feeds. The target \
            must be empty (a new file, or a database photory has not filled yet); the source is not changed. \
            Example: photory-tui migrate --from ~/.local/share/photory/library.json --to postgresql://anna@nas/photos
            """)

    @Option(help: ArgumentHelp("The library to copy: a JSON file or a postgresql:// address.", valueName: "library"))
    var from: String
    @Option(help: ArgumentHelp("The empty library to copy it into: a JSON file or a postgresql:// address.", valueName: "library"))
    var to: String

    func validate() throws {
        try LibraryOptions.check(from, given: "--from")
        try LibraryOptions.check(to, given: "--to")
    }

    func run() throws {
        try reportingFailures {
            let source = LibraryOptions.store(for: from), target = LibraryOptions.store(for: to)
            if let file = (source as? LibraryStore)?.path, !PathBytes.exists(file) {
                throw CommandFailure("the library file \(file) does not exist; check --from")
            }
            guard source.location != target.location else { throw CommandFailure("--from and --to name the same library") }
            let library: PhotoLibrary
            var filled = false
            do throws(LibraryStoreError) {
                let loaded = try source.loadWithNotes()
                loaded.notes.forEach(complain)
                library = loaded.library
                filled = !Self.isEmpty(try target.load())
                if !filled {
                    _ = try target.update(lockTimeout: 10) { copy throws(LibraryStoreError) in
                        filled = !Self.isEmpty(copy)   // filled meanwhile by another photory-tui
                        if !filled { copy = library }
                        return !filled
                    }
                }
            } catch {
                throw CommandFailure(error.description)
            }
            if filled {
                throw CommandFailure("the library \(target.location) is not empty: migrate copies into a new file or an empty database; nothing was copied")
            }
            let copied: PhotoLibrary
            do { copied = try target.load() } catch { throw CommandFailure("\(error)") }
            guard Self.differences(library, copied).isEmpty else {
                throw CommandFailure("the copy in \(target.location) differs from \(source.location) in its "
                    + Self.differences(library, copied).joined(separator: ", ") + "; keep using \(source.location)")
            }
            say("copied \(library.photos.count) photos, \(library.history.undo.count + library.history.redo.count) undo steps, "
                + "\(library.albums.count) albums, \(library.trash.count) trash records and \(library.feeds.count) feeds "
                + "from \(source.location) to \(target.location)")
        }
    }

    static func isEmpty(_ library: PhotoLibrary) -> Bool {
        library.photos.isEmpty && library.history.isEmpty && library.trash.isEmpty && library.albums.isEmpty && library.feeds.isEmpty
    }

    /// What a library kept differs in ("photos", "albums"…).
    static func differences(_ a: PhotoLibrary, _ b: PhotoLibrary) -> [String] {
        [("photos", a.photos == b.photos), ("undo history", a.history == b.history), ("trash", a.trash == b.trash),
         ("albums", a.albums == b.albums), ("feeds", a.feeds == b.feeds)].filter { !$0.1 }.map(\.0)
    }
}
