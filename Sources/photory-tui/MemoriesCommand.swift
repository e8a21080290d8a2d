import ArgumentParser
import Library

/// `photory-tui memories [--date YYYY-MM-DD] [--json]`: "on this day" — photos taken within
/// three days of the day's month and day in earlier years, one memory a year (`OnThisDay`).
struct MemoriesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "memories",
        abstract: "Photos taken on this day (±3 days) in earlier years, one memory a year, by each photo's edited date.")

    @OptionGroup var options: LibraryOptions
    @Option(name: .long, help: ArgumentHelp("The day to look back from (default: today).", valueName: "YYYY-MM-DD"))
    var date: String?
    @Flag(name: .long, help: "Print JSON: [{\"year\", \"yearsAgo\", \"title\", \"photos\": [...]}], the most recent year first.")
    var json = false

    struct Record: Encodable {
        var year: Int
        var yearsAgo: Int
        var title: String
        var photos: [PhotoRecord]
    }

    func run() throws {
        try reportingFailures {
            let day: OnThisDay
            if let date {
                guard let given = OnThisDay(iso: date) else {
                    throw CommandFailure("--date \(date.strippingControlCharacters): not a day (YYYY-MM-DD, e.g. 2024-02-29)")
                }
                day = given
            } else {
                day = .today()
            }
            let library = try options.loadForReading(checkMissing: false)
            let memories = day.memories(in: library) ?? []
            if json {
                try printJSON(memories.map { memory in
                    // The year its photos were taken in, as its title says (the anchor's across a year's end).
                    Record(year: memory.takenYears.count == 1 ? memory.takenYears.lowerBound : memory.year, yearsAgo: memory.yearsAgo, title: memory.title,
                           photos: memory.photoIDs.compactMap { library.photo(id: $0) }.map { PhotoRecord($0, in: library) })
                })
                return
            }
            if memories.isEmpty {
                say("No photos from around \(day.iso.dropFirst(5)) in earlier years.")
                return
            }
            for memory in memories {
                say("\(memory.title)\t\(Counted.text(memory.photoIDs.count))")
                for photo in memory.photoIDs.compactMap({ library.photo(id: $0) }) {
                    say("  \(photo.id)\t\(photo.takenAt ?? "unknown")\t\(PathBytes.display(photo.path).strippingControlCharacters)")
                }
            }
        }
    }
}
