/// The slideshow's settings from `config.toml` (issue 23): `slideshow-interval` (seconds each
/// photo shows) and `slideshow-shuffle` (start in a shuffled order; `s` toggles it while playing).
public struct SlideshowSettings: Equatable, Sendable {
    /// The shortest and longest interval taken, in seconds.
    public static let intervals: ClosedRange<Double> = 0.5...3600

    public var interval: Double = 5
    public var shuffle = false

    public init(interval: Double = 5, shuffle: Bool = false) {
        self.interval = interval
        self.shuffle = shuffle
    }
}
