import Foundation
import Library

/// What an edit, undo or redo changed, photo by photo, as text or JSON.
struct EditReport {
    var step: EditStep
    /// The library before the step and as saved after it.
    var before: PhotoLibrary
    var after: PhotoLibrary

    struct Record: Encodable {
        var step: String
        var stepId: String
        var changed: [PhotoRecord]
        /// After an undo or redo: what files still hold until written again (`unwrittenNote`).
        var note: String?
    }

    func print(json: Bool, verb: String? = nil) throws {
        let changed = step.changes.compactMap { after.photo(id: $0.photoID) }
        let note = verb == nil ? nil : after.unwrittenNote(for: step)
        if json {
            try printJSON(Record(step: step.label, stepId: step.id, changed: changed.map { PhotoRecord($0, in: after) }, note: note))
            return
        }
        for photo in changed {
            say(PathBytes.display(photo.path).strippingControlCharacters)
            guard let old = before.photo(id: photo.id) else { continue }
            for line in Self.differences(old, photo) { say("  " + line.strippingControlCharacters) }
        }
        say((verb.map { "\($0): " } ?? "") + step.label.strippingControlCharacters + (note.map { " — " + $0 } ?? ""))
    }

    /// "taken: 2024-07-01 10:00:00 → 2024-07-01 13:00:00", one line per field that changed.
    static func differences(_ a: Photo, _ b: Photo) -> [String] {
        func place(_ photo: Photo) -> String { photo.gps.map(ShowCommand.describe) ?? "none" }
        func text(_ value: String?) -> String { value.map { "\"\($0)\"" } ?? "none" }
        var lines: [String] = []
        if a.takenAtText != b.takenAtText { lines.append("taken: \(a.takenAtText) → \(b.takenAtText)") }
        if a.gps != b.gps { lines.append("place: \(place(a)) → \(place(b))") }
        if a.description != b.description { lines.append("description: \(text(a.description)) → \(text(b.description))") }
        func yes(_ flag: Bool) -> String { flag ? "yes" : "no" }
        if a.isFavourite != b.isFavourite { lines.append("favourite: \(yes(a.isFavourite)) → \(yes(b.isFavourite))") }
        if a.rating != b.rating { lines.append("rating: \(a.rating) → \(b.rating)") }
        if a.isRejected != b.isRejected { lines.append("rejected: \(yes(a.isRejected)) → \(yes(b.isRejected))") }
        if a.isPicked != b.isPicked { lines.append("picked: \(yes(a.isPicked)) → \(yes(b.isPicked))") }
        if a.label != b.label { lines.append("label: \(a.label?.rawValue ?? "none") → \(b.label?.rawValue ?? "none")") }
        if a.orientation != b.orientation {
            lines.append("turned: \(Orientation(exif: a.orientation)) → \(Orientation(exif: b.orientation))")
        }
        if a.tags != b.tags {
            func list(_ tags: [String]) -> String { tags.isEmpty ? "none" : tags.joined(separator: ", ") }
            lines.append("tags: \(list(a.tags)) → \(list(b.tags))")
        }
        return lines
    }

    /// Undoes or redoes the newest step in the library file and reports it.
    static func replay(_ edit: LibraryEdit, verb: String, options: LibraryOptions, json: Bool) throws {
        try options.requireLibraryFile()
        var before = PhotoLibrary()
        let saved = try save(options: options) { library in
            before = library
            return [edit]
        }
        guard let step = saved.steps.first ?? nil else {
            throw CommandFailure(edit == .undoLatest ? "nothing to undo" : "nothing to redo")
        }
        try EditReport(step: step, before: before, after: saved.library).print(json: json, verb: verb)
    }

    /// Saves the edits `plan` makes on the library as it is now, under the lock (one journal
    /// line), telling stderr what the store noticed. An error thrown by `plan` saves nothing.
    /// The library is read once, before the lock: under it, only what another writer appended
    /// since is read (`LibraryCopy`).
    static func save(options: LibraryOptions, plan: (PhotoLibrary) throws -> [LibraryEdit]) throws -> SavedEdits {
        var failure: Error?
        let saved: SavedEdits
        do {
            let store = options.store
            var copy = LibraryCopy(try store.loadWithNotes())
            saved = try store.append(lockTimeout: 10, to: &copy) { library in
                failure = nil  // planned again under the lock when another writer came between
                do {
                    return try plan(library)
                } catch {
                    failure = error
                    return []
                }
            }
        } catch {
            throw CommandFailure("\(error)")
        }
        if let failure { throw failure }
        saved.notes.forEach(complain)
        return saved
    }
}
