import Library

/// The whole state of the browser, one value. `update` changes it and returns effects; the
/// screens draw it; nothing else holds state that a user can see. Its parts: the terminal
/// (size, colours, graphics), the `Session` (the library, the user's keys and remembered
/// choices), where the user is (`stack` of `ScreenFrame`s, each screen's own state inside its
/// frame), the `layers` over the screens, and the caches and edit bookkeeping below.
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
    public let colorMode: ColorMode
    /// Pixel images where the terminal can show them (sixel, kitty, iTerm2), else character art.
    public internal(set) var graphics: GraphicsSettings
    /// The screens the user went through, home at the bottom; back pops. Never empty.
    var stack: [ScreenFrame] = [.home(GridCursor())]
    /// The modal layers over the screen, bottom first: the top one takes the keys (see `Layer`).
    var layers: [Layer] = []
    /// Stacks (issue 21): the member of a stack the photo view shows instead of its cover (Tab).
    var shownStackMember: (coverID: String, memberID: String)?
    /// The info panel is shown beside or over the photo (group grid and detail view).
    var showInfo = false
    /// How far the info panel is scrolled (when taller than its box), for the photo it was
    /// scrolled on: another photo's panel starts at its top.
    var infoScroll: (photoID: String, top: Int)?
    /// The file's own metadata of the photo in the info panel, read when the panel asks.
    var infoDetails: (photoID: String, result: Result<Metadata, FileMetadataError>)?
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
    /// Why the library cannot be saved to or followed now (a PostgreSQL server gone, a lock
    /// held), shown on the status line whenever no other message is (issue 26); nil: all well.
    var libraryTrouble: String?
    /// The library is being read behind the first frame (issue 26): the home grid from an
    /// aggregate and folders a screen at a time meanwhile (`ReadingBehind`); nil once it is in.
    var readingBehind: ReadingBehind?
    /// The library, the keys and what is remembered: what the whole run works with.
    public internal(set) var session: Session
    public internal(set) var shouldQuit = false
    /// What is made from the library (folder tree, search index, pages), kept while true:
    /// every change of the library is recorded there with what it touched.
    var caches = DerivedCaches()
    /// The search line, results and where search was opened from (see `AppState+Find`).
    var search = SearchState()
    /// The photo growing from its tile or shrinking back into it, while it does (see `PhotoTransition`).
    var transition: PhotoTransition?
    // Rating, culling and the trash (issue 22)
    /// Cull mode is on (`c` in the photo view; see `isCulling`).
    var culling = false
    /// Rejected photos dimmed or hidden in the grids (`rejected` in `config.toml`).
    public var rejectedDisplay: RejectedDisplay = .dim
    /// Days what photory trashed stays in the trash (`trash-days`), for the days left.
    public var trashDays = 30
    /// Moves to or from the trash still running in the background (`moveFiles`).
    var trashMovesInFlight = 0
    /// `u`/`U` pressed while files were still moving: done in order once they have moved, so
    /// an undo never skips past a move whose step is not in the history yet (true: undo).
    var travelsWaiting: [Bool] = []
    // Videos (issue 21)
    /// The video playing in the photo view, while it plays or is paused (see `VideoPlayback`).
    var playback: VideoPlayback?
    /// The `video-player` command of `config.toml` (the program and its arguments): videos are
    /// handed to it instead of being played in place. Nil: played in place.
    var videoPlayer: [String]?
    /// Requests for frames made so far (each `VideoPlayback.generation` is one).
    var videoRequests = 0
    /// The photo view's zoom (`+`, `-`, `z`) while it is on a zoomed photo (see `AppState+Zoom`).
    var photoZoom: PhotoZoom?
    // On this day (issue 23)
    /// The day the memories are for (`AppState+Memories`); the browser sets it, nil shows none.
    public var today: OnThisDay?
    /// Whether opening a photo is animated (`animations` in `config.toml`; the browser passes it, tests opt in).
    let animations: Bool
    /// The last command `!` ran, offered again the next time.
    var lastCommand = ""
    // Slideshow (issue 23)
    /// `slideshow-interval` and `slideshow-shuffle` of `config.toml` (the browser passes them).
    public var slideshowSettings = SlideshowSettings()
    /// Where the next slideshow's shuffled order comes from (the browser sets a random one; each
    /// slideshow takes the next number of it).
    public var slideshowSeed: UInt64 = 0
    // Export (issue 23)
    /// The folder the last export went to, offered again (this run only).
    var lastExportFolder: String?
    /// The options of the last export (`X`), offered again.
    var lastExportOptions = ExportOptions()
    // Paged feeds (issue 24): each feed's next page under way or failed, by feed URL.
    var feedLoads: [String: FeedLoad] = [:]
    // Tethered capture (issue 25)
    /// A photo just taken, shown in the photo view once its folder is built, and what the
    /// status line then says.
    var capturedToShow: (photoID: String, status: String)?
    /// Numbers the webcam preview's requests (issue 25).
    var webcamRequests = 0
    /// `feed-threshold` of `config.toml`: how far into a feed's last page the cursor goes before
    /// the next page is fetched (0.5: half a page).
    public var feedThreshold = 0.5

    public init(library: PhotoLibrary, columns: Int, rows: Int, colorMode: ColorMode,
                startFolder: String, homeFolder: String, keyMap: KeyMap = KeyMap(),
                remembered: RememberedState = RememberedState(), status: String? = nil,
                graphics: GraphicsSettings = .symbols, configProblems: [String] = [], animations: Bool = false,
                tileSize: TileSize = .standard, openWith: OpenWith = OpenWith(inTerminal: true)) {
        session = Session(library: library, keyMap: keyMap, remembered: remembered, configProblems: configProblems,
                          startFolder: startFolder, homeFolder: homeFolder, tileSizeSetting: tileSize, openWith: openWith)
        self.columns = columns
        self.rows = rows
        self.colorMode = colorMode
        self.graphics = graphics
        self.status = status
        self.animations = animations
    }

    // MARK: - Derived

    public var screen: Screen { stack[stack.count - 1].screen }

    var isTooSmall: Bool { columns < Self.minimumSize.columns || rows < Self.minimumSize.rows }

    /// Whose key bindings apply now: the top layer's, else the screen's.
    var keyContext: KeyContext { layers.last?.state.keyContext ?? screenKeyContext }

    /// Whose key bindings apply to the screen (under the layers).
    var screenKeyContext: KeyContext {
        let context = stack[stack.count - 1].keyContext
        if context == .detail, playback != nil { return .video }   // Videos (issue 21)
        if context == .detail, detailZoom != nil { return .zoomedPhoto }
        if context == .group, currentAlbum != nil { return .album }   // Albums (issue 23)
        if context == .detail, currentAlbum != nil { return .albumPhoto }
        return context == .group && listView ? .list : context
    }

    /// The screen area between the title line and the status bar.
    var contentArea: Rect { Rect(x: 0, y: 1, width: columns, height: max(0, rows - 2)) }

    var gridLayout: GridLayout { GridLayout(area: contentArea, tileSize: tileSize) }

    /// The home grid's layout: the Albums section has rows of its own (issue 23).
    var homeLayout: GridLayout { gridLayout.startingRows(at: HomeScreen.albumRows(homeFolders)) }

    /// The selection in the home grid (the bottom of the stack).
    var homeCursor: GridCursor {
        get {
            guard case let .home(cursor) = stack[0] else { return GridCursor() }
            return cursor
        }
        set { stack[0] = .home(newValue) }
    }

    /// The photo grid on the stack nearest the top (the one on screen, or under the photo view);
    /// setting it changes that frame (nothing when there is none).
    var groupFrame: GroupFrame? {
        get {
            for case let .group(frame) in stack.reversed() { return frame }
            return nil
        }
        set {
            guard let newValue, let i = stack.lastIndex(where: { if case .group = $0 { true } else { false } }) else { return }
            stack[i] = .group(newValue)
        }
    }

    /// The selection in the group grid on the stack (a default cursor when there is none).
    var groupCursor: GridCursor {
        get { groupFrame?.cursor ?? GridCursor() }
        set { groupFrame?.cursor = newValue }
    }

    /// Photos marked in the grid on screen or under the photo view (they go with the grid).
    var marks: Set<String> {
        get { groupFrame?.marks ?? [] }
        set { groupFrame?.marks = newValue }
    }

    /// Where the last mark was set in that grid, for marking a range (`v`).
    var markAnchor: Int? {
        get { groupFrame?.markAnchor }
        set { groupFrame?.markAnchor = newValue }
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
        let id = group.photoIDs[index]
        // Stacks (issue 21): the member Tab went to, while its stack's cover is the one paged to.
        if let shown = shownStackMember, shown.coverID == id, let member = library.photo(id: shown.memberID) { return member }
        return library.photo(id: id)
    }

    /// Is any work running whose results the screen waits for?
    public var isImporting: Bool { importOverlay?.isRunning == true }
}
