/// The names a typed line suggests in the tag editor and the album picker: those with a level
/// (after a `/`) starting with it first, then those containing it, compared as `fold` makes them.
enum Suggestions {
    static func matching(_ typed: String, among names: [String], fold: (String) -> String, limit: Int) -> [String] {
        var starting: [String] = [], containing: [String] = []
        for name in names {
            let folded = fold(name)
            if folded.hasPrefix(typed) || folded.contains("/" + typed) { starting.append(name) }
            else if folded.contains(typed) { containing.append(name) }
        }
        return Array((starting + containing).prefix(limit))
    }
}
