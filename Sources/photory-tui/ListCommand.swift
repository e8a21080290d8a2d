import ArgumentParser
import Library

/// `photory-tui list`: photos, all or one group's, as lines or JSON.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List photos.")

    @OptionGroup var options: LibraryOptions
    @Option(name: .long, help: ArgumentHelp("Only the photos of this group (by name or id).", valueName: "name"))
    var group: String?
    @Flag(name: .long, help: "Print a JSON array.") var json = false

    func run() throws {
        try reportingFailures {
            let library = try options.loadForReading()
            let photos: [Photo]
            if let group {
                guard let found = library.group(named: group) ?? library.group(id: group) else {
                    throw CommandFailure("no group named \"\(group.strippingControlCharacters)\" (see `photory-tui groups`)")
                }
                photos = found.photoIDs.compactMap { library.photo(id: $0) }
            } else {
                photos = library.groups.flatMap { $0.photoIDs.compactMap { library.photo(id: $0) } }
            }
            if json {
                try printJSON(photos.map { PhotoRecord($0, in: library) })
                return
            }
            for photo in photos {
                let group = library.group(id: PhotoLibrary.groupID(of: photo))?.name ?? PhotoGroup.otherName
                let flag = photo.missing ? "\t(missing)" : ""
                say("\(photo.id)\t\(photo.takenAt)\t\(group.strippingControlCharacters)\t\(photo.path.strippingControlCharacters)\(flag)")
            }
        }
    }
}
