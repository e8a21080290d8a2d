import ArgumentParser
import Library

/// `photory-tui list`: photos, all or one group's, as lines or JSON.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List photos.")

    @OptionGroup var options: LibraryOptions
    @Option(name: .long, help: ArgumentHelp("Only the photos of this group (by name or id).", valueName: "name"))
    var group: String?
    @Flag(name: .long, help: "Only favourites.") var favourites = false
    @Flag(name: .long, help: "Print a JSON array.") var json = false

    func run() throws {
        try reportingFailures {
            let library = try options.loadForReading()
            let groups: [PhotoGroup]
            if let group {
                guard let found = library.group(named: group) ?? library.group(id: group) else {
                    throw CommandFailure("no group named \"\(group.strippingControlCharacters)\" (see `photory-tui groups`)")
                }
                groups = [found]
            } else {
                groups = library.groups
            }
            let photos = groups.flatMap { group in group.photoIDs.compactMap { library.photo(id: $0) }.map { ($0, group) } }
                .filter { !favourites || $0.0.isFavourite }
            if json {
                try printJSON(photos.map { PhotoRecord($0.0, in: library) })
                return
            }
            for (photo, group) in photos {
                let flags = (photo.isFavourite ? "\t★" : "") + (photo.missing ? "\t(missing)" : "")
                say("\(photo.id)\t\(photo.takenAt)\t\(group.name.strippingControlCharacters)\t\(PathBytes.display(photo.path).strippingControlCharacters)\(flags)")
            }
        }
    }
}
