import Library

/// The whole state of the browser, one value. `update` changes it and returns effects; the
/// screens draw it; nothing else holds state that a user can see.
public struct AppState: Sendable {
    /// Which base screen is showing (the top of the navigation stack).
    public enum Screen: Equatable, Sendable {
        case home
        case group(id: String)
        case detail(groupID: String, index: Int)
    }

    /// The smallest terminal the screens can draw in.
    public static let minimumSize = (columns: 30, rows: 12)

    public var columns: Int
    public var rows: Int
    public internal(set) var library: PhotoLibrary
    public let colorMode: ColorMode
    /// Pixel images where the terminal can show them (sixel, kitty, iTerm2), else character art.
    public internal(set) var graphics: GraphicsSettings
    /// The screens the user went through, home at the bottom; back pops. Never empty.
    var stack: [ScreenFrame] = [.home(GridCursor())]
    /// The import picker, when open (modal, over the screen).
    var picker: ImportPickerState?
    /// The import progress or summary overlay, when shown (modal, over everything).
    var importOverlay: ImportOverlayState?
    var showHelp = false
    /// How far the help is scrolled (when it is taller than the terminal).
    var helpScroll = 0
    /// Every problem of the config file, for the help to list (the status line names the first).
    let configProblems: [String]
    /// The date form, when open (modal).
    var dateForm: DateFormState?
    /// The place form, when open (modal).
    var placeForm: PlaceFormState?
    /// The map, when open (over the screen).
    var map: MapScreenState?
    /// Asking to write edits into the files (`W`): the photos it would write.
    var writeConfirmation: [String]?
    /// The info panel is shown beside or over the photo (group grid and detail view).
    var showInfo = false
    /// How far the info panel is scrolled (when taller than its box), for the photo it was
    /// scrolled on: another photo's panel starts at its top.
    var infoScroll: (photoID: String, top: Int)?
    /// The file's own metadata of the photo in the info panel, read when the panel asks.
    var infoDetails: (photoID: String, result: Result<Metadata, FileMetadataError>)?
    /// Photos marked in the group on screen (cleared when the group is left).
    var marks: Set<String> = []
    /// Where the last mark was set, for marking a range (`v`).
    var markAnchor: Int?
    /// Edits made on screen whose save has not been confirmed yet, in order.
    var unsaved: [(sequence: Int, edit: LibraryEdit)] = []
    /// Edits saved while the browser's import ran: the library the import hands back may have
    /// been read before them, so they are replayed on it (once: `replayOnce`).
    var savedDuringImport: [LibraryEdit] = []
    var editSequence = 0
    var previews = PreviewCache()
    /// Originals of web photos being downloaded for the detail view (or failed), by photo id.
    var originalDownloads: [String: OriginalDownload] = [:]
    /// The originals last asked of the download queue, in order.
    var originalsAskedFor: [String] = []
    /// Originals downloaded in this session, as saved: a library read from disk before one
    /// was saved gets it again (see `installFromDisk`).
    var downloadedOriginals: [String: Photo] = [:]
    /// A one-off message for the status bar (an error, "library reloaded"); cleared by the next key.
    var status: String?
    /// The keys, from the defaults and the user's config file.
    public let keyMap: KeyMap
    /// What is remembered between runs (the last import folder).
    public internal(set) var remembered: RememberedState
    /// The folder photory was started in (the picker's `.`) and the home folder (`~`).
    let startFolder: String
    let homeFolder: String
    public internal(set) var shouldQuit = false
    /// Bumped whenever a new library is installed, so work built from an older one (a folder
    /// tree, a search index) is recognised when it comes back.
    var generation = 0
    /// The folders of the active grouping (not description), built off the UI thread; may be
    /// one library change behind until the rebuild arrives.
    var tree: (kind: GroupingKind, tree: FolderTree, generation: Int)?
    /// The tree asked for and not yet received.
    var treeRequest: (kind: GroupingKind, generation: Int)?
    /// The search index and the library generation it was built from.
    var searchIndex: (index: SearchIndex, generation: Int)?
    var searchIndexRequest: Int?
    /// The search line, results and where search was opened from (see `AppState+Find`).
    var search = SearchState()
    /// Grids and lists of photos on the stack, as shown (sorted, with their subfolders), by id.
    var pageCache: [String: FolderPage] = [:]
    /// The photo growing from its tile or shrinking back into it, while it does (see `PhotoTransition`).
    var transition: PhotoTransition?
    /// Whether opening a photo is animated (`animations` in `config.toml`; the browser passes it, tests opt in).
    let animations: Bool

    public init(library: PhotoLibrary, columns: Int, rows: Int, colorMode: ColorMode,
                startFolder: String, homeFolder: String, keyMap: KeyMap = KeyMap(),
                remembered: RememberedState = RememberedState(), status: String? = nil,
                graphics: GraphicsSettings = .symbols, configProblems: [String] = [], animations: Bool = false) {
        self.library = library
        self.columns = columns
        self.rows = rows
        self.colorMode = colorMode
        self.graphics = graphics
        self.startFolder = startFolder
        self.homeFolder = homeFolder
        self.keyMap = keyMap
        self.remembered = remembered
        self.status = status
        self.configProblems = configProblems
        self.animations = animations
    }

    // MARK: - Derived

    public var screen: Screen { stack[stack.count - 1].screen }

    var isTooSmall: Bool { columns < Self.minimumSize.columns || rows < Self.minimumSize.rows }

    /// Whose key bindings apply now: the topmost modal layer, else the screen.
    var keyContext: KeyContext {
        if importOverlay != nil { return .importProgress }
        if picker != nil { return .picker }
        if map != nil { return .map }
        return stack[stack.count - 1].keyContext
    }

    /// The screen area between the title line and the status bar.
    var contentArea: Rect { Rect(x: 0, y: 1, width: columns, height: max(0, rows - 2)) }

    var gridLayout: GridLayout { GridLayout(area: contentArea) }

    /// The selection in the home grid (the bottom of the stack).
    var homeCursor: GridCursor {
        get {
            guard case let .home(cursor) = stack[0] else { return GridCursor() }
            return cursor
        }
        set { stack[0] = .home(newValue) }
    }

    /// The selection in the group grid on the stack (a default cursor when there is none).
    var groupCursor: GridCursor {
        get {
            for case let .group(_, cursor) in stack.reversed() { return cursor }
            return GridCursor()
        }
        set {
            guard let i = stack.lastIndex(where: { if case .group = $0 { true } else { false } }),
                  case let .group(id, _) = stack[i] else { return }
            stack[i] = .group(id: id, cursor: newValue)
        }
    }

    /// The photos of the grid on screen (group grid or detail view), in the order shown.
    var currentGroup: PhotoGroup? { currentPage?.group }

    /// The grid on screen, subfolders and photos (group grid or detail view).
    var currentPage: FolderPage? {
        switch screen {
        case .home: nil
        case let .group(id), let .detail(id, _): page(id: id)
        }
    }

    /// The photo shown in the detail view.
    var detailPhoto: Photo? {
        guard case let .detail(groupID, index) = screen, let group = page(id: groupID)?.group,
              group.photoIDs.indices.contains(index) else { return nil }
        return library.photo(id: group.photoIDs[index])
    }

    /// Is any work running whose results the screen waits for?
    public var isImporting: Bool { importOverlay?.isRunning == true }
}
