import Foundation
import Library

/// The user's settings from `$XDG_CONFIG_HOME/photory/config.toml`
/// (`~/.config/photory/config.toml`). A missing file means the defaults; a bad entry is
/// reported with its line and the default stays.
///
/// ```toml
/// graphics = "auto"         # auto, sixel, kitty, iterm2 or symbols (see `GraphicsChoice`)
/// graphics-grid = false     # pixel thumbnails in the grids too
/// animations = true         # a photo grows from its tile when opened, shrinks back when left
/// trash-days = 30           # what photory trashed is deleted for good after this many days
/// tile-size = "medium"      # small, medium, large or huge: the grids' tiles at start (+ / - change them)
/// mouse = true              # clicks, double-clicks and the wheel where the terminal reports them
/// rejected = "dim"          # rejected photos in the grids: "dim" or "hide"
/// open-with = "xdg-open"    # what O opens photos with (words, no shell; see `OpenWith`)
/// open-with-terminal = true # hand it the terminal (unset: when there is no graphical display)
/// video-player = "mpv --vo=tct"   # videos play in this program instead of in place (or a list of words)
/// slideshow-interval = 5    # seconds each photo shows in the slideshow (S), 0.5 to 3600
/// slideshow-shuffle = false # the slideshow starts in a shuffled order (s toggles it)
/// feed-threshold = 0.5      # a feed's next page is fetched once the cursor passes this share of its last page
/// camera-folders = ["/media/card"]   # folders the import picker lists as cameras (a card reader, a copied card)
/// library = "postgresql://anna@nas/photos"   # the library when --library is not given (a JSON file's path, or PostgreSQL)
/// password-file = "~/.config/photory/nas-password"   # its password, the file's first line (yours alone: chmod 600)
///
/// [roots]                   # shared folders, each machine's own place for them (a PostgreSQL library stores root + relative path)
/// photos = "/mnt/nas/photos"
///
/// [keys]
/// open = ["enter", "o"]     # an action and the keys that do it (see `Action`)
/// quit = "x"
///
/// [web."api.unsplash.com"]  # request headers sent to that host only (never logged or saved)
/// headers = { Authorization = "Client-ID …" }
/// ```
public struct Config: Sendable {
    public var keyMap = KeyMap()
    /// How photos are drawn (`graphics`); nil when the file does not say (then `auto`).
    public var graphics: GraphicsChoice?
    /// Pixel thumbnails in the grids too (`graphics-grid`); off by default, since a screen of
    /// thumbnails costs hundreds of kilobytes on every scroll (see the README).
    public var graphicsGrid = false
    /// The opening animation (`animations`): on unless the file says `false`.
    public var animations = true
    /// Days what photory trashed stays in the trash (`trash-days`, default 30).
    public var trashDays = 30
    // Tile size and mouse
    /// The grids' tiles at start (`tile-size`); a size chosen with `+` / `-` is remembered and wins.
    public var tileSize = TileSize.standard
    /// Mouse reporting (`mouse`): on unless the file says `false`; off, no mouse sequence is sent.
    public var mouse = true
    /// Rejected photos in the grids (`rejected`): dimmed (default) or hidden.
    public var rejected = RejectedDisplay.dim
    /// What `O` opens photos with (`open-with`, `open-with-terminal`).
    public var openWith = OpenWith()
    // Videos (issue 21)
    /// The program (and its arguments) videos are handed to (`video-player`); nil: played in place.
    public var videoPlayer: [String]?
    // Slideshow (issue 23)
    /// `slideshow-interval` and `slideshow-shuffle`.
    public var slideshow = SlideshowSettings()
    // Paged feeds (issue 24)
    /// Request headers by lower-cased host (`[web."host"] headers = {…}`).
    public var webHeaders: [String: [String: String]] = [:]
    /// How far into a feed's last page the cursor goes before the next page is fetched
    /// (`feed-threshold`, 0 to 1; 0.5: half a page).
    public var feedThreshold = 0.5
    /// `camera-folders`: folders the import picker lists beside the cameras detected, browsed
    /// and imported as cameras (libgphoto2's "Directory Browse" driver; issue 25).
    public var cameraFolders: [String] = []
    // PostgreSQL libraries (issue 26)
    /// The library when `--library` is not given (`library`): a JSON file's path or a
    /// `postgresql://` address; nil: the default file.
    public var library: String?
    /// A file whose first line is a PostgreSQL library's password (`password-file`): never
    /// printed, logged or stored.
    public var passwordFile: String?
    /// Shared roots (`[roots] NAME = "/local/folder"`): this machine's folder for each.
    public var roots: [String: String] = [:]
    /// Messages naming the file and line of each entry that was not taken.
    public var problems: [String] = []

