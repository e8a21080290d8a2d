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
    /// After a camera import: delete the copied files from the camera (asking first; issue 25).
    case deleteFromCamera = "delete-from-camera"
    /// In the import picker: the highlighted camera takes a picture (tethered capture; issue 25).
    case capture
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
    // Scoped search: the group searched ↔ the whole library
    case searchScope = "search-scope"
    // Tile size: bigger or smaller thumbnails in the grids
    case largerTiles = "larger-tiles", smallerTiles = "smaller-tiles"
    // Rating, flags, labels, tags, culling and the trash (issue 22)
    case rate0 = "rate-0", rate1 = "rate-1", rate2 = "rate-2", rate3 = "rate-3", rate4 = "rate-4", rate5 = "rate-5"
    case reject, pick
    case labelRed = "label-red", labelYellow = "label-yellow", labelGreen = "label-green", labelBlue = "label-blue"
    /// The label choice (all six colours and none).
    case chooseLabel = "choose-label"
    case editTags = "edit-tags"
    /// Tab in the tag editor: the highlighted tag into the line.
    case complete
    /// The photo view's cull mode: a rating, reject, pick or label key moves on to the next photo.
    case cull
    /// Move the photos to the trash (a confirmation first); in the Trash, delete for good.
    case deletePhotos = "delete-photos"
    /// In the Trash: put the photo back where it was.
    case restore
    // Rotate and flip; open with, run on marks, copy the path (issue 20)
    case rotateRight = "rotate-right", rotateLeft = "rotate-left", flip
    case openWith = "open-with", runCommand = "run-command", copyPath = "copy-path"
    // Videos (issue 21): playing in the photo view
    case play, pause, stop
    case seekBack = "seek-back", seekForward = "seek-forward"
    // All the metadata (issue 20): every tag of the photo's file.
    case allTags = "all-tags"
    // On this day (issue 23): a memory on the home grid gone for today.
    case dismissMemory = "dismiss-memory"
    // Stacks (issue 21): the photo view shows the next file of a RAW+JPEG or a Live Photo.
    case nextStackMember = "next-stack-member"
    // Albums (issue 23): b adds to an album, B makes one of a folder or results; inside an album
    // its own keys (KeyContext.album).
    case addToAlbum = "add-to-album", makeAlbum = "make-album"
    case removeFromAlbum = "remove-from-album", moveEarlier = "move-earlier", moveLater = "move-later"
    case setCover = "set-cover", renameAlbum = "rename-album", deleteAlbum = "delete-album", albumSort = "album-sort"
    // Look-alike duplicates (issue 23): D on home opens the review; its own keys inside it.
    case showDuplicates = "show-duplicates"
    /// In the review: keep the highlighted photo instead of the suggested one.
    case keepThis = "keep-this"
    /// In the review: keep every photo of the group (nothing changes), on to the next.
    case keepAll = "keep-all"
    /// In the review: merge into the kept photo and move the others to the trash (asks first).
    case resolveGroup = "resolve-group"
    /// In the review: merge into the kept photo and mark the others rejected (they stay).
    case rejectOthers = "reject-others"
    // Slideshow (issue 23): S plays the grid; in it, shuffle and the caption line (pause,
    // previous, next and close serve too).
    case slideshow, shuffle, caption
    // Export (issue 23): X copies the marked photos (or this one) into a folder.
    case export
    // Paged feeds (issue 24): V opens the feed view (a stream of large photos); M loads a feed's
    // next page now (after a failure: tries again).
    case feedView = "feed-view", loadMore = "load-more"
    // GPX geotagging (issue 25): H places the marked photos (or this one) on GPS tracks.
    case geotag
    // Webcams (issue 25): in the webcam preview, take the picture.
    case shutter
}
