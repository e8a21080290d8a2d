import ArgumentParser
import Foundation
import Library

/// `photory-tui`: with no subcommand, opens the browser; subcommands make the library scriptable.
@main
struct PhotoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "photory-tui",
        abstract: "Browse and organise a photo collection in the terminal.",
        discussion: """
            Photos are referenced in place and only modified by write-metadata. The library is one JSON file, \
            by default $XDG_DATA_HOME/photory/library.json (~/.local/share/photory/library.json).
            Place names: GeoNames (geonames.org, CC BY 4.0). Map: Natural Earth (public domain).
            """,
        version: VersionReport.text,
        subcommands: [BrowseCommand.self, ImportCommand.self, FetchCommand.self, RefreshCommand.self, GroupsCommand.self, ListCommand.self,
                      ShowCommand.self, EditCommand.self, UndoCommand.self, RedoCommand.self, WriteMetadataCommand.self, CacheCommand.self, BenchCommand.self, BenchStartupCommand.self],
        defaultSubcommand: BrowseCommand.self)
}

/// Options every command takes.
struct LibraryOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The library file to use.", valueName: "file"))
    var library: String?

    /// Grid thumbnails, in `$XDG_CACHE_HOME/photory/thumbnails`.
    var thumbnails: ThumbnailStore { ThumbnailStore() }

    /// Names the places of photos' locations for `place:` searches and the place grouping;
    /// from the offline place table (none when it is missing).
    var placeLookup: PlaceLookup? { PlaceTable.sharedLookup }

    var store: LibraryStore {
        LibraryStore(path: library.map(LibraryPaths.absolute) ?? LibraryPaths.defaultLibraryFile())
    }

    /// The library from disk, with each photo's missing flag checked now when `checkMissing`;
    /// exits with a message naming the file when it cannot be read.
    func loadForReading(checkMissing: Bool = true) throws -> PhotoLibrary {
        do {
            var library = try store.load()
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
            FileHandle.standardError.write(Data("photory-tui: \(failure.description.strippingControlCharacters)\n".utf8))
            throw ExitCode.failure
        }
    }
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
