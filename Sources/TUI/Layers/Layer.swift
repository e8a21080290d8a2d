/// One modal layer over the screens: the import picker, a form, the map, a confirmation, the
/// import overlay, the help, the search line. `AppState.layers` holds them in one ordered
/// stack, bottom first, in the order they were opened (the import overlay stays on top: see
/// `AppState.open`): keys go to the top layer (and on down while layers answer `.ignored`,
/// then to the screen), drawing goes bottom-up over the same array, and the status-bar hints
/// and the key context come from the top layer. A layer never changes the rest of the state
/// itself: it answers with a `LayerOutcome`, and `AppState.carryOut` is the one place that acts.
///
/// How to add a modal (one state type, one view, one case):
/// 1. A state type conforming to `LayerState` (a value: what the modal shows and where the user
///    is in it), with `handle` turning the key's action into an outcome, `keyContext`, and
///    `layer` wrapping it (`.yours(self)`). Its view draws it in `render`.
/// 2. A `KeyContext` case for it, with its default bindings in `KeyMap.defaultBindings` (so `?`
///    lists them, `config.toml` can rebind them and `photory-tui keys` shows them). If it asks
///    the app for something new, a case of `LayerRequest` and its lines in `carryOut`.
/// 3. A case here and its line in `state`; open it with `state.open(.yours(…))`.
enum Layer: Sendable {
    case picker(ImportPickerState)
    case dateForm(DateFormState)
    case placeForm(PlaceFormState)
    case map(MapScreenState)
    case writeConfirmation(WriteConfirmation)
    case searchLine(SearchLineLayer)
    case importOverlay(ImportOverlayState)
    case help(HelpState)
    // Issue 22: the label choice, the tag editor, the delete confirmation, the Trash
    case labelChoice(LabelChoice)
    case tagEditor(TagEditor)
    case deleteConfirmation(DeleteConfirmation)
    case trash(TrashList)
    case commandLine(CommandLineLayer)
    case commandOutput(CommandOutputLayer)
    // All the metadata (issue 20): every tag of the file.
    case allTags(AllTagsLayer)
    // Albums (issue 23): the album picker, deleting an album
    case albumPicker(AlbumPicker)
    case albumDeleteConfirmation(AlbumDeleteConfirmation)
    // Look-alike duplicates (issue 23): the review.
    case duplicates(DuplicatesReview)
    // Slideshow (issue 23): full screen, over the grid it started on.
    case slideshow(Slideshow)
    // Export (issue 23): `X`'s folder and options.
    case exportForm(ExportForm)
    // Paged feeds (issue 24): the feed view, over the grid it opened on.
    case feedView(FeedStream)
    // GPX geotagging (issue 25): the form placing the marked photos on tracks.
    case geotagForm(GeotagForm)
    // Webcams (issue 25): the live preview, in the photo view's place.
    case webcam(WebcamPreview)

    /// The layer's state, to ask and draw.
    var state: any LayerState {
        switch self {
        case let .picker(state): state
        case let .dateForm(state): state
        case let .placeForm(state): state
        case let .map(state): state
        case let .writeConfirmation(state): state
        case let .searchLine(state): state
        case let .importOverlay(state): state
        case let .help(state): state
        case let .labelChoice(state): state
        case let .tagEditor(state): state
        case let .deleteConfirmation(state): state
        case let .trash(state): state
        case let .commandLine(state): state
        case let .commandOutput(state): state
        case let .allTags(state): state
        case let .albumPicker(state): state
        case let .albumDeleteConfirmation(state): state
        case let .duplicates(state): state
        case let .slideshow(state): state
        case let .exportForm(state): state
        case let .feedView(state): state   // Paged feeds (issue 24)
        case let .geotagForm(state): state
        case let .webcam(state): state
        }
    }

    /// Offers `key` (its action in this layer's context already looked up) to the layer.
    mutating func handle(_ key: Key, action: Action?, state app: AppState) -> LayerOutcome {
        var changed = state
        let outcome = changed.handle(key, action: action, state: app)
        self = changed.layer
        return outcome
    }
}

/// What every layer can do: answer a key, say whose keys apply, hint at them, and draw itself.
protocol LayerState: Sendable {
    /// Whose key bindings apply while this layer is on top.
    var keyContext: KeyContext { get }
    /// The layer holding this state (`.yours(self)`).
    var layer: Layer { get }
    /// Takes a key; `action` is what it does in `keyContext` (nil when no binding takes it:
    /// a character to type, or a key to ignore). `state` is the app as it is, to read.
    mutating func handle(_ key: Key, action: Action?, state: AppState) -> LayerOutcome
    /// The status bar's hints while this layer is on top; nil leaves the hints of what is
    /// below (a form shows its keys in its own box).
    func hints(_ state: AppState) -> String?
    /// What the title line says while this layer shows; nil leaves the screen's title.
    func title(_ state: AppState) -> String?
    /// Draws the layer over what is below it.
    func render(_ state: AppState, into grid: inout CellGrid)
    /// Whether it is drawn over the photos (a pixel image would show through: see `pixelFormat`).
    var coversPhotos: Bool { get }
}

extension LayerState {
    func hints(_ state: AppState) -> String? { nil }
    func title(_ state: AppState) -> String? { nil }
    var coversPhotos: Bool { true }
}
