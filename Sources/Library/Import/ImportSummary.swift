/// The result of one import: every file's outcome, and whether it was cancelled part way.
public struct ImportSummary: Sendable, Equatable {
    public var results: [ImportFileResult]
    /// True when the user cancelled; `results` holds what finished before that.
    public var cancelled: Bool
    /// Files found by the scan, including those not reached because of cancelling.
    public var filesFound: Int
    /// Refresh: photos whose items are no longer in their feed (now missing).
    public var leftFeed = 0
    /// Refresh: feeds the server said had not changed.
    public var unchangedFeeds = 0

    public init(results: [ImportFileResult] = [], cancelled: Bool = false, filesFound: Int = 0) {
        self.results = results
        self.cancelled = cancelled
        self.filesFound = filesFound
    }

    public func count(_ kind: ImportOutcome.Kind) -> Int {
        results.reduce(0) { $0 + ($1.outcome.kind == kind ? 1 : 0) }
    }

    /// Files that were not imported, updated or relinked, with their reasons.
    public var problems: [ImportFileResult] {
        results.filter { ![.imported, .updated, .relinked].contains($0.outcome.kind) }
    }

    /// "12 imported, 3 duplicates, 2 unsupported" — only the kinds that occurred (or "nothing to import").
    public var line: String {
        var parts: [String] = []
        for kind in ImportOutcome.Kind.allCases {
            let n = count(kind)
            guard n > 0 else { continue }
            switch kind {
            case .duplicate: parts.append("\(n) duplicate\(n == 1 ? "" : "s")")
            default: parts.append("\(n) \(kind.rawValue)")
            }
        }
        if leftFeed > 0 { parts.append("\(leftFeed) left the feed (now missing)") }
        if unchangedFeeds > 0 { parts.append("\(unchangedFeeds) feed\(unchangedFeeds == 1 ? "" : "s") unchanged") }
        var text = parts.isEmpty ? "nothing to import" : parts.joined(separator: ", ")
        if cancelled { text += " — cancelled after \(results.count) of \(filesFound) files" }
        return text
    }
}
