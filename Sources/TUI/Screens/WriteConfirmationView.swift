import Library

/// "Write the edited date of 3 photos into their files?" before `W` touches anything: names
/// exactly what changed (dates, places, descriptions, favourites), wrapped to the width.
enum WriteConfirmationView {
    /// The question and what it does, as paragraphs (each wrapped on its own).
    static func paragraphs(_ photos: [String], library: PhotoLibrary, keyMap: KeyMap = KeyMap()) -> [(String, Style)] {
        let edits = photos.compactMap { library.photo(id: $0)?.edits }
        let count = photos.count
        let photosText = Counted.text(count)
        var fields: [String] = []
        if edits.contains(where: { $0.date != nil }) { fields.append("date") }
        if edits.contains(where: { $0.location != nil }) { fields.append("place") }
        if edits.contains(where: { $0.description != nil }) { fields.append("description") }
        if edits.contains(where: { $0.orientation != nil }) { fields.append("orientation") }   // rotate and flip (issue 20)
        let favourites = edits.contains(where: \.favourite)
        let its = count == 1 ? "its" : "their"
        let question: String
        let how: String
        if fields.isEmpty {
            question = "Write the favourite mark of \(photosText) (as rating 5) into an XMP sidecar beside \(count == 1 ? "it" : "each")?"
            how = "The photo files themselves are not touched."
        } else {
            let formats = sidecarOnlyFormats(photos, library: library)
            let kinds = listed(Array(Set(formats)).sorted())
            let favouriteNote = favourites ? " The favourite mark goes into the sidecar (rating 5)." : ""
            if formats.isEmpty {
                question = "Write the edited \(listed(fields)) of \(photosText) into \(its) file\(count == 1 ? "" : "s") (EXIF) "
                    + "and an XMP sidecar beside \(count == 1 ? "it" : "each")?" + favouriteNote
                how = "Each file is replaced atomically; its picture is not touched."
            } else if formats.count == count {
                question = "Write the edited \(listed(fields)) of \(photosText) into an XMP sidecar beside \(count == 1 ? "it" : "each")?"
                    + favouriteNote
                how = "The \(kinds) file\(count == 1 ? " itself is" : "s themselves are") not touched: \(LibraryWriteBack.onlyJPEGFiles)."
            } else {
                let jpegs = count - formats.count
                question = "Write the edited \(listed(fields)) of \(photosText) into an XMP sidecar beside each, "
                    + "and into the file\(jpegs == 1 ? "" : "s") (EXIF) of the \(Counted.text(jpegs, "JPEG"))?" + favouriteNote
                how = "The other \(formats.count) (\(kinds)) keep their files as they are: \(LibraryWriteBack.onlyJPEGFiles). "
                    + "Each JPEG is replaced atomically; its picture is not touched."
            }
        }
        return [(question, Theme.title), (how, Theme.dim), (keyMap.label(.accept, in: .writeConfirmation) + " write · any other key cancels", Theme.dim)]
    }

    /// The formats of the photos whose files are not written, only their sidecars (HEIF, PNG, WebP).
    static func sidecarOnlyFormats(_ photos: [String], library: PhotoLibrary) -> [String] {
        photos.compactMap { library.photo(id: $0).flatMap { LibraryWriteBack.sidecarOnlyFormat(ofName: $0.path) } }
    }

    /// "date", "date and place", "date, place and description".
    static func listed(_ words: [String]) -> String {
        guard words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " and " + words[words.count - 1]
    }

    static func render(_ photos: [String], state: AppState, into grid: inout CellGrid) {
        let width = min(66, state.contentArea.width)
        let room = max(3, state.contentArea.height - 2)
        var parts = paragraphs(photos, library: state.library, keyMap: state.keyMap)
        func lines() -> [(String, Style)] {
            var lines: [(String, Style)] = []
            for (i, (text, style)) in parts.enumerated() {
                if i > 0 { lines.append(("", .plain)) }
                lines += PhotoTile.wrap(text, width: max(1, width - 4), maxLines: .max).map { ($0, style) }
            }
            return lines
        }
        // A small terminal: the question and the keys, never the keys cut off.
        if lines().count > room { parts.remove(at: 1) }
        var lines = lines()
        if lines.count > room, let last = parts.last {
            let keys = PhotoTile.wrap(last.0, width: max(1, width - 4), maxLines: .max).map { ($0, last.1) }
            let question = PhotoTile.wrap(parts[0].0, width: max(1, width - 4), maxLines: max(1, room - keys.count))
            lines = question.map { ($0, parts[0].1) } + keys
        }
        let box = Panel.centered(in: state.contentArea, width: width, height: lines.count + 2)
        let onlySidecars = sidecarOnlyFormats(photos, library: state.library).count == photos.count
        let inner = Panel.draw(box, title: onlySidecars ? "Write the sidecars" : "Write to the files", into: &grid)
        for (i, line) in lines.enumerated() where i < inner.height {
            grid.put(line.0, x: inner.x, y: inner.y + i, style: line.1, maxWidth: inner.width)
        }
    }
}
