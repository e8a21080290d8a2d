import ArgumentParser
import Foundation
import Library

/// `photory-tui album create|add|remove|rename|delete|list|show` (issue 23): the manual albums.
/// Every change is one edit in the library's journal (undone with `photory-tui undo`, or `u` in
/// the browser); errors name the album or photo and the reason.
struct AlbumCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "album",
        abstract: "Make, fill, rename, delete and list the manual albums.",
        discussion: """
            Album names are paths: "Trips/Italy 2024" is the album "Italy 2024" in the album folder "Trips". \
            A photo can be in many albums; deleting an album keeps its photos. Every change is undoable.
            """,
        subcommands: [AlbumCreateCommand.self, AlbumAddCommand.self, AlbumRemoveCommand.self, AlbumRenameCommand.self,
                      AlbumDeleteCommand.self, AlbumListCommand.self, AlbumShowCommand.self],
        defaultSubcommand: AlbumListCommand.self)

    /// One album as `album list --json` and `album show --json` give it.
    struct Record: Encodable {
        var id: String
        var name: String
        /// The last level of the name, and the album folders above it ("Trips").
        var title: String
        var folder: String?
        var count: Int
        var cover: String?
        /// "manual" or a sort (`dateTaken`, `newestFirst`, `fileName`, `fileSize`, `rating`).
        var order: String
        var photos: [PhotoRecord]?

        init(_ album: Album, in library: PhotoLibrary, withPhotos: Bool = false) {
            (id, name, title) = (album.id, album.name, album.title)
            let levels = album.name.split(separator: "/")
            folder = levels.count > 1 ? levels.dropLast().joined(separator: "/") : nil
            count = library.albumCount(album.id)
            let group = library.group(id: album.groupID)
            cover = group.flatMap { $0.coverID.isEmpty ? nil : $0.coverID }
            order = album.sort?.rawValue ?? "manual"
            if withPhotos {
                photos = library.photoIDs(inAlbum: album.id).compactMap { library.photo(id: $0) }.map { PhotoRecord($0, in: library) }
            }
        }
    }

    /// Plans one album edit on the library as it is under the lock, saves it as one journal
    /// line and reports it (as text, or `{"step","stepId","album"}` with `json`).
    static func edit(options: LibraryOptions, json: Bool, albumName: @escaping (PhotoLibrary) -> String?,
                     plan: @escaping (PhotoLibrary) throws -> EditStep) throws {
        try options.requireLibraryFile()
        var step: EditStep?
        let saved = try EditReport.save(options: options) { library in
            do {
                let planned = try plan(library)
                step = planned
                return planned.isEmpty ? [] : [.apply(planned)]
            } catch let error as AlbumError {
                throw CommandFailure("\(error)")
            }
        }
        guard let step else { return }
        let album = albumName(saved.library).flatMap { saved.library.album(named: $0) }
        if json {
            struct Edited: Encodable { var step: String; var stepId: String?; var album: Record? }
            try printJSON(Edited(step: step.label, stepId: step.isEmpty ? nil : step.id,
                                 album: album.map { Record($0, in: saved.library) }))
        } else {
            say(step.isEmpty ? "nothing to change: \(step.label.strippingControlCharacters) changes nothing"
                : step.label.strippingControlCharacters)
        }
    }
}

struct AlbumCreateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "create", abstract: "Make an empty album.")
    @OptionGroup var options: LibraryOptions
    @Argument(help: ArgumentHelp("The album's name (a path like \"Trips/Italy 2024\" puts it in an album folder).",
                                 valueName: "name")) var name: String
    @Flag(name: .long, help: "Print JSON.") var json = false

    func run() throws {
        try reportingFailures {
            try AlbumCommand.edit(options: options, json: json, albumName: { _ in name }) { library in
                try EditPlanner(library: library).createAlbum(name)
            }
        }
    }
}

