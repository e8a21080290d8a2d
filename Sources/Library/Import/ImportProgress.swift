/// Where an import stands: one value of the progress stream that the TUI overlay and the CLI
/// progress bar both draw.
public struct ImportProgress: Sendable, Equatable {
    public enum Phase: String, Sendable { case scanning, importing, saving, finished }

    public var phase: Phase
    /// Files finished so far, and found in all.
    public var done: Int
    public var total: Int
    public var bytesDone: Int64
    public var bytesTotal: Int64
    /// The file most recently finished (or being scanned).
    public var currentFile: String?

    public init(phase: Phase, done: Int = 0, total: Int = 0, bytesDone: Int64 = 0, bytesTotal: Int64 = 0,
                currentFile: String? = nil) {
        self.phase = phase
        self.done = done
        self.total = total
        self.bytesDone = bytesDone
        self.bytesTotal = bytesTotal
        self.currentFile = currentFile
    }

    /// 0…1, by files.
    public var fraction: Double { total > 0 ? min(1, Double(done) / Double(total)) : 0 }

    /// Where the import stands, in words: "Looking for photos… 120 files found",
    /// "45%  54 of 120", "Saving the library…".
    public var stage: String {
        switch phase {
        case .scanning: "Looking for photos… \(total) files found"
        case .saving: "Saving the library…"
        case .importing, .finished: "\(Int((fraction * 100).rounded(.down)))%  \(done) of \(total)"
        }
    }

    /// A bar of `width` characters, filled in proportion to `fraction`.
    public func bar(width: Int) -> (filled: String, empty: String) {
        let filled = max(0, min(width, Int(fraction * Double(width))))
        return (String(repeating: "█", count: filled), String(repeating: "░", count: width - filled))
    }
}
