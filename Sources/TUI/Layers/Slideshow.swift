import Library

/// The slideshow (`S`, issue 23): the photos of the grid it was started on, full screen, one
/// after the other. A layer like the others (keys in `KeyContext.slideshow`, drawn by
/// `SlideshowView`), but it takes the whole screen: `AppView` draws it instead of the screen
/// under it, and pixel images show in it (it does not `coversPhotos`).
///
/// Its clock is the run loop's: `AppState.slideshowTickDue` says when the loop must post the
/// next `Msg.slideshowTick`, whose time stamps when a slide began (`shownAt`). Pure, like the
/// rest: tests send the ticks with the times they like. A slide whose preview is not made yet
/// when its time comes is waited for (`waitingForNext`): the next preview is asked for ahead
/// (`AppState.slideshowPreviews`), so no slide shows half-made.
struct Slideshow: Equatable, Sendable, LayerState {
    /// The photos, in the grid's order.
    var photoIDs: [String]
    /// The order they play in: indices into `photoIDs` (shuffled or not).
    private(set) var order: [Int]
    /// Where in `order` the slideshow is.
    private(set) var position = 0
    /// Seconds each photo shows (`slideshow-interval`).
    var interval: Double
    /// Playing in a shuffled order (`slideshow-shuffle`, toggled by `s`).
    private(set) var shuffled = false
    /// The seed of the shuffled order: the same seed, the same order.
    let seed: UInt64
    var paused = false
    /// The caption line (name, n/N, paused) under the photo; `i` hides it.
    var captionShown = true
    /// When the slide on screen began (the loop's clock); nil until the next tick stamps it.
    var shownAt: Double?
    /// The next slide's time came before its preview was made: it shows when the preview comes.
    var waitingForNext = false

    /// A slideshow of `photoIDs` from the one at `start`.
    init(photoIDs: [String], start: Int, interval: Double, shuffled: Bool = false, seed: UInt64 = 0) {
        self.photoIDs = photoIDs
        self.interval = interval
        self.seed = seed
        order = Array(photoIDs.indices)
        position = max(0, min(start, photoIDs.count - 1))
        if shuffled { toggleShuffle() }
    }

    /// The photo on screen.
    var photoID: String { photoIDs[order[position]] }
    /// The photo after it (the first again after the last).
    var nextPhotoID: String { photoIDs[order[(position + 1) % order.count]] }
    /// The photo before it.
    var previousPhotoID: String { photoIDs[order[(position + order.count - 1) % order.count]] }

    /// Moves `by` photos (1 next, -1 previous), round from the end to the start; the new slide
    /// gets its whole time from the next tick.
    mutating func step(by offset: Int) {
        position = ((position + offset) % order.count + order.count) % order.count
        shownAt = nil
        waitingForNext = false
    }

    /// Shuffled ↔ the grid's order, staying on the photo on screen: shuffled, it comes first and
    /// the others follow in an order fixed by `seed`; back in order, the slideshow goes on from it.
    mutating func toggleShuffle() {
        let current = order[position]
        shuffled.toggle()
        if shuffled {
            var random = SeededRandom(seed: seed)
            order = [current] + photoIDs.indices.filter { $0 != current }.shuffled(using: &random)
            position = 0
        } else {
            order = Array(photoIDs.indices)
            position = current
        }
    }

    /// The tick at `now` (the loop's clock): stamps the slide's start, or, its time over, moves
    /// on when the next preview is `nextReady`, else waits for it.
    mutating func tick(now: Double, nextReady: Bool) {
        guard !paused else { return }
        guard let shownAt else {
            self.shownAt = now
            return
        }
        // A millisecond early counts: the loop wakes on a rounded-up wait.
        guard now >= shownAt + interval - 0.001 else { return }
        if nextReady {
            step(by: 1)
            self.shownAt = now
        } else {
            waitingForNext = true
        }
    }

    // MARK: - LayerState

    var keyContext: KeyContext { .slideshow }
    var layer: Layer { .slideshow(self) }
    /// Drawn instead of the screen, pixels included.
    var coversPhotos: Bool { false }

    mutating func handle(_ key: Key, action: Action?, state: AppState) -> LayerOutcome {
        switch action {
        case .pause:
            paused.toggle()
            shownAt = nil
            waitingForNext = false
        case .previous: step(by: -1)
        case .next: step(by: 1)
        case .shuffle: toggleShuffle()
        case .caption: captionShown.toggle()
        case .help: return .consumed(then: .showHelp)
        case .close: return .close(then: .endSlideshow(lastShown: photoID))
        default: break
        }
        return .consumed()
    }

    func render(_ state: AppState, into grid: inout CellGrid) { SlideshowView.render(self, state: state, into: &grid) }
}
