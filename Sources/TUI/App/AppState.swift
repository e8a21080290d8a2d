import Library

/// The whole state of the browser, one value. `update` changes it and returns effects; the
/// screens draw it; nothing else holds state that a user can see.
public struct AppState: Sendable {
    /// Which base screen is showing.
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
    public internal(set) var screen: Screen = .home
    var homeCursor = GridCursor()
    var groupCursor = GridCursor()
    /// The import picker, when open (modal, over the screen).
    var picker: ImportPickerState?
    /// The import progress or summary overlay, when shown (modal, over everything).
    var importOverlay: ImportOverlayState?
    var showHelp = false
    var previews = PreviewCache()
    /// A one-off message for the status bar (an error, "library reloaded"); cleared by the next key.
    var status: String?
    /// Folders the picker starts in and jumps to with `~`.
    let startFolder: String
    let homeFolder: String
    public internal(set) var shouldQuit = false

    public init(library: PhotoLibrary, columns: Int, rows: Int, colorMode: ColorMode,
                startFolder: String, homeFolder: String) {
        self.library = library
        self.columns = columns
        self.rows = rows
        self.colorMode = colorMode
        self.startFolder = startFolder
        self.homeFolder = homeFolder
    }

    // MARK: - Derived

    var isTooSmall: Bool { columns < Self.minimumSize.columns || rows < Self.minimumSize.rows }

    /// The screen area between the title line and the status bar.
    var contentArea: Rect { Rect(x: 0, y: 1, width: columns, height: max(0, rows - 2)) }

    var gridLayout: GridLayout { GridLayout(area: contentArea) }

    /// The group on screen (group grid or detail view).
    var currentGroup: PhotoGroup? {
        switch screen {
        case .home: nil
        case let .group(id), let .detail(id, _): library.group(id: id)
        }
    }

    /// The photo shown in the detail view.
    var detailPhoto: Photo? {
        guard case let .detail(groupID, index) = screen, let group = library.group(id: groupID),
              group.photoIDs.indices.contains(index) else { return nil }
        return library.photo(id: group.photoIDs[index])
    }

    /// Is any work running whose results the screen waits for?
    public var isImporting: Bool { importOverlay?.isRunning == true }
}
