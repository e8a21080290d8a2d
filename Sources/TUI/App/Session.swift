import Library

/// What the browser works with for the whole run, whatever screen or layer shows: the library,
/// the user's keys and the problems of their config file, the choices remembered between runs,
/// and the folders the import picker starts from.
public struct Session: Sendable {
    public internal(set) var library: PhotoLibrary
    /// The keys, from the defaults and the user's config file.
    public let keyMap: KeyMap
    /// What is remembered between runs (the last import folder, the grouping, the sort…).
    public internal(set) var remembered: RememberedState
    /// Every problem of the config file, for the help to list (the status line names the first).
    let configProblems: [String]
    /// The folder photory was started in (the picker's `.`) and the home folder (`~`).
    let startFolder: String
    let homeFolder: String
    // Tile size
    /// The config file's `tile-size`: the grids' tiles until the user picks another size.
    var tileSizeSetting: TileSize = .standard
    /// What `O` opens photos with, `inTerminal` decided (issue 20).
    var openWith = OpenWith(inTerminal: true)
}

extension AppState {
    /// The session's library, changed in place (an edit never copies it).
    public internal(set) var library: PhotoLibrary {
        get { session.library }
        _modify { yield &session.library }
        set { session.library = newValue }
    }

    public var keyMap: KeyMap { session.keyMap }

    public internal(set) var remembered: RememberedState {
        get { session.remembered }
        _modify { yield &session.remembered }
        set { session.remembered = newValue }
    }

    var configProblems: [String] { session.configProblems }
    var startFolder: String { session.startFolder }
    var homeFolder: String { session.homeFolder }
    /// How big the grids' tiles are: the size last chosen with `+` / `-`, else the config file's.
    var tileSize: TileSize { remembered.tileSize ?? session.tileSizeSetting }
    var openWith: OpenWith { session.openWith }
}
