import ArgumentParser
import Library

/// `photory-tui list`: photos, all, one group's or a search's, as lines or JSON.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List photos.",
        discussion: """
            --search takes what the browser's search line takes: words (each must be in the file name, \
            folder, description or camera), "a phrase", year:2019, year:2018..2020, date:2019-07, \
            date:2019-07-01..2019-07-31, date:2019.., camera:canon, place:rio, group:"beach 2019", \
            fav (or is:favourite), is:missing, is:edited; -word or -camera:x leaves out what matches. \
            Case and accents are ignored.
            """)

    @OptionGroup var options: LibraryOptions
    @Option(name: .long, help: ArgumentHelp("Only the photos of this group (by name or id).", valueName: "name"))
    var group: String?
    /// Unconditional: a query may start with "-" ("-year:2023 beach").
    @Option(name: .long, parsing: .unconditional,
            help: ArgumentHelp("Only the photos this search finds (see below).", valueName: "query"))
    var search: String?
    @Flag(name: .long, help: "Only favourite photos.") var favourites = false
    @Option(name: .long, help: ArgumentHelp(
        "Order: dateTaken (oldest first), newestFirst, fileName, fileSize (largest first) or rating (most stars first); "
            + "without it, by group then date taken (searches: by date taken).", valueName: "order"))
    var sort: PhotoSort?
    @Flag(name: .long, help: "Print a JSON array.") var json = false

    func run() throws {
        try reportingFailures {
            let library = try options.loadForReading()
            var photos: [Photo]
            if let group {
                guard let found = library.group(named: group) ?? library.group(id: group) else {
                    throw CommandFailure("no group named \"\(group.strippingControlCharacters)\" (see `photory-tui groups`)")
                }
                photos = library.withStackMembers(found.photoIDs).compactMap { library.photo(id: $0) }
            } else {
                photos = library.groups.flatMap { library.withStackMembers($0.photoIDs).compactMap { library.photo(id: $0) } }
            }
            // Stacks (issue 21): every file is its own entry, a stack's after the one that stands for it.
            if search != nil || favourites {
                var query: SearchQuery
                do {
                    query = try SearchQuery(parsing: search ?? "")
                } catch {
                    throw CommandFailure("cannot search for that: \(error)")
                }
                if favourites { query.terms.append(.init(.favourite)) }
                let found = Set(SearchIndex(library: library, places: options.placeLookup).search(query))
                photos.removeAll { !found.contains($0.id) }
            }
            // Searches come oldest first, like the browser shows them; the whole list by group.
            if let sort = sort ?? (search != nil || favourites ? .dateTaken : nil) {
                photos = sort.order(of: photos).map { photos[$0] }
            }
            // A stack's other files are listed under the group of the one that stands for it.
            let withGroups = photos.compactMap { photo in
                let shown = library.stack(of: photo.id).flatMap { library.photo(id: $0.id) } ?? photo
                return library.group(id: PhotoLibrary.groupID(of: shown)).map { (photo, $0) }
            }
            if json {
                try printJSON(withGroups.map { PhotoRecord($0.0, in: library) })
                return
            }
            for (photo, group) in withGroups {
                let flags = (photo.isFavourite ? "\t★" : "") + (photo.missing ? "\t(missing)" : "")
                say("\(photo.id)\t\(photo.takenAt ?? "unknown")\t\(group.name.strippingControlCharacters)\t\(PathBytes.display(photo.path).strippingControlCharacters)\(flags)")
            }
        }
    }
}
