import Foundation

/// A flag an import checks between files; set it from any thread to stop the import early.
/// Files already finished are kept.
public final class ImportCancellation: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false

    public init() {}

    public func cancel() { lock.withLock { cancelled = true } }
    public var isCancelled: Bool { lock.withLock { cancelled } }
}
