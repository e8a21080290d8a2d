import Foundation

/// The downloads of one phase of a web import or fetch and what became of each, shared by the
/// download threads; progress counts them and the bytes of the whole run (`TransferTally`).
final class DownloadBook<Outcome: Sendable>: Sendable {
    let phase: ImportProgress.Phase
    /// Downloads of this phase.
    let count: Int
    private let tally: TransferTally

    private struct Book {
        var results: [Int: Outcome] = [:]
        var reached = 0
    }

    private let book = Locked(Book())

    init(count: Int, phase: ImportProgress.Phase, tally: TransferTally = TransferTally()) {
        self.count = count
        self.phase = phase
        self.tally = tally
    }

    /// Downloads never reached (cancelled before they started).
    var unreached: Int { count - book.withLock { $0.reached } }

    func result(_ index: Int) -> Outcome? { book.withLock { $0.results[index] } }

    /// A download that was not needed.
    func skip() {
        book.withLock { $0.reached += 1 }
    }

    func progress(_ received: Int64, current: String) -> ImportProgress {
        tally.update(current, received)
        return snapshot(current)
    }

    func finish(_ index: Int, _ outcome: Outcome, bytes: Int64, current: String) -> ImportProgress {
        tally.finish(current, bytes)
        let reached = book.withLock { book in
            book.results[index] = outcome
            book.reached += 1
            return book.reached
        }
        return snapshot(current, reached: reached)
    }

    /// Where this phase stands; `current` is the URL most recently heard of.
    func snapshot(_ current: String?) -> ImportProgress {
        snapshot(current, reached: book.withLock { $0.reached })
    }

    private func snapshot(_ current: String?, reached: Int) -> ImportProgress {
        ImportProgress(phase: phase, done: reached, total: count, bytesDone: tally.total, bytesTotal: 0,
                       currentFile: current)
    }
}

/// Bytes received in one run: the finished downloads' and those under way.
final class TransferTally: Sendable {
    private struct Bytes {
        var finished: Int64 = 0
        var inFlight: [String: Int64] = [:]
    }

    private let bytes = Locked(Bytes())

    /// All bytes received so far.
    var total: Int64 { bytes.withLock { $0.finished + $0.inFlight.values.reduce(0, +) } }

    /// The download of `url` has received `bytes` so far.
    func update(_ url: String, _ received: Int64) {
        bytes.withLock { $0.inFlight[url] = received }
    }

    /// The download of `url` ended with `bytes` kept.
    func finish(_ url: String, _ kept: Int64) {
        bytes.withLock { bytes in
            bytes.inFlight[url] = nil
            bytes.finished += kept
        }
    }
}

/// Hands out indexes to worker threads.
final class WorkQueue: Sendable {
    private let indexes: Locked<ArraySlice<Int>>

    init(_ indexes: [Int]) { self.indexes = Locked(indexes[...]) }

    func next() -> Int? { indexes.withLock { $0.popFirst() } }
}
