import Library

/// "Write the edited date of 3 photos into their files?" before `W` touches anything: names
/// exactly what changed (dates, places, descriptions, favourites), wrapped to the width.
enum WriteConfirmationView {
    /// The question and what it does, as paragraphs (each wrapped on its own).
    static func paragraphs(_ photos: [String], library: PhotoLibrary) -> [(String, Style)] {
        let edits = photos.compactMap { library.photo(id: $0)?.edits }
        let count = photos.count
        let photosText = "\(count) photo\(count == 1 ? "" : "s")"
        var fields: [String] = []
        if edits.contains(where: { $0.date != nil }) { fields.append("date") }
        if edits.contains(where: { $0.location != nil }) { fields.append("place") }
        if edits.contains(where: { $0.description != nil }) { fields.append("description") }
        let favourites = edits.contains(where: \.favourite)
        let its = count == 1 ? "its" : "their"
        let question: String
        let how: String
        if fields.isEmpty {
            question = "Write the favourite mark of \(photosText) (as rating 5) into an XMP sidecar beside \(count == 1 ? "it" : "each")?"
            how = "The photo files themselves are not touched."
        } else {
            let edited = "the edited " + listed(fields) + (favourites ? " and the favourite mark" : "")
            question = "Write \(edited) of \(photosText) into \(its) file\(count == 1 ? "" : "s") (EXIF) and an XMP sidecar beside \(count == 1 ? "it" : "each")?"
            how = "Each file is replaced atomically; its picture is not touched."
        }
        return [(question, Theme.title), (how, Theme.dim), ("Enter write · any other key cancels", Theme.dim)]
    }

    /// "date", "date and place", "date, place and description".
    static func listed(_ words: [String]) -> String {
        guard words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " and " + words[words.count - 1]
    }

    static func render(_ photos: [String], state: AppState, into grid: inout CellGrid) {
        let width = min(66, state.contentArea.width)
        var lines: [(String, Style)] = []
        for (i, (text, style)) in paragraphs(photos, library: state.library).enumerated() {
            if i > 0 { lines.append(("", .plain)) }
            lines += PhotoTile.wrap(text, width: max(1, width - 4), maxLines: 6).map { ($0, style) }
        }
        let box = Panel.centered(in: state.contentArea, width: width, height: lines.count + 2)
        let inner = Panel.draw(box, title: "Write to the files", into: &grid)
        for (i, line) in lines.enumerated() where i < inner.height {
            grid.put(line.0, x: inner.x, y: inner.y + i, style: line.1, maxWidth: inner.width)
        }
    }
}
