import ArgumentParser
import Foundation
import Library
import TUI

/// `photory-tui`: with no subcommand, opens the browser; subcommands make the library scriptable.
@main
struct PhotoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "photory-tui",
        abstract: "Browse and organise a photo collection in the terminal.",
        discussion: """
            Photos are referenced in place and only modified by write-metadata. The library is one JSON file, \
            by default $XDG_DATA_HOME/photory/library.json (~/.local/share/photory/library.json), with the \
            edits saved since it was last written in library.journal.jsonl beside it; or a PostgreSQL \
            database (--library postgresql://USER@HOST[:PORT]/DB), for several machines at once.
            Place names: GeoNames (geonames.org, CC BY 4.0). Map: Natural Earth (public domain).
            """,
        version: VersionReport.text,
        subcommands: [BrowseCommand.self, ImportCommand.self, FetchCommand.self, RefreshCommand.self, GroupsCommand.self, ListCommand.self,
                      ShowCommand.self, EditCommand.self, TrashCommand.self, RemoveCommand.self, MemoriesCommand.self, AlbumCommand.self, UndoCommand.self, RedoCommand.self, WriteMetadataCommand.self, CompactCommand.self, CacheCommand.self, KeysCommand.self, BenchCommand.self, BenchStartupCommand.self,
                      DuplicatesCommand.self,  // look-alike duplicates (issue 23)
                      ExportCommand.self,  // export (issue 23)
                      GeotagCommand.self,  // GPX geotagging (issue 25)
                      CamerasCommand.self, CaptureCommand.self,  // cameras, tethered capture (issue 25)
                      MigrateCommand.self],  // PostgreSQL libraries (issue 26)
        defaultSubcommand: BrowseCommand.self)

    /// Parses the command line with `--library` accepted before the subcommand too.
    static func main() {
        let nested = Dictionary(uniqueKeysWithValues: configuration.subcommands.map { command in
            (command._commandName, command.configuration.subcommands.map { $0._commandName })
        })
        main(LibraryOptions.movedAfterSubcommand(Array(CommandLine.arguments.dropFirst()),
                                                 subcommands: configuration.subcommands.map { $0._commandName }, nested: nested))
    }
}

