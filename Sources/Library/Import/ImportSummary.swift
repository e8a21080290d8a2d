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

    /// A camera import's counts (issue 25), said before the import's own.
    public var camera: CameraCounts?

    /// What a camera import did with the camera's files.
    public struct CameraCounts: Sendable, Equatable {
        public var label: String
        public var downloaded = 0
        public var already = 0
        public var failed = 0
        public var deleted = 0
        /// Files that were copied but could not be deleted from the camera, with the reason.
        public var notDeleted: [String] = []
        /// The camera's files whose copies are verified (`CameraImport`) and that are still on
        /// the camera: what may be deleted from it.
        public var verified: [CameraFile] = []

        public init(label: String) { self.label = label }

        /// "4 downloaded, 2 already in the library, 1 failed, 4 deleted from the camera".
        var parts: [String] {
            var parts = ["\(downloaded) downloaded"]
            if already > 0 { parts.append("\(already) already in the library") }
            if deleted > 0 { parts.append("\(deleted) deleted from the camera") }
            if !notDeleted.isEmpty { parts.append("\(notDeleted.count) not deleted") }
            return parts
        }
    }

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
        if let camera {
            parts = camera.parts + parts
        }
        var text = parts.isEmpty ? "nothing to import" : parts.joined(separator: ", ")
        if cancelled { text += " — cancelled after \(results.count) of \(filesFound) files" }
        return text
    }
}
