/// Something the user can ask for with a key. The raw value is the name used in the
/// `[keys]` table of the config file.
public enum Action: String, CaseIterable, Sendable {
    // Moving in a grid or list
    case left, right, up, down
    case pageUp = "page-up", pageDown = "page-down"
    case first, last
    // Screens
    case open, back, quit
    case previous, next
    case importPhotos = "import", reload, help
    /// Re-fetch every web feed in the library.
    case refreshFeeds = "refresh-feeds"
    // The import picker
    case parentFolder = "parent-folder"
    case mark, markAll = "mark-all"
    case importMarked = "import-marked"
    case homeFolder = "home-folder", workingFolder = "working-folder"
    case typePath = "type-path", typeURL = "type-url"
    case close
    // The import overlay
    case cancelImport = "cancel-import"
    // Organising
    case markRange = "mark-range"
    case favourite, info
    case editDate = "edit-date", editPlace = "edit-place", map
    case undo, redo
    case writeBack = "write-back"
    // Finding and regrouping
    case search, grouping = "grouping", sort, listView = "list-view"
    // The map
    case zoomIn = "zoom-in", zoomOut = "zoom-out"
    // Zoom in the photo view (zoom-in, zoom-out and the moving keys serve too)
    case zoomFit = "zoom-fit"
    // Forms, confirmations and the search line
    case accept, cancel
    /// The date form's set / shift.
    case switchMode = "switch-mode"
    case previousField = "previous-field", nextField = "next-field"
    /// The place form's list of cities.
    case previousChoice = "previous-choice", nextChoice = "next-choice"
    // Editing a text field (typed characters go in as text)
    case cursorLeft = "cursor-left", cursorRight = "cursor-right"
    case lineStart = "line-start", lineEnd = "line-end"
    case deleteBack = "delete-back", deleteForward = "delete-forward"
    case clearLine = "clear-line"
}
