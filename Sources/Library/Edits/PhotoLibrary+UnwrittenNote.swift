extension PhotoLibrary {
    /// After undoing or redoing `step` on this library: what the files of its photos still
    /// hold, when a write-back wrote the step's values into them and the photos now show other
    /// values (edits waiting to be written) — "the file still holds 2001-02-03 04:05:00 until
    /// you write again". Nil when the files hold what the photos show.
    public func unwrittenNote(for step: EditStep) -> String? {
        var held: [(photo: Photo, fields: [String])] = []
        for change in step.changes where change.written {
            guard let photo = photo(id: change.photoID) else { continue }
            let (before, after, now) = (change.before, change.after, photo.edits)
            var fields: [String] = []
            if before.date != after.date, now.date != nil { fields.append("date") }
            if before.location != after.location, now.location != nil { fields.append("place") }
            if before.description != after.description, now.description != nil { fields.append("description") }
            if before.orientation != after.orientation, now.orientation != nil { fields.append("orientation") }
            if !fields.isEmpty { held.append((photo, fields)) }
        }
        guard let first = held.first else { return nil }
        let holder = held.count == 1 ? "the file still holds" : "\(held.count) files still hold"
        if held.count == 1, first.fields.count == 1 {
            return "\(holder) \(Self.fileValue(first.fields[0], of: first.photo)) until you write again"
        }
        let fields = ["date", "place", "description", "orientation"].filter { field in held.contains { $0.fields.contains(field) } }
        return "\(holder) the written \(fields.joined(separator: " and ")) until you write again"
    }

    /// What the file of `photo` says for `field` ("date", "place", "description", "orientation"), for people.
    private static func fileValue(_ field: String, of photo: Photo) -> String {
        switch field {
        case "date": photo.fileTakenAt.flatMap { WallClock(iso: $0)?.text(.second) } ?? "no date"
        case "place": photo.fileGPS.map(CoordinateFormat.decimal) ?? "no place"
        case "orientation": "orientation \(photo.fileOrientation) (\(Orientation(exif: photo.fileOrientation)))"
        default: photo.fileDescription.map { "\"\($0.strippingControlCharacters)\"" } ?? "no description"
        }
    }
}