    public init() {}

    /// Reads `path`; a file that does not exist gives the defaults without a problem.
    public static func load(path: String = LibraryPaths.defaultConfigFile()) -> Config {
        guard FileManager.default.fileExists(atPath: path) else { return Config() }
        guard let data = FileManager.default.contents(atPath: path) else {
            var config = Config()
            config.problems = ["\(path): cannot be read; using the default settings"]
            return config
        }
        return Config(text: String(decoding: data, as: UTF8.self), file: path)
    }

    /// Settings from the text of a config file called `file` in messages.
    public init(text: String, file: String) {
        let document = TOMLDocument(text: text)
        let name = (file as NSString).lastPathComponent
        var problems = document.problems
        for table in document.tables where !["keys", "roots"].contains(table.name) && !table.name.hasPrefix("web.") {
            problems.append("line \(table.line): unknown table [\(table.name)]; known: [keys]")
        }
        var claimed: [Key: (action: Action, line: Int)] = [:]
        for entry in document.entries {
            if entry.table.hasPrefix("web.") {   // paged feeds (issue 24)
                if let problem = setWebHeaders(entry) { problems.append("line \(entry.line): \(problem)") }
                continue
            }
            if entry.table == "roots" {   // paths across machines (issue 26)
                if case let .string(folder) = entry.value, folder.hasPrefix("/") || folder.hasPrefix("~") {
                    roots[entry.key] = LibraryPaths.absolute(folder)
                } else {
                    problems.append("line \(entry.line): [roots] \(entry.key) takes this machine's folder for it in quotes, like \"/mnt/nas/photos\"")
                }
                continue
            }
            guard entry.table == "keys" else {
                if entry.table.isEmpty, let problem = setTopLevel(entry) {
                    problems.append("line \(entry.line): \(problem)")
                }
                continue
            }
            switch Self.keyBinding(entry, claimed: claimed) {
            case let .success((action, keys)):
                keyMap.rebind(action, to: keys)
                for key in keys { claimed[key] = (action, entry.line) }
            case let .failure(problem):
                problems.append("line \(entry.line): \(problem.message)")
            }
        }
        // In the file's order, so the first named is the first to fix.
        let ordered = problems.enumerated().sorted { a, b in
            let lineA = Self.lineNumber(a.element) ?? .max, lineB = Self.lineNumber(b.element) ?? .max
            return lineA != lineB ? lineA < lineB : a.offset < b.offset
        }
        self.problems = ordered.map { "\(name) \($0.element)" }
    }

    /// Takes `[web."host"] headers = { Name = "value", … }` (or `[web."host".headers]` with one
    /// `Name = "value"` a line); returns what is wrong, never quoting a value (they are secrets).
    private mutating func setWebHeaders(_ entry: TOMLDocument.Entry) -> String? {
        var host = String(entry.table.dropFirst(4))
        var headers: [String: TOMLValue]
        if host.hasSuffix(".headers") {
            host = String(host.dropLast(8))
            headers = [entry.key: entry.value]
        } else if entry.key == "headers", case let .table(table) = entry.value {
            headers = table
        } else {
            return "[web.\"\(host)\"] takes only headers = { Name = \"value\", … }"
        }
        guard !host.isEmpty else { return "a [web.\"host\"] table needs a host" }
        for (name, value) in headers {
            guard case let .string(text) = value else { return "header \(name) for \(host) must be a string" }
            webHeaders[host.lowercased(), default: [:]][name] = text
        }
        return nil
    }

    /// N of a problem worded "line N: …".
    private static func lineNumber(_ problem: String) -> Int? {
        guard problem.hasPrefix("line ") else { return nil }
        return Int(problem.dropFirst(5).prefix { $0.isNumber })
    }

