import Foundation

/// Clock and statistics for the benchmark: monotonic milliseconds, median and worst of samples.
enum Measure {
    /// Monotonic time in milliseconds.
    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) * 1000 + Double(ts.tv_nsec) / 1e6
    }

    /// CPU time of the calling thread in milliseconds: what a step costs whatever else the machine
    /// runs (on an idle machine, a one-thread step's wall time).
    static func threadCPU() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) * 1000 + Double(ts.tv_nsec) / 1e6
    }

    /// Milliseconds `body` took.
    @discardableResult
    static func time(_ body: () throws -> Void) rethrows -> Double {
        let start = now()
        try body()
        return now() - start
    }

    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        let mid = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    }

    /// Per-item samples (several runs of each file): the median of every run, and the worst
    /// item's median (one noisy run does not make a file "worst").
    static func perItem(_ runs: [[Double]]) -> (median: Double, worst: Double) {
        let all = runs.flatMap { $0 }
        let worst = runs.map(median).filter { !$0.isNaN }.max() ?? .nan
        return (median(all), worst)
    }
}
