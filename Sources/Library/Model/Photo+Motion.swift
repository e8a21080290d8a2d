/// Photos with a motion part (issue 21): a Motion Photo's embedded video, or a Live Photo's still
/// (its movie a member of its stack). `hasMotion` is the one predicate the "LIVE" badge,
/// `is:live`, `"motion"` in `--json` and `p` in the photo view ask.
extension Photo {
    /// Whether the photo has a motion part to play.
    public var hasMotion: Bool { motionRange != nil || isLiveStill }

    /// Where a Motion Photo's motion part's bytes are (read in place, never copied); nil
    /// without one (a Live Photo's movie is its own file: `PhotoLibrary.stack(of:)`).
    public var motionSource: VideoSource? { motionRange.map { VideoSource(path: path, range: $0) } }
}
