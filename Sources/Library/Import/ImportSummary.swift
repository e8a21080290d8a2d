/// The result of one import: every file's outcome, and whether it was cancelled part way.
public struct ImportSummary: Sendable, Equatable {
    public var results: [ImportFileResult]
    /// True when the user cancelled; `results` holds what finished before that.
    public var cancelled: Bool
    /// Files found by the scan, including those not reached because of cancelling.
    public var filesFound: Int
    /// Whether the import wrote the library (false: it found nothing new, and the library as
    /// returned is the one it read at the start).
    public var libraryWritten = false

    /// What a refresh of the library's feeds found besides the photos it added (nil for an import).
    public var feedChanges: FeedChanges?

    /// What a refresh found in the feeds.
    public struct FeedChanges: Sendable, Equatable {
        /// Feeds asked for, and those that answered "not modified" (one small request each).
        public var feeds = 0
        public var unchanged = 0
        /// Photos whose title, album or thumbnail the feed changed.
        public var changed = 0
        /// Photos whose item is no longer in their feed (now missing; kept, never deleted).
        public var left = 0
        /// Photos whose item is back in their feed.
        public var back = 0

        public init() {}

        /// "2 feeds (1 unchanged)", then the counts that are not zero.
        var parts: [String] {
            var head = "\(feeds) feed\(feeds == 1 ? "" : "s")"
            if unchanged > 0 { head += " (\(unchanged) unchanged)" }
            var parts = [head]
            if changed > 0 { parts.append("\(changed) changed") }
            if left > 0 { parts.append("\(left) left \(left == 1 ? "its feed" : "their feeds")") }
            if back > 0 { parts.append("\(back) back in \(back == 1 ? "its feed" : "their feeds")") }
            return parts
        }
    }

    public init(results: [ImportFileResult] = [], cancelled: Bool = false, filesFound: Int = 0) {
        self.results = results
        self.cancelled = cancelled
        self.filesFound = filesFound
    }

    public func count(_ kind: ImportOutcome.Kind) -> Int {
        results.reduce(0) { $0 + ($1.outcome.kind == kind ? 1 : 0) }
    }

    /// Files that were not imported, updated or relinked (or were, with a note), with their reasons (not the sidecars
    /// and text files skipped: the summary line counts those).
    public var problems: [ImportFileResult] {
        results.filter { $0.note != nil || ![.imported, .updated, .relinked, .skipped].contains($0.outcome.kind) }
    }

    /// The results of the addresses given (feeds, lists, image URLs) that could not be fetched
    /// or held nothing importable: the run did not do what was asked for them.
    public func failedAddresses(_ addresses: [String]) -> [ImportFileResult] {
        let given = Set(addresses)
        var seen: Set<String> = []
        return results.filter {
            given.contains($0.path) && ([.unreadable, .unsupported].contains($0.outcome.kind) || $0.wholeAddressFailed)
                && seen.insert($0.path).inserted
        }
    }

    /// "12 imported, 3 duplicates, 2 unsupported" — only the kinds that occurred (or "nothing to
    /// import"); a refresh starts with its feeds and adds what changed in them: "2 feeds (1
    /// unchanged), 5 imported, 2 changed, 1 left its feed".
    public var line: String {
        var parts: [String] = []
        var counts: [ImportOutcome.Kind: Int] = [:]
        for result in results { counts[result.outcome.kind, default: 0] += 1 }
        for kind in ImportOutcome.Kind.allCases {
            let n = counts[kind] ?? 0
            guard n > 0 else { continue }
            switch kind {
            case .duplicate: parts.append("\(n) duplicate\(n == 1 ? "" : "s")")
            case .skipped: parts.append(n == 1 ? "1 skipped (a sidecar or text file)" : "\(n) skipped (sidecars and text files)")
            default: parts.append("\(n) \(kind.rawValue)")
            }
        }
        if let feedChanges {
            let changes = feedChanges.parts
            parts = [changes[0]] + parts + changes.dropFirst()
            if parts.count == 1 { parts.append("nothing new") }
        }
        var text = parts.isEmpty ? "nothing to import" : parts.joined(separator: ", ")
        if cancelled { text += " — cancelled after \(results.count) of \(filesFound) files" }
        return text
    }
}
