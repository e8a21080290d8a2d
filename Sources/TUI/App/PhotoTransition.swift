/// The opening animation: a photo opened from a grid grows from its tile to the photo view in a
/// few frames, and going back shrinks it into its tile (`TransitionView` draws the frames).
///
/// A value in the state, pure like the rest: `update` starts one when a key opens or closes a
/// photo (see `AppState+Transition`), and its clock comes from the runtime in messages
/// (`Msg.animationFrame`), the first of them stamping its start. Any key ends it at once and is
/// then handled as usual.
struct PhotoTransition: Equatable, Sendable {
    enum Direction: Equatable, Sendable {
        /// From the grid tile to the photo view.
        case opening
        /// From the photo view back into its tile.
        case closing
    }

    /// How long the whole animation takes, in seconds.
    static let duration = 0.15
    /// The time between two of its frames (the runtime's slot for each frame).
    static let frameInterval = 0.03

    /// The photo that moves.
    var photoID: String
    /// Where the photo is drawn in its grid tile.
    var tile: Rect
    /// Where it is drawn in the photo view.
    var view: Rect
    var direction: Direction
    /// When the first frame was drawn (the runtime's clock, in seconds); nil until it was.
    var start: Double?
    /// How far the animation is, 0 (where it starts) to 1 (where it ends).
    var progress = 0.0

    /// Moves the animation to the time `now`: the first call starts it and shows its first step
    /// (one frame in, not the picture already on screen). False when it is over.
    mutating func advance(to now: Double) -> Bool {
        let start = self.start ?? now
        self.start = start
        let linear = (now - start + Self.frameInterval) / Self.duration
        guard linear < 1 else { return false }
        progress = max(0, linear)
        return true
    }

    /// Where the photo is drawn now: between the tile and the view, moving fast at first and
    /// slowing down as it arrives (ease-out).
    var rect: Rect {
        let eased = 1 - (1 - progress) * (1 - progress)
        let (from, to) = direction == .opening ? (tile, view) : (view, tile)
        func mix(_ a: Int, _ b: Int) -> Int { a + Int((Double(b - a) * eased).rounded()) }
        return Rect(x: mix(from.x, to.x), y: mix(from.y, to.y),
                    width: max(1, mix(from.width, to.width)), height: max(1, mix(from.height, to.height)))
    }
}
