import Foundation

/// The run loop's clock for the opening animation: when its next frame is due, and the time each
/// frame is given in `Msg.animationFrame`. `PHOTORY_ANIMATION_SLOWDOWN=10` makes it run ten times
/// slower, to look at the frames (in tmux, with `capture-pane`).
struct AnimationClock {
    /// How many times slower than real time the animation runs (1: as designed).
    let slowdown: Double
    /// When the last frame was given, in real seconds.
    private var lastFrame = -Double.infinity

    init(slowdown: Double = Self.slowdownFromEnvironment()) {
        self.slowdown = slowdown
    }

    /// The animation's time now when a frame is due (its first frame, `started` false, always is),
    /// else nil.
    mutating func frameDue(started: Bool, now: Double = TerminalQuery.now()) -> Double? {
        guard !started || now - lastFrame >= realFrameInterval - 0.001 else { return nil }
        lastFrame = now
        return now / slowdown
    }

    /// How long the loop may sleep before the next frame is due (for `waitForInput`).
    func millisecondsToNextFrame(now: Double = TerminalQuery.now()) -> Int32 {
        Int32(max(0, ((lastFrame + realFrameInterval - now) * 1000).rounded(.up)))
    }

    /// The real time between two frames: the slot each frame must be drawn in.
    var realFrameInterval: Double { PhotoTransition.frameInterval * slowdown }

    static func slowdownFromEnvironment() -> Double {
        ProcessInfo.processInfo.environment["PHOTORY_ANIMATION_SLOWDOWN"].flatMap(Double.init).map { max(1, $0) } ?? 1
    }
}
