import Foundation
import Library

/// What the browser remembers between runs, in `$XDG_STATE_HOME/photory/state.json`:
/// small choices the user made, never anything they would miss if the file went away.
public struct RememberedState: Codable, Equatable, Sendable {
    /// The folder the import picker last imported from; it reopens there.
    public var lastImportFolder: String?
    /// How the home grid groups (`o`); description when not set.
    public var grouping: GroupingKind?
    /// The order inside a group (`s`); date taken when not set.
    public var sort: PhotoSort?
    /// Photo grids show as a list (`t`).
    public var listView: Bool?
    /// How big the grids' tiles are (`+` / `-`); the config file's `tile-size` when not set.
    public var tileSize: TileSize?
    /// The memories dismissed (`x` on the home grid), for the day they were dismissed on.
    public var dismissedMemories: DismissedMemories?
    /// Where camera imports copy to, asked on the first one (issue 25).
    public var cameraImportFolder: String?

    public init(lastImportFolder: String? = nil, grouping: GroupingKind? = nil, sort: PhotoSort? = nil,
                listView: Bool? = nil, tileSize: TileSize? = nil) {
        self.lastImportFolder = lastImportFolder
        self.grouping = grouping
        self.sort = sort
        self.listView = listView
        self.tileSize = tileSize
    }

    public static func defaultFile() -> String { LibraryPaths.defaultStateFolder() + "/state.json" }

    /// The remembered state, or the defaults when the file is missing or unreadable (it only
    /// holds conveniences, so a bad file is not worth stopping for).
    public static func load(from path: String = defaultFile()) -> RememberedState {
        guard let data = FileManager.default.contents(atPath: path),
              let state = try? JSONDecoder().decode(RememberedState.self, from: data) else { return RememberedState() }
        return state
    }

    /// Writes the file atomically (`AtomicFile`), creating its folder.
    public func save(to path: String = defaultFile()) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try AtomicFile.write(Array(try encoder.encode(self)), to: path, options: AtomicFile.Options(createFolder: true))
    }
}

/// Memories dismissed on one day, by their year; another day's dismissals no longer count.
public struct DismissedMemories: Codable, Equatable, Sendable {
    /// "2026-11-27".
    public var day: String
    public var years: [Int]
}
