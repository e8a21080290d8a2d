import Library

/// One frame of a playing video, made by `VideoPlayer` for `Msg.videoFrame`: character art or a
/// pixel image at the size asked, its time in the video and the moment it is due on screen.
public struct VideoFrame: Equatable, Sendable {
    public var photoID: String
    /// The request it answers (`VideoPlayback.generation`).
    public var generation: Int
    /// Its time in the video, in seconds.
    public var time: Double
    /// When it should be on screen, on the loop's clock (`TerminalQuery.now()`).
    public var due: Double
    public var content: PreviewResult
    /// Its size in cells.
    public var columns: Int
    public var rows: Int
    /// Frames the player dropped (late) before this one.
    public var droppedBefore = 0

    public init(photoID: String, generation: Int, time: Double, due: Double, content: PreviewResult,
                columns: Int, rows: Int, droppedBefore: Int = 0) {
        self.photoID = photoID
        self.generation = generation
        self.time = time
        self.due = due
        self.content = content
        self.columns = columns
        self.rows = rows
        self.droppedBefore = droppedBefore
    }
}

/// What `Effect.playVideo` asks the player for: the frames of `source` from `start` seconds, in
/// `key`'s size and kind (character art, or pixels in `key.pixels`), turned upright.
public struct VideoPlayRequest: Equatable, Sendable {
    public var photoID: String
    public var generation: Int
    public var source: VideoSource
    public var start: Double
    public var key: PreviewKey
}
