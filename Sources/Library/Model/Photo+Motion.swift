/// Photos with a motion part (issue 21): a Motion Photo's embedded video today; a Live Photo's
/// still and its paired movie join here. `hasMotion` is the one predicate the "LIVE" badge,
/// `is:live`, `"motion"` in `--json` and `p` in the photo view ask; `motionSource` is what `p` plays.
extension Photo {
    /// Whether the photo has a motion part to play.
    public var hasMotion: Bool { motionRange != nil }

    /// Where the motion part's bytes are (read in place, never copied); nil without one.
    public var motionSource: VideoSource? { motionRange.map { VideoSource(path: path, range: $0) } }
}
