/// What happened to one file of an import. Every file ends with exactly one outcome.
public enum ImportOutcome: Sendable, Equatable {
    /// Added to the library as a new photo.
    case imported(photoID: String)
    /// The file was in the library with other content (it was edited since); its record now
    /// holds the new content, metadata and group.
    case updated(photoID: String, previousID: String)
    /// The photo was in the library but its file had gone missing; it now points here.
    case relinked(photoID: String, previousPath: String)
    /// The same content is already in the library (or earlier in this import) at `original`.
    case duplicate(photoID: String, original: String)
    /// Not in a format photory reads (recognised by content, not by name), or a feature of one
    /// that this build cannot read (the reason says which).
    case unsupported(reason: String)
    /// Could not be read: permissions, I/O error, a symlink loop, a vanished file.
    case unreadable(reason: String)
    /// In a known format but its data is broken.
    case corrupt(reason: String)
    /// Obviously not a photo and not worth a line of its own: a sidecar (`.THM`, `.AAE`) or a
    /// text file. Summaries only count these.
    case skipped(reason: String)

    /// The kind of outcome, for counting.
    public var kind: Kind {
        switch self {
        case .imported: .imported
        case .updated: .updated
        case .relinked: .relinked
        case .duplicate: .duplicate
        case .unsupported: .unsupported
        case .unreadable: .unreadable
        case .corrupt: .corrupt
        case .skipped: .skipped
        }
    }

    /// The outcome kinds, in the order summaries list them.
    public enum Kind: String, Sendable, CaseIterable, Codable {
        case imported, updated, relinked, duplicate, unsupported, unreadable, corrupt, skipped
    }

    /// The photo this outcome refers to, if any.
    public var photoID: String? {
        switch self {
        case let .imported(id), let .updated(id, _), let .relinked(id, _), let .duplicate(id, _): id
        default: nil
        }
    }

    /// One line of explanation for a file that was not simply imported.
    public var reason: String? {
        switch self {
        case .imported: nil
        case .updated: "the file changed since it was imported: its record was refreshed"
        case let .relinked(_, previous): "relinked: was at \(PathBytes.display(previous))"
        case let .duplicate(_, original): "duplicate of \(PathBytes.display(original))"
        case let .unsupported(reason), let .unreadable(reason), let .corrupt(reason), let .skipped(reason): reason
        }
    }
}

/// One file's outcome.
public struct ImportFileResult: Sendable, Equatable {
    public var path: String
    public var outcome: ImportOutcome
    /// The address as a whole gave nothing (a feed that does not parse), as opposed to one bad
    /// item of a feed, which is reported under the feed's address too.
    public var wholeAddressFailed: Bool
    /// What could not be read of a file that was imported all the same (a Motion Photo whose
    /// video is not where it says: imported as a still photo); nil when all went well.
    public var note: String?

    public init(path: String, outcome: ImportOutcome, wholeAddressFailed: Bool = false, note: String? = nil) {
        self.path = path
        self.outcome = outcome
        self.wholeAddressFailed = wholeAddressFailed
        self.note = note
    }

    /// Why this file was not simply imported, in words (or what of it could not be read); nil
    /// for a file imported whole.
    public var reason: String? {
        if case let .duplicate(_, original) = outcome, original == path { return "already in the library" }
        return outcome.reason ?? note
    }
}
