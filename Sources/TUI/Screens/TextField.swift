/// A one-line text input: typed characters go in at the cursor, Backspace and Delete remove
/// around it, Ctrl-U clears. In the forms ← → Home End move the cursor; the search line keeps
/// those keys for moving through its results.
struct TextField: Equatable, Sendable {
    private(set) var characters: [Character] = []
    /// Where typing goes, 0…count.
    private(set) var cursor = 0

    init(_ text: String = "") {
        characters = Array(text)
        cursor = characters.count
    }

    var text: String { String(characters) }

    /// Applies an editing key; false when `key` is not one (the caller handles it).
    /// - Parameter moving: whether ← → Home End move the cursor.
    mutating func edit(_ key: Key, moving: Bool = false) -> Bool {
        switch key {
        case .backspace:
            guard cursor > 0 else { return true }
            characters.remove(at: cursor - 1)
            cursor -= 1
        case .delete:
            if cursor < characters.count { characters.remove(at: cursor) }
        case .ctrl("u"):
            characters = []
            cursor = 0
        case let .char(c):
            characters.insert(c, at: cursor)
            cursor += 1
        case .left where moving: cursor = max(0, cursor - 1)
        case .right where moving: cursor = min(characters.count, cursor + 1)
        case .home where moving, .ctrl("a") where moving: cursor = 0
        case .end where moving, .ctrl("e") where moving: cursor = characters.count
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