    /// The settings outside any table.
    static let topLevelSettings = ["graphics", "graphics-grid", "animations", "trash-days", "rejected",
                                   /* tile size and mouse */ "tile-size", "mouse"]
        + ["open-with", "open-with-terminal"]   // open with (issue 20)
        + ["video-player"]   // Videos (issue 21)
        + ["slideshow-interval", "slideshow-shuffle"]   // Slideshow (issue 23)
        + ["feed-threshold"]   // Paged feeds (issue 24)
        + ["camera-folders"]   // Cameras (issue 25)
        + ["library", "password-file"]   // PostgreSQL libraries (issue 26)

    /// Takes a setting outside any table; returns what is wrong with it, if anything.
    private mutating func setTopLevel(_ entry: TOMLDocument.Entry) -> String? {
        switch (entry.key, entry.value) {
        case let ("graphics", .string(text)):
            guard let choice = GraphicsChoice(parsing: text) else { return GraphicsChoice.problem(with: text) }
            graphics = choice
        case ("graphics", let value):
            return "\"graphics\" takes one of \(GraphicsChoice.names.joined(separator: ", ")) in quotes, not \(value.kind)"
        case let ("graphics-grid", .bool(on)):
            graphicsGrid = on
        case ("graphics-grid", let value):
            return "\"graphics-grid\" takes true or false, not \(value.kind)"
        case let ("animations", .bool(on)):
            animations = on
        case ("animations", let value):
            return "\"animations\" takes true or false, not \(value.kind)"
        case let ("trash-days", .integer(days)) where days >= 1 && days <= 36_500:
            trashDays = days
        case ("trash-days", let value):
            return "\"trash-days\" takes a number of days, 1 or more, not \(value.kind)"
        // Tile size and mouse
        case let ("tile-size", .string(text)):
            guard let size = TileSize(rawValue: text.lowercased()) else {
                return "\"tile-size\" takes one of \(TileSize.names.joined(separator: ", ")), not \"\(text)\""
            }
            tileSize = size
        case ("tile-size", let value):
            return "\"tile-size\" takes one of \(TileSize.names.joined(separator: ", ")) in quotes, not \(value.kind)"
        case let ("mouse", .bool(on)):
            mouse = on
        case ("mouse", let value):
            return "\"mouse\" takes true or false, not \(value.kind)"
        case let ("rejected", .string(text)) where RejectedDisplay(rawValue: text) != nil:
            rejected = RejectedDisplay(rawValue: text) ?? .dim
        case ("rejected", let value):
            return "\"rejected\" takes \"dim\" or \"hide\", not \(value.kind)"
        // PostgreSQL libraries (issue 26): checked where it is used (`LibraryOptions`).
        case let ("library", .string(text)) where !text.isEmpty:
            library = text
        case ("library", let value):
            return "\"library\" takes a JSON file's path or a postgresql:// address in quotes, not \(value.kind)"
        case let ("password-file", .string(path)) where !path.isEmpty:
            passwordFile = LibraryPaths.absolute(path)
        case ("password-file", let value):
            return "\"password-file\" takes the path of a file holding the password in quotes, not \(value.kind)"
        // Open with (issue 20)
        case let ("open-with", .string(text)):
            guard let program = OpenWith(setting: text, inTerminal: openWith.inTerminal) else {
                return "\"open-with\" takes a program, like \"xdg-open\" or \"nsxiv -f\", not an empty text"
            }
            openWith = program
        case ("open-with", let value):
            return "\"open-with\" takes a program in quotes, like \"xdg-open\", not \(value.kind)"
        case let ("open-with-terminal", .bool(on)):
            openWith.inTerminal = on
        case ("open-with-terminal", let value):
            return "\"open-with-terminal\" takes true or false, not \(value.kind)"
        // Videos (issue 21): "mpv --vo=tct" (split at spaces) or ["mpv", "--vo=tct"].
        case let ("video-player", .string(text)) where !text.split(separator: " ").isEmpty:
            videoPlayer = text.split(separator: " ").map(String.init)
        case let ("video-player", .array(words)) where !words.isEmpty && words.allSatisfy({ if case .string = $0 { true } else { false } }):
            videoPlayer = words.compactMap { if case let .string(word) = $0 { word } else { nil } }
        case ("video-player", let value):
            return "\"video-player\" takes a command in quotes (\"mpv --vo=tct\") or a list of its words, not \(value.kind)"
        // Slideshow (issue 23)
        case let ("slideshow-interval", .integer(seconds)) where SlideshowSettings.intervals.contains(Double(seconds)):
            slideshow.interval = Double(seconds)
        case let ("slideshow-interval", .float(seconds)) where SlideshowSettings.intervals.contains(seconds):
            slideshow.interval = seconds
        case ("slideshow-interval", let value):
            return "\"slideshow-interval\" takes seconds from 0.5 to 3600 (like 5 or 2.5), not \(Self.number(value))"
        case let ("slideshow-shuffle", .bool(on)):
            slideshow.shuffle = on
        case ("slideshow-shuffle", let value):
            return "\"slideshow-shuffle\" takes true or false, not \(value.kind)"
        // Cameras (issue 25): one folder or a list of them.
        case let ("camera-folders", .string(path)):
            cameraFolders = [LibraryPaths.absolute(path)]
        case let ("camera-folders", .array(paths)) where paths.allSatisfy({ if case .string = $0 { true } else { false } }):
            cameraFolders = paths.compactMap { if case let .string(path) = $0 { LibraryPaths.absolute(path) } else { nil } }
        case ("camera-folders", let value):
            return "\"camera-folders\" takes a folder in quotes or a list of them, not \(value.kind)"
        // Paged feeds (issue 24)
        case let ("feed-threshold", .float(share)) where (0...1).contains(share):
            feedThreshold = share
        case let ("feed-threshold", .integer(share)) where (0...1).contains(share):
            feedThreshold = Double(share)
        case ("feed-threshold", let value):
            return "\"feed-threshold\" takes a share of a page from 0 to 1 (0.5: half a page), not \(Self.number(value))"
        default:
            return "unknown setting \"\(entry.key)\"; known: \(Self.topLevelSettings.joined(separator: ", ")), [keys]"
        }
        return nil
    }

