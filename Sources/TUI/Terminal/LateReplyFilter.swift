/// Keeps the terminal's answers that came after the start-up wait out of the keys, also when
/// one is split between two reads: the start of a string answer (`ESC P > | …` from XTVERSION,
/// `ESC _ G …` from the kitty query) left without its `ESC \` at the end of a batch is held for
/// the next batch instead of reading as Esc ("back") and letters. Complete answers and unknown
/// escape sequences go as `Key.droppingUnknownEscapeSequences` drops them. (A split right after
/// the Esc cannot be told from the user's Esc, which is never held.)
struct LateReplyFilter {
    /// The unfinished answer from the last batch.
    private var held: [Key] = []

    /// The most keys held: a longer "answer" is not one.
    static let longestHeld = 512

    /// The keys of one batch, without late answers.
    mutating func filter(_ keys: [Key]) -> [Key] {
        let wasHolding = !held.isEmpty
        var all = held + keys
        held = []
        if let start = Self.unfinishedAnswer(in: all) {
            if wasHolding && start == 0 {
                // Held once already and still unfinished: give up on it, with this batch, which is
                // most likely more of it (a key typed in those milliseconds is lost, not acted on).
                all = []
            } else if all.count - start > Self.longestHeld {
                all = Array(all[..<start])   // too long for an answer: dropped
            } else {
                held = Array(all[start...])
                all = Array(all[..<start])
            }
        }
        return Key.droppingUnknownEscapeSequences(all)
    }

    /// Where an answer without its terminator begins: the last Esc followed by `P` (and `>`, `|`
    /// when they came) or `_` (and `G`), with no `ESC \` after it.
    static func unfinishedAnswer(in keys: [Key]) -> Int? {
        guard let start = keys.lastIndex(where: { $0 == .escape }) else { return nil }
        let after = keys[(start + 1)...]
        let xtversion: [Key] = [.char("P"), .char(">"), .char("|")]
        let kitty: [Key] = [.char("_"), .char("G")]
        let prefix = Array(after.prefix(3))
        let begins = (!prefix.isEmpty && xtversion.starts(with: prefix.prefix(min(prefix.count, 3))))
            || (!prefix.isEmpty && kitty.starts(with: prefix.prefix(min(prefix.count, 2))))
        guard begins else { return nil }
        // An Esc inside the answer would be its terminator's: `lastIndex` found the last one.
        return start
    }
}
