/// A one-line text input: typed characters append, Backspace deletes the last, Ctrl-U clears.
struct TextField: Equatable, Sendable {
    var text = ""

    /// Applies an editing key; false when `key` is not one (the caller handles it).
    mutating func edit(_ key: Key) -> Bool {
        switch key {
        case .backspace: text = String(text.dropLast())
        case .ctrl("u"): text = ""
        case let .char(c): text.append(c)
        default: return false
        }
        return true
    }

    /// The text with a cursor bar after it, as drawn in a form.
    var withCursor: String { text + "▏" }
}
