import ArgumentParser
import Library

/// `photory-tui remove PATH_OR_ID…`: takes photos out of the library; their files stay.
struct RemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Take photos out of the library without touching their files.")
    @OptionGroup var options: LibraryOptions
    @Argument(help: ArgumentHelp("Photos, by path or id.", valueName: "path-or-id")) var photos: [String]

    func run() throws {
        try reportingFailures {
            try options.requireLibraryFile()
            var removed: [Photo] = []
            _ = try EditReport.save(options: options) { library in
                removed = try options.photos(named: photos, in: library)
                return [.trash(.removed(photoIDs: removed.map(\.id)))]
            }
            for photo in removed { say("removed \(PathBytes.display(photo.path).strippingControlCharacters) (the file stays)") }
        }
    }
}
