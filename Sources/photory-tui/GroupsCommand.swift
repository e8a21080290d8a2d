import ArgumentParser
import Library

/// `photory-tui groups [--by KIND]`: the folders of a grouping, one per line (nested ones
/// indented), or JSON (nested).
struct GroupsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "groups",
        abstract: "List the groups (by description by default: photos sharing one; \"Other\" for none).")

    @OptionGroup var options: LibraryOptions
    @Option(name: .long, help: ArgumentHelp("How to group: description, date (years, then months), camera, "
                                            + "place (country, then city), folder (the folders on disk) or tag (the tag tree; a photo is under each of its tags).",
                                            valueName: "grouping"))
    var by: GroupingKind = .description
    @Flag(name: .long, help: "Print JSON: an array of groups, each with its subgroups in \"children\".") var json = false

    struct Record: Encodable {
        var id: String
        var name: String
        /// Photos in the group and its subgroups.
        var count: Int
        var coverPhotoId: String
        var firstTakenAt: String
        var lastTakenAt: String
        var children: [Record]

        init(_ folder: PhotoFolder) {
            id = folder.id
            name = folder.name
            count = folder.count
            coverPhotoId = folder.coverID
            firstTakenAt = folder.firstTakenAt
            lastTakenAt = folder.lastTakenAt
            children = folder.children.map(Record.init)
        }
    }

    func run() throws {
        try reportingFailures {
            let library = try options.loadForReading(checkMissing: false)
            let tree = FolderTree(library: library, kind: by, places: options.placeLookup)
            if json {
                try printJSON(tree.folders.map(Record.init))
                return
            }
            func show(_ folders: [PhotoFolder], depth: Int) {
                for folder in folders {
                    let indent = String(repeating: "  ", count: depth)
                    say("\(indent)\(folder.name.strippingControlCharacters)\t\(folder.count)\t\(folder.group.dateRange)")
                    show(folder.children, depth: depth + 1)
                }
            }
            show(tree.folders, depth: 0)
        }
    }
}

extension GroupingKind: ExpressibleByArgument {}
extension PhotoSort: ExpressibleByArgument {}
