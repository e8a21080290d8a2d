import Foundation
import Library

extension Benchmark {
    /// Queries typed letter by letter for the keystroke figure: the example (few
    /// matches in the synthetic library), one that matches thousands, and filters.
    static let typedQueries = ["beach 2019 canon", "holiday 2019 canon", "year:2019 camera:canon -is:missing"]
    /// Times each query is typed.
    static let typingRounds = 5

    /// Figure 8: search and groupings at `librarySize` photos (synthetic; no photo files needed).
    func runSearch() {
        let library = SyntheticLibrary.make(count: librarySize)
        // A stand-in for the offline place table: a name per 10° square, so the place figures
        // count the grouping's own work (the real table's look-up time is its own figure).
        let places: PlaceLookup = { position in
            PlaceName(city: "City \(Int(position.latitude.rounded(.down)) / 10)\(Int(position.longitude.rounded(.down)) / 10)",
                      country: "Country \(Int(position.longitude.rounded(.down)) / 30)")
        }
        report.section("8. Search and groupings with \(library.photos.count) photos (synthetic library, \(library.groups.count) groups)")

        var index = SearchIndex(library: library, places: places)
        var builds: [Double] = []
        for _ in 0..<3 { builds.append(Measure.time { index = SearchIndex(library: library, places: places) }) }
        report.row("SearchIndex build (fold every text once)", median: Measure.median(builds), worst: builds.max(), unit: "ms")

        // One keystroke: the query text as it stands → parsed → the result list (photo ids,
        // date order), as the search line will ask for it on every key.
        for query in Self.typedQueries {
            var samples: [Double] = []
            var found = 0
            for _ in 0..<Self.typingRounds {
                for length in 1...query.count {
                    let text = String(query.prefix(length))
                    samples.append(Measure.time {
                        found = (try? index.search(text))?.count ?? -1
                    })
                }
            }
            report.row("keystroke → results, typing \"\(query)\"", median: Measure.median(samples),
                       worst: Self.percentile(samples, 0.95), unit: "ms", target: .below(50))
            report.note("\(samples.count) keystrokes (\(Self.typingRounds) rounds); the full query finds \(found) photos")
        }
        for sort in [PhotoSort.fileName, .fileSize] {
            let fresh = SearchIndex(library: library)
            let first = Measure.time { _ = try? fresh.search("holiday", sort: sort) }
            let again = Measure.time { _ = try? fresh.search("holiday", sort: sort) }
            report.row("search sorted by \(sort.title): first (makes the order) / then", median: first, worst: again, unit: "ms")
        }

        for kind in GroupingKind.allCases {
            var samples: [Double] = []
            var tree: FolderTree?
            for _ in 0..<3 {
                samples.append(Measure.time { tree = FolderTree(library: library, kind: kind, places: places) })
            }
            let folders = tree?.folders.count ?? 0
            report.row("FolderTree by \(kind.rawValue) (\(folders) top-level folders)", median: Measure.median(samples),
                       worst: samples.max(), unit: "ms")
        }
        var smart: [Double] = []
        for _ in 0..<3 { smart.append(Measure.time { _ = SmartFolder.folders(in: library) }) }
        report.row("smart folders (favourites, recently imported, missing)", median: Measure.median(smart),
                   worst: smart.max(), unit: "ms")
        // On this day has its own section (`memories`), at a million photos.
        report.note("worst = p95 for keystrokes, the slowest run otherwise; drawing the result grid is figure 5's")
        runBrowserFind(library, index: index, places: places)
    }

    /// The value below which `fraction` of `samples` lie (nearest rank).
    static func percentile(_ samples: [Double], _ fraction: Double) -> Double {
        guard !samples.isEmpty else { return .nan }
        let sorted = samples.sorted()
        return sorted[min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.up)) - 1)]
    }
}
