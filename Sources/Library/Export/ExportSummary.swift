/// What happened to one photo of an export. Every photo ends with exactly one outcome.
public struct ExportFileResult: Sendable, Equatable {
    public enum Outcome: String, Sendable, Equatable, CaseIterable {
        /// The file copied byte for byte.
        case copied
        /// A new file made from it: resized, re-encoded, or its GPS position taken out.
        case converted
        /// Nothing written; `reason` says why.
        case failed
    }

    /// The photo's file.
    public var source: String
    /// The file written (nil when it failed).
    public var destination: String?
    public var outcome: Outcome
    /// Why it failed, or what was done differently from what was asked ("a video is copied as it is").
    public var reason: String?

    public init(source: String, destination: String? = nil, outcome: Outcome, reason: String? = nil) {
        (self.source, self.destination, self.outcome, self.reason) = (source, destination, outcome, reason)
    }
}

/// The result of one export: each photo's outcome, and whether it was cancelled part way.
public struct ExportSummary: Sendable, Equatable {
    public var results: [ExportFileResult]
    public var cancelled: Bool
    /// Photos asked for, including those not reached because of cancelling.
    public var asked: Int

    public init(results: [ExportFileResult] = [], cancelled: Bool = false, asked: Int = 0) {
        (self.results, self.cancelled, self.asked) = (results, cancelled, asked)
    }

    public func count(_ outcome: ExportFileResult.Outcome) -> Int { results.filter { $0.outcome == outcome }.count }

    /// The photos that failed, or were exported with a note.
    public var problems: [ExportFileResult] { results.filter { $0.reason != nil } }

    /// "3 copied, 1 converted, 1 failed" (only the outcomes that occurred).
    public var line: String {
        let parts = ExportFileResult.Outcome.allCases.compactMap { outcome in
            count(outcome) > 0 ? "\(count(outcome)) \(outcome.rawValue)" : nil
        }
        var text = parts.isEmpty ? "nothing exported" : parts.joined(separator: ", ")
        if cancelled { text += " — cancelled after \(results.count) of \(asked) photos" }
        return text
    }
}
