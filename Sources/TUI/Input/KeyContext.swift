/// Where a key is pressed: each screen and each layer (see `Layer`) has its own bindings. The
/// order of the cases is the order `photory-tui keys` lists them in.
public enum KeyContext: String, CaseIterable, Sendable {
    case home, group, detail, list, search, picker, importProgress, help, dateForm, placeForm, map, writeConfirmation
    // Issue 22's layers: the label choice, the tag editor, the delete confirmation, the Trash
    case labelChoice, tagEditor, deleteConfirmation, trash
    /// `!`: typing a command, then reading its output (issue 20).
    case commandLine, commandOutput
    // Videos (issue 21): a video playing in the photo view
    case video
    // All the metadata (issue 20).
    case allTags
    // Zoom in the photo view
    case zoomedPhoto
    // Albums (issue 23): inside an album (over the group's keys), the album picker, deleting an album
    case album, albumPicker, albumConfirmation
    // Look-alike duplicates (issue 23): the review layer.
    case duplicates
    // Slideshow (issue 23)
    case slideshow
    // Export (issue 23): the line where the folder is typed.
    case exportLine
    // Albums (issue 23): a photo of an album in the photo view (over the photo view's keys).
    case albumPhoto
    // Paged feeds (issue 24): the feed view (`V`).
    case feedView
    // GPX geotagging (issue 25): the geotag form.
    case geotagForm
    // Webcams (issue 25): the live preview (`c` in the import picker away from a camera).
    case webcam

    /// The name `photory-tui keys` gives this context.
    public var name: String {
        switch self {
        case .home: "home"
        case .group: "group"
        case .detail: "photo"
        case .list: "list"
        case .search: "search"
        case .picker: "picker"
        case .importProgress: "import"
        case .help: "help"
        case .dateForm: "date-form"
        case .placeForm: "place-form"
        case .map: "map"
        case .writeConfirmation: "write-confirmation"
        case .labelChoice: "label-choice"
        case .tagEditor: "tag-editor"
        case .deleteConfirmation: "delete-confirmation"
        case .trash: "trash"
        case .commandLine: "command-line"
        case .commandOutput: "command-output"
        case .video: "video"
        case .allTags: "all-tags"
        case .zoomedPhoto: "photo-zoomed"
        case .album: "album"
        case .albumPicker: "album-picker"
        case .albumConfirmation: "album-confirmation"
        case .duplicates: "duplicates"
        case .slideshow: "slideshow"
        case .exportLine: "export-line"
        case .albumPhoto: "album-photo"
        case .feedView: "feed-view"   // Paged feeds (issue 24)
        case .geotagForm: "geotag-form"
        case .webcam: "webcam"
        }
    }

    /// The title of the help overlay for this context.
    var helpTitle: String {
        switch self {
        case .home: "Keys — groups"
        case .group: "Keys — photos of a group"
        case .detail: "Keys — photo"
        case .list: "Keys — photos of a group (list)"
        case .search: "Keys — search line"
        case .picker: "Keys — import picker"
        case .importProgress: "Keys — import"
        case .help: "Keys — help"
        case .dateForm: "Keys — date form"
        case .placeForm: "Keys — place form"
        case .map: "Keys — map"
        case .writeConfirmation: "Keys — write to the files"
        case .labelChoice: "Keys — colour label"
        case .tagEditor: "Keys — tags"
        case .deleteConfirmation: "Keys — move to the trash"
        case .trash: "Keys — Trash"
        case .commandLine: "Keys — command on the photos"
        case .commandOutput: "Keys — command output"
        case .video: "Keys — video playing"
        case .allTags: "Keys — all the tags of the file"
        case .zoomedPhoto: "Keys — zoomed photo"
        case .album: "Keys — photos of an album"
        case .albumPicker: "Keys — album"
        case .albumConfirmation: "Keys — delete the album"
        case .duplicates: "Keys — duplicates"
        case .slideshow: "Keys — slideshow"
        case .exportLine: "Keys — export to a folder"
        case .albumPhoto: "Keys — photo of an album"
        case .feedView: "Keys — feed view"   // Paged feeds (issue 24)
        case .geotagForm: "Keys — geotag form"
        case .webcam: "Keys — webcam"
        }
    }

    /// The context whose bindings apply under this one for keys it does not bind itself (a
    /// zoomed photo pans with the arrows, and answers every other key of the photo view).
    var underlying: KeyContext? {
        switch self {
        case .zoomedPhoto: .detail
        case .album: .group
        case .albumPhoto: .detail
        default: nil
        }
    }

    /// Layers where typing a character that no binding takes puts it in a text field.
    var takesText: Bool { [.search, .dateForm, .placeForm, .tagEditor, .commandLine, .albumPicker, .exportLine,
                                         .geotagForm].contains(self) }   // GPX geotagging (issue 25)
}
