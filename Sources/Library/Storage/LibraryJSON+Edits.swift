/// The user's edits and the undo history in the library file:
///
///     "edits":{"date":{"value":"2004-01-01T00:00:00","precision":"year"},
///              "location":{"latitude":…,"longitude":…} (null: cleared),
///              "description":"…","favourite":true,
///              "rating":4,"rejected":false,"picked":true,"label":"red" (null: cleared),"tags":["Places/Italy"],
///              "orientation":6 (the EXIF orientation the user turned the photo to),
///              "albums":[{"album":"<Album.id>","position":3}] (issue 23: the albums it is in, its place in each)}
///     "marks":{"rating":3,"rejected":true,"label":"red","tags":["Places/Italy/Rome"]}   (the file's)
///     "history":{"undo":[{"id":"…","label":"…","at":…,"changes":[{"photo":"…","before":{…},"after":{…},
///                          "written":true (only when a write-back wrote it into the file)}],
///                        "trashed":["id",…] (only for a move to the trash)}],"redo":[…]}
extension LibraryJSON {
    // MARK: - Reading

    static func readEdits(_ scanner: inout JSONScanner) throws -> PhotoEdits {
        var edits = PhotoEdits()
        try scanner.readObject { s, key in
            if key.equals("date") {
                var value: String?, precision = DatePrecision.second
                try s.readObject { s, key in
                    if key.equals("value") { value = try s.readString() }
                    else if key.equals("precision") { precision = DatePrecision(rawValue: try s.readString()) ?? .second }
                    else { try s.skipValue() }
                }
                edits.date = value.map { EditedDate(value: $0, precision: precision) }
            } else if key.equals("location") {
                edits.location = try readGPS(&s).map(LocationEdit.set) ?? .cleared
            } else if key.equals("description") {
                edits.description = try s.readString()
            } else if key.equals("favourite") {
                edits.favourite = try s.readBool()
            } else if key.equals("rating") {
                edits.rating = min(5, max(0, try s.readInt()))
            } else if key.equals("rejected") {
                edits.rejected = try s.readBool()
            } else if key.equals("picked") {
                edits.picked = try s.readBool()
            } else if key.equals("label") {
                edits.label = try s.readOptionalString().map { ColourLabel(rawValue: $0).map(LabelEdit.set) ?? .cleared } ?? .cleared
            } else if key.equals("tags") {
                edits.tags = try readTags(&s, sharing: nil)
            } else if key.equals("orientation") {
                let orientation = try s.readInt()
                edits.orientation = (1...8).contains(orientation) ? orientation : nil
            } else if key.equals("albums") {
                try s.readArray { s in
                    var album: String?, position = 0.0
                    try s.readObject { s, key in
                        if key.equals("album") { album = try s.readString() }
                        else if key.equals("position") { position = try s.readDouble() }
                        else { try s.skipValue() }
                    }
                    if let album { edits.albums[album] = position }
                }
            } else {
                try s.skipValue()
            }
        }
        return edits
    }

    /// The file's marks (`PhotoMarks`); tag texts shared through `strings`.
    static func readMarks(_ scanner: inout JSONScanner, sharing strings: StringInterner?) throws -> PhotoMarks {
        var marks = PhotoMarks()
        try scanner.readObject { s, key in
            if key.equals("rating") { marks.rating = min(5, max(0, try s.readInt())) }
            else if key.equals("rejected") { marks.rejected = try s.readBool() }
            else if key.equals("label") { marks.label = try s.readOptionalString().flatMap(ColourLabel.init(rawValue:)) }
            else if key.equals("tags") { marks.tags = try readTags(&s, sharing: strings) }
            else { try s.skipValue() }
        }
        return marks
    }

    private static func readTags(_ scanner: inout JSONScanner, sharing strings: StringInterner?) throws -> [String] {
        var tags: [String] = []
        try scanner.readArray { s in
            if let tag = try strings.map({ try s.readOptionalString(sharing: $0) }) ?? s.readOptionalString() { tags.append(tag) }
        }
        return tags
    }

    static func readHistory(_ scanner: inout JSONScanner) throws -> EditHistory {
        var history = EditHistory()
        try scanner.readObject { s, key in
            if key.equals("undo") { history.undo = try readSteps(&s) }
            else if key.equals("redo") { history.redo = try readSteps(&s) }
            else { try s.skipValue() }
        }
        return history
    }

    private static func readSteps(_ scanner: inout JSONScanner) throws -> [EditStep] {
        var steps: [EditStep] = []
        try scanner.readArray { s in steps.append(try readStep(&s)) }
        return steps
    }

