import ArgumentParser
import Library

/// `photory-tui groups`: one group per line, or JSON.
struct GroupsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "groups", abstract: "List the groups (photos sharing a description; \"Other\" for none).")

    @OptionGroup var options: LibraryOptions
    @Flag(name: .long, help: "Print a JSON array.") var json = false

    struct Record: Encodable {
        var id: String
        var name: String
        var count: Int
        var coverPhotoId: String
        var firstTakenAt: String
        var lastTakenAt: String
    }

    func run() throws {
        try reportingFailures {
            let library = try options.loadForReading(checkMissing: false)
            if json {
                try printJSON(library.groups.map { group in
                    Record(id: group.id, name: group.name, count: group.count, coverPhotoId: group.coverID,
                           firstTakenAt: group.firstTakenAt, lastTakenAt: group.lastTakenAt)
                })
                return
            }
            for group in library.groups {
                say("\(group.name.strippingControlCharacters)\t\(group.count)\t\(group.dateRange)")
            }
        }
    }
}
