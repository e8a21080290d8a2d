import Library

/// The video playing in the photo view (`p` or Enter on a video): which one, where it is, the
/// frame on screen. A value in the state, pure like the rest.
///
/// How it runs: `update` asks for frames with `Effect.playVideo` (from a position, at a size);
/// `VideoPlayer` decodes them off the loop on the job scheduler, keeps real time by dropping
/// what is late, and posts each frame as `Msg.videoFrame`, stamped by the loop with its clock
/// (as the opening animation's frames are, see `AnimationClock`). A frame that still comes too
/// late is dropped here too. Pause stops the decoding and keeps the frame; a seek or a resume
/// asks again from the new position. Every request has a new `generation`: frames of an older
/// one are ignored. Esc stops and the poster comes back.
struct VideoPlayback: Equatable, Sendable {
    /// How far ← and → move, in seconds.
    static let seekStep = 5.0
    /// How late a frame may be drawn (after the moment it was made for) before it is dropped.
    static let lateness = 0.1
    /// The longest the picture stays still while every frame comes late (a busy machine): a late
    /// frame is drawn anyway once the one on screen is this old, so playing never looks frozen.
    static let longestFreeze = 0.5

    var photoID: String
    /// Numbers the requests: frames of another one are stale.
    var generation: Int
    var isPaused = false
    /// The time in the video of the frame on screen (or where playing starts), in seconds.
    var position = 0.0
    var duration: Double?
    /// The frame on screen; nil until the first comes (the poster shows).
    var frame: VideoFrame?
    /// When the frame on screen was taken (the loop's clock).
    var frameShownAt: Double?
    /// Set once pixel frames could not keep up: character art from then on.
    var pixelsOff = false
    /// Frames dropped so far (late), here and by the player.
    var dropped = 0

    /// "▶ 0:12 / 0:42" while playing, "❚❚ 0:12 / 0:42" paused.
    var statusText: String {
        (isPaused ? "❚❚ " : "▶ ") + VideoBadge.durationText(position)
            + (duration.map { " / " + VideoBadge.durationText($0) } ?? "")
    }

    /// Where a seek by `seconds` lands: inside the video (its last seconds at most).
    func seekTarget(by seconds: Double) -> Double {
        let target = position + seconds
        guard let duration, duration > 0 else { return max(0, target) }
        return max(0, min(target, max(0, duration - 0.5)))
    }

    /// Takes `frame` made for the moment `frame.due`, it being `now`: false when it is stale
    /// (another request's) or too late to draw (it is dropped; the first frame of a request is
    /// always drawn, so a slow terminal still shows something, and so is one every `longestFreeze`).
    mutating func receive(_ frame: VideoFrame, now: Double) -> Bool {
        guard frame.photoID == photoID, frame.generation == generation, !isPaused else { return false }
        dropped += frame.droppedBefore
        if self.frame?.generation == generation, now > frame.due + Self.lateness,
           let shownAt = frameShownAt, now - shownAt < Self.longestFreeze {
            dropped += 1
            position = frame.time
            return false
        }
        self.frame = frame
        frameShownAt = now
        position = frame.time
        return true
    }
}