    /// One step of the history (also a journal line's `apply`).
    static func readStep(_ scanner: inout JSONScanner) throws -> EditStep {
        var id = "", label = "", at = 0.0
        var changes: [EditStep.Change] = [], trashed: [String] = []
        var albumChanges: [AlbumChange] = []
        try scanner.readObject { s, key in
            if key.equals("id") { id = try s.readString() }
            else if key.equals("trashed") { try s.readArray { trashed.append(try $0.readString()) } }
            else if key.equals("label") { label = try s.readString() }
            else if key.equals("at") { at = try s.readDouble() }
            else if key.equals("changes") {
                try s.readArray { s in
                    var photo = "", before = PhotoEdits(), after = PhotoEdits(), written = false
                    try s.readObject { s, key in
                        if key.equals("photo") { photo = try s.readString() }
                        else if key.equals("before") { before = try readEdits(&s) }
                        else if key.equals("after") { after = try readEdits(&s) }
                        else if key.equals("written") { written = try s.readBool() }
                        else { try s.skipValue() }
                    }
                    changes.append(EditStep.Change(photoID: photo, before: before, after: after, written: written))
                }
            } else if key.equals("albums") {
                try s.readArray { s in
                    var id = "", before: Album?, after: Album?
                    try s.readObject { s, key in
                        if key.equals("album") { id = try s.readString() }
                        else if key.equals("before") { before = try readAlbum(&s) }
                        else if key.equals("after") { after = try readAlbum(&s) }
                        else { try s.skipValue() }
                    }
                    albumChanges.append(AlbumChange(albumID: id, before: before, after: after))
                }
            } else {
                try s.skipValue()
            }
        }
        return EditStep(id: id, label: label, at: at, changes: changes, trashedIDs: trashed, albumChanges: albumChanges)
    }

    /// An album (`{"id","name","cover","sort"}`), or null.
    static func readAlbum(_ scanner: inout JSONScanner) throws -> Album? {
        if try scanner.readNull() { return nil }
        var id: String?, name: String?, cover: String?, sort: PhotoSort?
        try scanner.readObject { s, key in
            if key.equals("id") { id = try s.readString() }
            else if key.equals("name") { name = try s.readString() }
            else if key.equals("cover") { cover = try s.readOptionalString() }
            else if key.equals("sort") { sort = try s.readOptionalString().flatMap(PhotoSort.init(rawValue:)) }
            else { try s.skipValue() }
        }
        guard let id, let name else { throw ReadError(description: "an album without \"id\" and \"name\"") }
        return Album(id: id, name: name, cover: cover, sort: sort)
    }

    static func readAlbums(_ scanner: inout JSONScanner) throws -> [Album] {
        var albums: [Album] = []
        try scanner.readArray { s in if let album = try readAlbum(&s) { albums.append(album) } }
        return albums
    }

    static func appendAlbum(_ album: Album?, _ out: inout [UInt8]) {
        guard let album else { return out.append(contentsOf: "null".utf8) }
        out.append(UInt8(ascii: "{"))
        field("id", album.id, &out, first: true)
        field("name", album.name, &out)
        if let cover = album.cover { field("cover", cover, &out) }
        if let sort = album.sort { field("sort", sort.rawValue, &out) }
        out.append(UInt8(ascii: "}"))
    }

