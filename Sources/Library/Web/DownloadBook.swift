import Foundation

/// The downloads of one phase of a web import or fetch and what became of each, shared by the
/// download threads; progress counts them and the bytes of the whole run (`TransferTally`).
final class DownloadBook<Outcome: Sendable>: @unchecked Sendable {
    let phase: ImportProgress.Phase
    /// Downloads of this phase.
    let count: Int
    private let tally: TransferTally
    private let lock = NSLock()
    private var results: [Int: Outcome] = [:]
    private var reached = 0

    init(count: Int, phase: ImportProgress.Phase, tally: TransferTally = TransferTally()) {
        self.count = count
        self.phase = phase
        self.tally = tally
    }

    /// Downloads never reached (cancelled before they started).
    var unreached: Int { lock.withLock { count - reached } }

    func result(_ index: Int) -> Outcome? { lock.withLock { results[index] } }

    /// A download that was not needed.
    func skip() {
        lock.withLock { reached += 1 }
    }

    func progress(_ received: Int64, current: String) -> ImportProgress {
        tally.update(current, received)
        return lock.withLock { snapshot(current) }
    }

    func finish(_ index: Int, _ outcome: Outcome, bytes: Int64, current: String) -> ImportProgress {
        tally.finish(current, bytes)
        return lock.withLock {
            results[index] = outcome
            reached += 1
            return snapshot(current)
        }
    }

    /// Where this phase stands; `current` is the URL most recently heard of.
    func snapshot(_ current: String?) -> ImportProgress {
        ImportProgress(phase: phase, done: reached, total: count, bytesDone: tally.total, bytesTotal: 0,
                       currentFile: current)
    }
}

/// Bytes received in one run: the finished downloads' and those under way.
final class TransferTally: @unchecked Sendable {
    private let lock = NSLock()
    private var finished: Int64 = 0
    private var inFlight: [String: Int64] = [:]

    /// All bytes received so far.
    var total: Int64 { lock.withLock { finished + inFlight.values.reduce(0, +) } }

    /// The download of `url` has received `bytes` so far.
    func update(_ url: String, _ bytes: Int64) {
        lock.withLock { inFlight[url] = bytes }
    }

    /// The download of `url` ended with `bytes` kept.
    func finish(_ url: String, _ bytes: Int64) {
        lock.withLock {
            inFlight[url] = nil
            finished += bytes
        }
    }
}

/// Hands out indexes to worker threads.
final class WorkQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var indexes: ArraySlice<Int>

    init(_ indexes: [Int]) { self.indexes = indexes[...] }

    func next() -> Int? { lock.withLock { indexes.popFirst() } }
}
