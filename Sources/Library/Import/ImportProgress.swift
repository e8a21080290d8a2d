/// Where an import stands: one value of the progress stream that the TUI overlay and the CLI
/// progress bar both draw.
public struct ImportProgress: Sendable, Equatable {
    public enum Phase: String, Sendable {
        case scanning, importing, saving, finished
        /// Web import: fetching the feeds, lists and URLs the user gave (`done` of `total` URLs).
        case feeds
        /// Web import: fetching feed items' thumbnails (their originals wait until needed).
        case thumbnails
        /// Web import: downloading originals.
        case photos
        /// Export (issue 23): copying photos out of the library (`PhotoExporter`).
        case exporting
        /// Camera import (issue 25): copying files from the camera (`done` of `total` finished).
        case downloading
    }

    public var phase: Phase
    /// Files finished so far, and found in all.
    public var done: Int
    public var total: Int
    /// Bytes read (file import) or received in this run (web import, downloads under way
    /// included).
    public var bytesDone: Int64
    public var bytesTotal: Int64
    /// The file most recently finished (or being scanned); for web import, the URL.
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
    /// "45%  54 of 120", "Saving the library…"; for the web, "Fetching feeds… 2 of 3" (the one
    /// under way), "Thumbnails 45%  54 of 120", "Photos 45%  54 of 120".
    public var stage: String {
        switch phase {
        case .scanning: "Looking for photos… \(total) files found"
        case .saving: "Saving the library…"
        case .importing, .finished: counted
        case .feeds: "Fetching feeds… \(min(done + 1, max(total, 1))) of \(max(total, 1))"
        case .thumbnails: "Thumbnails " + counted
        case .photos: "Photos " + counted
        case .exporting: "Exporting " + counted   // Export (issue 23)
        case .downloading: "Downloading \(min(done + 1, max(total, 1))) of \(max(total, 1))"   // cameras (issue 25)
        }
    }

    /// "45%  54 of 120".
    private var counted: String { "\(Int((fraction * 100).rounded(.down)))%  \(done) of \(total)" }

    /// Whether the phase counts photos one by one (a bar is worth drawing).
    public var isCounting: Bool { [.importing, .finished, .thumbnails, .photos, .exporting, .downloading].contains(phase) }

    /// A bar of `width` characters, filled in proportion to `fraction`.
    public func bar(width: Int) -> (filled: String, empty: String) {
        let filled = max(0, min(width, Int(fraction * Double(width))))
        return (String(repeating: "█", count: filled), String(repeating: "░", count: width - filled))
    }
}