    static func appendAlbums(_ albums: [Album], _ out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        for (index, album) in albums.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            appendAlbum(album, &out)
        }
        out.append(UInt8(ascii: "]"))
    }

    // MARK: - Writing

    static func appendEdits(_ edits: PhotoEdits, _ out: inout [UInt8]) {
        var first = true
        out.append(UInt8(ascii: "{"))
        if let date = edits.date {
            key("date", &out, first: first)
            first = false
            out.append(UInt8(ascii: "{"))
            field("value", date.value, &out, first: true)
            field("precision", date.precision.rawValue, &out)
            out.append(UInt8(ascii: "}"))
        }
        if let location = edits.location {
            key("location", &out, first: first)
            first = false
            if let position = location.position { appendGPS(position, &out) } else { out.append(contentsOf: "null".utf8) }
        }
        if let description = edits.description {
            field("description", description, &out, first: first)
            first = false
        }
        if edits.favourite {
            key("favourite", &out, first: first)
            first = false
            out.append(contentsOf: "true".utf8)
        }
        if let rating = edits.rating { number("rating", Double(rating), &out, first: first); first = false }
        if let rejected = edits.rejected { bool("rejected", rejected, &out, first: first); first = false }
        if edits.picked { bool("picked", true, &out, first: first); first = false }
        if let label = edits.label {
            key("label", &out, first: first)
            first = false
            if let colour = label.label { appendString(colour.rawValue, &out) } else { out.append(contentsOf: "null".utf8) }
        }
        if let tags = edits.tags { appendTags(tags, &out, first: first); first = false }
        if let orientation = edits.orientation { number("orientation", Double(orientation), &out, first: first); first = false }
        if !edits.albums.isEmpty {
            key("albums", &out, first: first)
            out.append(UInt8(ascii: "["))
            for (index, albumID) in edits.albums.keys.sorted().enumerated() {
                out.append(contentsOf: index > 0 ? ",{".utf8 : "{".utf8)
                field("album", albumID, &out, first: true)
                number("position", edits.albums[albumID]!, &out)
                out.append(UInt8(ascii: "}"))
            }
            out.append(UInt8(ascii: "]"))
        }
        out.append(UInt8(ascii: "}"))
    }

    /// The file's marks; only what is set.
    static func appendMarks(_ marks: PhotoMarks, _ out: inout [UInt8]) {
        out.append(UInt8(ascii: "{"))
        var first = true
        if marks.rating != 0 { number("rating", Double(marks.rating), &out, first: first); first = false }
        if marks.rejected { bool("rejected", true, &out, first: first); first = false }
        if let label = marks.label { field("label", label.rawValue, &out, first: first); first = false }
        if !marks.tags.isEmpty { appendTags(marks.tags, &out, first: first) }
        out.append(UInt8(ascii: "}"))
    }

    private static func appendTags(_ tags: [String], _ out: inout [UInt8], first: Bool) {
        key("tags", &out, first: first)
        out.append(UInt8(ascii: "["))
        for (index, tag) in tags.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            appendString(tag, &out)
        }
        out.append(UInt8(ascii: "]"))
    }

    private static func bool(_ name: String, _ value: Bool, _ out: inout [UInt8], first: Bool) {
        key(name, &out, first: first)
        out.append(contentsOf: (value ? "true" : "false").utf8)
    }

    static func appendHistory(_ history: EditHistory, _ out: inout [UInt8]) {
        out.append(contentsOf: "{\"undo\":".utf8)
        appendSteps(history.undo, &out)
        out.append(contentsOf: ",\"redo\":".utf8)
        appendSteps(history.redo, &out)
        out.append(UInt8(ascii: "}"))
    }

    private static func appendSteps(_ steps: [EditStep], _ out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        for (index, step) in steps.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            appendStep(step, &out)
        }
        out.append(UInt8(ascii: "]"))
    }

    /// One step of the history (also a journal line's `apply`).
    static func appendStep(_ step: EditStep, _ out: inout [UInt8]) {
        out.append(UInt8(ascii: "{"))
        field("id", step.id, &out, first: true)
        field("label", step.label, &out)
        number("at", step.at, &out)
        out.append(contentsOf: ",\"changes\":[".utf8)
        for (c, change) in step.changes.enumerated() {
            if c > 0 { out.append(UInt8(ascii: ",")) }
            out.append(UInt8(ascii: "{"))
            field("photo", change.photoID, &out, first: true)
            key("before", &out, first: false)
            appendEdits(change.before, &out)
            key("after", &out, first: false)
            appendEdits(change.after, &out)
            if change.written { out.append(contentsOf: ",\"written\":true".utf8) }
            out.append(UInt8(ascii: "}"))
        }
        out.append(UInt8(ascii: "]"))
        if step.isTrash {
            out.append(contentsOf: ",\"trashed\":[".utf8)
            for (index, id) in step.trashedIDs.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                appendString(id, &out)
            }
            out.append(UInt8(ascii: "]"))
        }
        if !step.albumChanges.isEmpty {
            out.append(contentsOf: ",\"albums\":[".utf8)
            for (c, change) in step.albumChanges.enumerated() {
                out.append(contentsOf: c > 0 ? ",{".utf8 : "{".utf8)
                field("album", change.albumID, &out, first: true)
                key("before", &out, first: false)
                appendAlbum(change.before, &out)
                key("after", &out, first: false)
                appendAlbum(change.after, &out)
                out.append(UInt8(ascii: "}"))
            }
            out.append(UInt8(ascii: "]"))
        }
        out.append(UInt8(ascii: "}"))
    }

    static func appendGPS(_ gps: GPSPosition, _ out: inout [UInt8]) {
        out.append(UInt8(ascii: "{"))
        number("latitude", gps.latitude, &out, first: true)
        number("longitude", gps.longitude, &out)
        if let altitude = gps.altitude { number("altitude", altitude, &out) }
        out.append(UInt8(ascii: "}"))
    }
}
