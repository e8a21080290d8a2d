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
}
