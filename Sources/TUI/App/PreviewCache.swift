/// Rendered previews kept in memory, least recently used dropped first once the total number
/// of cells passes `cellBudget`.
struct PreviewCache: Equatable {
    private struct Entry: Equatable {
        var result: PreviewResult
        var cellCount: Int
        var lastUse: Int
    }

    /// About 64 bytes a cell: the default keeps the cache near 100 MB at most.
    var cellBudget = 1_500_000
    private var entries: [PreviewKey: Entry] = [:]
    private var clock = 0
    private(set) var cellCount = 0

    var count: Int { entries.count }

    func contains(_ key: PreviewKey) -> Bool { entries[key] != nil }

    /// The preview without touching its age (for drawing).
    func peek(_ key: PreviewKey) -> PreviewResult? { entries[key]?.result }

    mutating func insert(_ result: PreviewResult, for key: PreviewKey) {
        clock += 1
        let cells: Int
        switch result {
        case let .cells(rows): cells = rows.reduce(0) { $0 + $1.count }
        // A pixel image counts as the cells its bytes would fill (about 64 bytes a cell).
        case let .image(image): cells = max(1, image.bytes.count / 64)
        case .failed: cells = 1
        }
        if let old = entries[key] { cellCount -= old.cellCount }
        entries[key] = Entry(result: result, cellCount: cells, lastUse: clock)
        cellCount += cells
        evict(keeping: key)
    }

    /// Forgets every preview that failed, so it is tried again.
    mutating func removeFailures() {
        for (key, entry) in entries {
            if case .failed = entry.result {
                entries[key] = nil
                cellCount -= entry.cellCount
            }
        }
    }

    /// Marks every key in `keys` as used now, so what is on screen is evicted last.
    mutating func touch(_ keys: some Sequence<PreviewKey>) {
        for key in keys where entries[key] != nil {
            clock += 1
            entries[key]!.lastUse = clock
        }
    }

    /// Once over budget, drops the oldest entries down to 90% of it, so the sort this takes
    /// happens once per many inserts rather than on every one.
    private mutating func evict(keeping key: PreviewKey) {
        guard cellCount > cellBudget else { return }
        let target = cellBudget - cellBudget / 10
        let oldestFirst = entries.sorted { $0.value.lastUse < $1.value.lastUse }
        for (candidate, entry) in oldestFirst where cellCount > target && candidate != key {
            entries[candidate] = nil
            cellCount -= entry.cellCount
        }
    }
}