struct AlbumAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add photos to an album (made when there is none).")
    @OptionGroup var options: LibraryOptions
    @Argument(help: ArgumentHelp("The album's name.", valueName: "name")) var name: String
    @Argument(help: ArgumentHelp("Photos, by path or id.", valueName: "path-or-id")) var photos: [String]
    @Flag(name: .long, help: "Refuse when there is no album of that name, instead of making it.") var existing = false
    @Flag(name: .long, help: "Print JSON.") var json = false

    func run() throws {
        try reportingFailures {
            try AlbumCommand.edit(options: options, json: json, albumName: { _ in name }) { library in
                let ids = try options.photos(named: photos, in: library).map(\.id)
                return try EditPlanner(library: library).addToAlbum(ids, named: name, creating: !existing)
            }
        }
    }
}

struct AlbumRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: "Take photos out of an album (they stay in the library).")
    @OptionGroup var options: LibraryOptions
    @Argument(help: ArgumentHelp("The album's name.", valueName: "name")) var name: String
    @Argument(help: ArgumentHelp("Photos, by path or id.", valueName: "path-or-id")) var photos: [String]
    @Flag(name: .long, help: "Print JSON.") var json = false

    func run() throws {
        try reportingFailures {
            try AlbumCommand.edit(options: options, json: json, albumName: { _ in name }) { library in
                let ids = try options.photos(named: photos, in: library).map(\.id)
                return try EditPlanner(library: library).removeFromAlbum(ids, named: name)
            }
        }
    }
}

struct AlbumRenameCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rename", abstract: "Rename an album, or move an album folder with the albums in it.")
    @OptionGroup var options: LibraryOptions
    @Argument(help: ArgumentHelp("The album's (or album folder's) name now.", valueName: "old")) var old: String
    @Argument(help: ArgumentHelp("Its new name.", valueName: "new")) var new: String
    @Flag(name: .long, help: "Print JSON.") var json = false

    func run() throws {
        try reportingFailures {
            try AlbumCommand.edit(options: options, json: json, albumName: { _ in new }) { library in
                try EditPlanner(library: library).renameAlbum(old, to: new)
            }
        }
    }
}

struct AlbumDeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete an album (its photos stay; undoable).")
    @OptionGroup var options: LibraryOptions
    @Argument(help: ArgumentHelp("The album's name.", valueName: "name")) var name: String
    @Flag(name: .long, help: "Print JSON.") var json = false

    func run() throws {
        try reportingFailures {
            try AlbumCommand.edit(options: options, json: json, albumName: { _ in nil }) { library in
                try EditPlanner(library: library).deleteAlbum(name)
            }
        }
    }
}

struct AlbumListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the albums with their photo counts.")
    @OptionGroup var options: LibraryOptions
    @Flag(name: .long, help: "Print JSON: [{\"name\", \"count\", …}].") var json = false

    func run() throws {
        try reportingFailures {
            try options.requireLibraryFile()
            let library = try options.loadForReading(checkMissing: false)
            if json { return try printJSON(library.albums.map { AlbumCommand.Record($0, in: library) }) }
            if library.albums.isEmpty { return say("no albums; `photory-tui album create NAME` makes one") }
            for album in library.albums {
                let count = library.albumCount(album.id)
                say("\(album.name.strippingControlCharacters)\t\(Counted.text(count))")
            }
        }
    }
}

struct AlbumShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "List an album's photos in its order.")
    @OptionGroup var options: LibraryOptions
    @Argument(help: ArgumentHelp("The album's name.", valueName: "name")) var name: String
    @Flag(name: .long, help: "Print JSON: the album with its \"photos\".") var json = false

    func run() throws {
        try reportingFailures {
            try options.requireLibraryFile()
            let library = try options.loadForReading(checkMissing: false)
            guard let album = library.album(named: name) else { throw CommandFailure("\(AlbumError.unknownAlbum(name))") }
            if json { return try printJSON(AlbumCommand.Record(album, in: library, withPhotos: true)) }
            let count = library.albumCount(album.id)
            say("\(album.name.strippingControlCharacters) · \(Counted.text(count)) · order: \(album.sort?.title ?? "by hand")")
            for id in library.photoIDs(inAlbum: album.id) {
                guard let photo = library.photo(id: id) else { continue }
                say("\(photo.id)\t\(PathBytes.display(photo.path).strippingControlCharacters)")
            }
        }
    }
}
