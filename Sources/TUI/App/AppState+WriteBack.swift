import Library

extension AppState {
    /// The photos whose edited date or place `W` would write into their files: the marked
    /// photos, else every photo with such edits.
    var writeBackCandidates: [String] {
        let pool = marks.isEmpty ? library.photos.map(\.id) : editTargets
        return pool.filter { id in
            guard let edits = library.photo(id: id)?.edits else { return false }
            return edits.date != nil || edits.location != nil || edits.description != nil || edits.favourite
        }
    }

    mutating func askToWriteBack() -> [Effect] {
        let photos = writeBackCandidates
        guard !photos.isEmpty else {
            status = "No edits to write: the files already say what the library says"
            return []
        }
        writeConfirmation = photos
        return []
    }

    mutating func handleWriteConfirmation(_ photos: [String], _ key: Key) -> [Effect] {
        writeConfirmation = nil
        guard key == .enter || key == .char("y") else {
            status = "Nothing written"
            return []
        }
        status = "Writing \(photos.count) file\(photos.count == 1 ? "" : "s")…"
        return [.writeBack(photos)]
    }
}