    /// A number as the file wrote it ("2", "2.5"), else what kind of value it is, for a problem.
    private static func number(_ value: TOMLValue) -> String {
        switch value {
        case let .integer(n): "\(n)"
        case let .float(x): "\(x)"
        default: value.kind
        }
    }

    /// One `[keys]` entry checked: a known action and keys that all parse and that no earlier
    /// entry of the file took for an action working in the same place.
    private static func keyBinding(_ entry: TOMLDocument.Entry, claimed: [Key: (action: Action, line: Int)])
        -> Result<(Action, [Key]), TOMLDocument.Problem> {
        guard let action = Action(rawValue: entry.key) else {
            if Self.topLevelSettings.contains(entry.key) {
                return .failure(.init("\"\(entry.key)\" is a setting, not an action: put it above [keys]"))
            }
            return .failure(.init("unknown action \"\(entry.key)\"; the actions are: "
                + Action.allCases.map(\.rawValue).joined(separator: ", ")))
        }
        let names: [TOMLValue]
        switch entry.value {
        case .string: names = [entry.value]
        case let .array(items): names = items
        default: return .failure(.init("\"\(entry.key)\" takes a key name or a list of them, not \(entry.value.kind)"))
        }
        var keys: [Key] = []
        for name in names {
            guard case let .string(text) = name else {
                return .failure(.init("\"\(entry.key)\" takes key names in quotes, not \(name.kind)"))
            }
            guard let key = KeyName.parse(text) else {
                return .failure(.init("\"\(text)\" is not a key name (examples: \"x\", \"X\", \"enter\", \"esc\", \"space\", \"ctrl-b\", \"pgdn\", \"f2\")"))
            }
            if key == .ctrl("s") || key == .ctrl("q") {
                return .failure(.init("\"\(text)\" never reaches photory: the terminal takes Ctrl-S and Ctrl-Q to stop and restart its output"))
            }
            if let other = claimed[key], other.action != action, Self.shareContext(action, other.action) {
                return .failure(.init("\"\(text)\" is already given to \"\(other.action.rawValue)\" on line \(other.line)"))
            }
            keys.append(key)
        }
        return .success((action, keys))
    }

    private static func shareContext(_ a: Action, _ b: Action) -> Bool {
        func contexts(_ action: Action) -> Set<KeyContext> {
            KeyMap.defaultBindings.filter { $0.action == action }.reduce(into: []) { $0.formUnion($1.contexts) }
        }
        return !contexts(a).isDisjoint(with: contexts(b))
    }
}
