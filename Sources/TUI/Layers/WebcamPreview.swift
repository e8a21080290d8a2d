import Library

/// The webcam preview (issue 25): `c` in the import picker away from a camera opens it; the
/// webcam's frames show live where the photo view shows a photo (through the video's drawing
/// path: pixels where the terminal has them, else character art). Space takes the picture
/// (imported and shown in the photo view: `AppState.captured`), Esc closes.
///
/// A layer like the slideshow: keys in `KeyContext.webcam`, drawn alone by `WebcamView`. The
/// frames come from `WebcamRunner` (`Effect.startWebcam`); each request has a new `generation`
/// (a resize asks again), and frames of another one are ignored.
struct WebcamPreview: Equatable, Sendable, LayerState {
    var generation: Int
    /// The device, once it is open.
    var device: WebcamDevice?
    /// The frame on screen; nil until the first comes.
    var frame: WebcamFrame?
    /// Frames shown so far.
    var framesShown = 0
    /// The shutter was pressed: the picture is being taken and imported.
    var taking = false
    /// Set once pixel frames could not keep up: character art from then on.
    var pixelsOff = false

    /// Takes `frame`: false when it is another request's (or the picture is being taken).
    mutating func receive(_ frame: WebcamFrame) -> Bool {
        guard frame.generation == generation, !taking else { return false }
        self.frame = frame
        framesShown += 1
        return true
    }

    // MARK: - LayerState

    var keyContext: KeyContext { .webcam }
    var layer: Layer { .webcam(self) }
    /// Drawn instead of the screen, pixels included.
    var coversPhotos: Bool { false }

    mutating func handle(_ key: Key, action: Action?, state: AppState) -> LayerOutcome {
        switch action {
        case .shutter:
            guard frame != nil, !taking else { return .consumed() }   // nothing to take yet, or taking
            taking = true
            return .consumed(then: .takeWebcamPicture)
        case .close: return .close(then: .stopWebcam)
        case .help: return .consumed(then: .showHelp)
        default: return .consumed()
        }
    }

    func title(_ state: AppState) -> String? { WebcamView.title(self) }
    func hints(_ state: AppState) -> String? { state.keyMap.hints([.shutter, .close, .help], in: .webcam) }
    func render(_ state: AppState, into grid: inout CellGrid) { WebcamView.render(self, state: state, into: &grid) }
}
