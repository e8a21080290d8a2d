import Foundation

/// A flag an import checks between files; set it from any thread to stop the import early.
/// Files already finished are kept.
public final class ImportCancellation: Sendable {
    private let cancelled = Locked(false)

    public init() {}

    public func cancel() { cancelled.withLock { $0 = true } }
    public var isCancelled: Bool { cancelled.withLock { $0 } }
}
