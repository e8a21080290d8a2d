import Foundation
import Library

extension Benchmark {
    /// Photos in the memories figure: the million, whatever `--library-size` says.
    static let memoriesLibrarySize = 1_000_000

    /// On this day (issue 23): building the day-of-year index (once per library, off the UI
    /// thread, then followed edit by edit), and today's memories read from it, as the home grid
    /// asks for them; then days that reach across a month's and a year's end and 29 February.
    func runMemories() {
        let library = SyntheticLibrary.make(count: Self.memoriesLibrarySize)
        report.section("On this day with \(library.photos.count) photos (synthetic library)")
        var index: MemoryIndex?
        var builds: [Double] = []
        for _ in 0..<3 { builds.append(Measure.time { index = MemoryIndex(library: library) }) }
        report.row("day-of-year index build (one pass, off the UI thread)", median: Measure.median(builds),
                   worst: builds.max(), unit: "ms")
        guard let index else { return }
        let today = OnThisDay.today()
        for day in [today, OnThisDay(year: today.year, month: 12, day: 31), OnThisDay(year: 2028, month: 2, day: 29)] {
            var memories: [OnThisDay.Memory] = []
            var samples: [Double] = []
            for _ in 0..<10 { samples.append(Measure.time { memories = index.memories(on: day, in: library) }) }
            report.row("memories on \(day.iso) (±\(OnThisDay.window) days) from the index", median: Measure.median(samples),
                       worst: samples.max(), unit: "ms", target: day == today ? .below(50) : nil)
            report.note("\(memories.count) years, \(memories.reduce(0) { $0 + $1.photoIDs.count }) photos")
        }
    }
}
