/// Key names as a user writes them in the config file (`"ctrl-b"`, `"pgdn"`, `"space"`, `"A"`)
/// and as help and hints show them (`^B`, `PgDn`, `Space`, `A`).
public enum KeyName {
    private static let named: [(names: [String], key: Key, label: String)] = [
        (["up"], .up, "↑"), (["down"], .down, "↓"), (["left"], .left, "←"), (["right"], .right, "→"),
        (["pgup", "pageup", "page-up"], .pageUp, "PgUp"), (["pgdn", "pagedown", "page-down"], .pageDown, "PgDn"),
        (["home"], .home, "Home"), (["end"], .end, "End"),
        (["enter", "return"], .enter, "Enter"), (["esc", "escape"], .escape, "Esc"),
        (["backspace"], .backspace, "Backspace"), (["tab"], .tab, "Tab"), (["delete", "del"], .delete, "Del"),
        (["space"], .char(" "), "Space"),
    ]

    /// The key a config entry names, or nil when it names none.
    public static func parse(_ text: String) -> Key? {
        if text.count == 1, let character = text.first, character != " " {
            return character.unicodeScalars.allSatisfy({ !$0.isUnsafeForTerminal }) ? .char(character) : nil
        }
        let lower = text.lowercased()
        if let entry = named.first(where: { $0.names.contains(lower) }) { return entry.key }
        for prefix in ["ctrl-", "ctrl+", "c-", "^"] where lower.hasPrefix(prefix) {
            let rest = lower.dropFirst(prefix.count)
            guard rest.count == 1, let c = rest.first, c.isASCII,
                  c.isLetter || "@[\\]^_".contains(c) else { return nil }
            // Ctrl-H, -I, -J and -M are Backspace, Tab and Enter to a terminal.
            switch c {
            case "h": return .backspace
            case "i": return .tab
            case "j", "m": return .enter
            default: return .ctrl(c)
            }
        }
        if lower.hasPrefix("f"), let number = Int(lower.dropFirst()), (1...63).contains(number) {
            return .function(number)
        }
        return nil
    }

    /// How help and hints show `key`.
    public static func label(_ key: Key) -> String {
        if let entry = named.first(where: { $0.key == key }) { return entry.label }
        switch key {
        case let .char(c): return String(c)
        case let .ctrl(c): return "^" + String(c).uppercased()
        case let .function(n): return "F\(n)"
        case .resize: return "resize"
        default: return "?"
        }
    }
}

extension KeyName {
    /// How the config file names `key` (the first of its names): "enter", "ctrl-b", "space", "x".
    public static func configName(_ key: Key) -> String {
        if let entry = named.first(where: { $0.key == key }) { return entry.names[0] }
        switch key {
        case let .char(c): return String(c)
        case let .ctrl(c): return "ctrl-" + String(c)
        case let .function(n): return "f\(n)"
        default: return label(key)
        }
    }
}

extension Key {
    /// How help and hints show this key.
    public var label: String { KeyName.label(self) }
}
