/// A one-line text input: typed characters go in at the cursor; the editing actions
/// (`delete-back`, `delete-forward`, `clear-line`, and in the forms `cursor-left` … `line-end`)
/// come from the key table of the layer holding the field. The search line keeps ← → Home End
/// for moving through its results.
struct TextField: Equatable, Sendable {
    private(set) var characters: [Character] = []
    /// Where typing goes, 0…count.
    private(set) var cursor = 0

    init(_ text: String = "") {
        characters = Array(text)
        cursor = characters.count
    }

    var text: String { String(characters) }

    /// Applies `key`, whose action in the field's context is `action`: an editing action edits,
    /// a character no binding takes is typed. False when the key is neither (the layer handles it).
    mutating func edit(_ key: Key, action: Action?) -> Bool {
        if let action { return perform(action) }
        guard case let .char(c) = key else { return false }
        characters.insert(c, at: cursor)
        cursor += 1
        return true
    }

    /// `edit` with the default keys of a form (`moving`: ← → Home End move the cursor) or of
    /// the search line (they are left to the caller).
    mutating func edit(_ key: Key, moving: Bool = false) -> Bool {
        edit(key, action: KeyMap().action(for: key, in: moving ? .dateForm : .search))
    }

    /// Does an editing action; false when `action` is not one.
    mutating func perform(_ action: Action) -> Bool {
        switch action {
        case .deleteBack:
            guard cursor > 0 else { return true }
            characters.remove(at: cursor - 1)
            cursor -= 1
        case .deleteForward:
            if cursor < characters.count { characters.remove(at: cursor) }
        case .clearLine:
            characters = []
            cursor = 0
        case .cursorLeft: cursor = max(0, cursor - 1)
        case .cursorRight: cursor = min(characters.count, cursor + 1)
        case .lineStart: cursor = 0
        case .lineEnd: cursor = characters.count
        default: return false
        }
        return true
    }

    /// The text with a cursor bar where typing goes, as drawn in a form.
    var withCursor: String { String(characters[..<cursor]) + "▏" + String(characters[cursor...]) }

    /// `withCursor` cut to `width` columns around the cursor, so a long text scrolls with it.
    func withCursor(fitting width: Int) -> String {
        let full = withCursor
        guard full.displayWidth > width, width > 2 else { return full }
        let before = Array(String(characters[..<cursor]) + "▏"), after = Array(String(characters[cursor...]))
        // As much as fits before the cursor (with "…" when cut), then what follows it.
        var head = String(before)
        if head.displayWidth > width - 1 {
            var kept: [Character] = []
            for character in before.reversed() {
                if (String(kept.reversed()) + String(character)).displayWidth > width - 2 { break }
                kept.append(character)
            }
            head = "…" + String(kept.reversed())
        }
        return CellGrid.truncated(head + String(after), toWidth: width)
    }
}