/// Options every command takes.
struct LibraryOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The library: a JSON file, or a PostgreSQL database as postgresql://USER@HOST[:PORT]/DB "
                                                + "(default: library in config.toml, else the JSON file in $XDG_DATA_HOME/photory).",
                                            valueName: "file|address"))
    var library: String?

    /// Grid thumbnails, in `$XDG_CACHE_HOME/photory/thumbnails`.
    var thumbnails: ThumbnailStore { ThumbnailStore() }

    /// Names the places of photos' locations for `place:` searches and the place grouping;
    /// from the offline place table (none when it is missing).
    var placeLookup: PlaceLookup? { PlaceTable.sharedLookup }

    /// config.toml: `library` (the library when `--library` is not given), and for a
    /// PostgreSQL library `password-file` and `[roots]`.
    static let config = Config.load()
    static var configuredLibrary: String? { config.library }

    /// `--library`, else config.toml's `library`; nil: the default file.
    var chosenLibrary: String? { library ?? Self.configuredLibrary }

    /// The PostgreSQL library of each address used, so a command keeps its connections.
    private static let postgresStores = Locked<[PostgresAddress: PostgresStore]>([:])

    /// The library's store: PostgreSQL for a `postgresql://` address, else the JSON file.
    var store: any LibraryStoring { Self.store(for: chosenLibrary) }

    /// The store of `library` (a file path or a `postgresql://` address; nil: the default file).
    static func store(for library: String?) -> any LibraryStoring {
        if let library, var address = PostgresAddress(library) {
            address.roots = SharedRoots(config.roots)
            address.passwordFile = config.passwordFile
            return postgresStores.withLock { stores in
                if let store = stores[address] { return store }
                let store = PostgresStore(address: address, upgrading: complain)
                stores[address] = store
                return store
            }
        }
        return LibraryStore(path: library.map(LibraryPaths.absolute) ?? LibraryPaths.defaultLibraryFile())
    }

    /// A library given as an address must be a PostgreSQL one: another scheme ("mysql://…")
    /// would otherwise become a folder named after it in the working folder.
    func validate() throws {
        if let library { try Self.check(library, given: "--library") }
        else if let configured = Self.configuredLibrary { try Self.check(configured, given: "library in config.toml:", inConfig: true) }
    }

    /// A library named by `origin` (an option, or config.toml's `library` when `inConfig`) must be
    /// a file or a PostgreSQL address.
    static func check(_ library: String, given origin: String, inConfig: Bool = false) throws {
        guard let scheme = AddressScheme.of(library), !PostgresAddress.schemes.contains(scheme) else { return }
        let message = "\(origin) \(PostgresAddress.redacted(library)): \(scheme): is not a library scheme; give the path of a JSON file, "
            + "or a PostgreSQL address postgresql://USER@HOST[:PORT]/DB (schemes known: \(PostgresAddress.schemes.joined(separator: ", ")))"
        if inConfig {
            // The command line was right: the config file is at fault, so no usage is printed.
            complain(message)
            throw ExitCode(64)
        }
        throw ValidationError(message)
    }

    /// `--library X groups …` as `groups --library X …`: the option belongs to each subcommand, so
    /// it is moved after the subcommand named next, and after its own subcommand when it has
    /// `nested` ones (`trash restore`); anything else is left for the parser to explain.
    static func movedAfterSubcommand(_ arguments: [String], subcommands: [String],
                                     nested: [String: [String]] = [:]) -> [String] {
        var leading: [String] = []
        var rest = arguments[...]
        while let first = rest.first {
            if first == "--library", rest.count >= 2 {
                leading += rest.prefix(2)
                rest = rest.dropFirst(2)
            } else if first.hasPrefix("--library=") {
                leading.append(first)
                rest = rest.dropFirst()
            } else {
                break
            }
        }
        guard !leading.isEmpty, let command = rest.first, subcommands.contains(command) else { return arguments }
        if rest.count > 1, nested[command]?.contains(rest[rest.startIndex + 1]) == true {
            return Array(rest.prefix(2)) + leading + rest.dropFirst(2)
        }
        return [command] + leading + rest.dropFirst()
    }

    /// Stops with a message when the library file does not exist: a command that only reads or
    /// changes photos would otherwise show a typo in `--library` as an empty library.
    func requireLibraryFile() throws {
        guard let path = (store as? LibraryStore)?.path else { return }   // a database: made on first use
        guard !PathBytes.exists(path) else { return }
        let folder = (path as NSString).deletingLastPathComponent
        if library == nil {
            throw CommandFailure("no library yet: \(path) does not exist; import photos first (`photory-tui import FOLDER`)")
        }
        throw CommandFailure("the library file \(path) does not exist"
            + (PathBytes.exists(folder) ? "" : " (nor its folder \(folder))") + "; check --library, or import photos to create it")
    }

    /// The library from disk, with each photo's missing flag checked now when `checkMissing`;
    /// exits with a message naming the file when it cannot be read (or, unless `orEmpty`, does not exist).
    /// What loading noticed (a torn journal line ignored) goes to stderr, and to `notes`.
    func loadForReading(checkMissing: Bool = true, orEmpty: Bool = false) throws -> PhotoLibrary {
        var notes: [String] = []
        var position: JournalPosition?
        return try loadForReading(checkMissing: checkMissing, orEmpty: orEmpty, notes: &notes, position: &position)
    }

    /// As above; `position` is where the load stopped in the journal (the browser follows it).
    func loadForReading(checkMissing: Bool = true, orEmpty: Bool = false, notes: inout [String],
                        position: inout JournalPosition?) throws -> PhotoLibrary {
        if !orEmpty { try requireLibraryFile() }
        do {
            let loaded = try store.loadWithNotes()
            loaded.notes.forEach(complain)
            notes = loaded.notes
            position = loaded.position
            var library = loaded.library
            if checkMissing { library.refreshMissing() }
            return library
        } catch {
            throw CommandFailure(error.description)
        }
    }
}

/// A failure already explained to the user: prints "photory-tui: <message>" and exits 1.
struct CommandFailure: Error, CustomStringConvertible {
    var description: String
    init(_ message: String) { description = message }
}

extension ParsableCommand {
    /// Runs `body`, turning a `CommandFailure` into a message on stderr and exit code 1.
    func reportingFailures(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let failure as CommandFailure {
            // Messages may quote text from files (names, a broken library): keep it inert.
            complain(failure.description)
            throw ExitCode.failure
        }
    }
}

/// Writes "photory-tui: <message>" to standard error (for a failure also exiting non-zero).
func complain(_ message: String) {
    FileHandle.standardError.write(Data("photory-tui: \(message.strippingControlCharacters)\n".utf8))
}

/// Writes a line to standard output, flushing so scripts see it at once.
func say(_ line: String) {
    print(line)
}

/// Encodes `value` as pretty JSON with sorted keys on standard output.
func printJSON<T: Encodable>(_ value: T) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    FileHandle.standardOutput.write(Data(PathBytes.surrogateEscaped(json: Array(try encoder.encode(value)))))
    FileHandle.standardOutput.write(Data("\n".utf8))
}
