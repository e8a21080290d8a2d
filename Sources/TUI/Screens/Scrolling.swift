/// How the scrolling actions move a list shown a page at a time (the help, the import's
/// problems, all the tags of a file).
enum Scrolling {
    /// `scroll` moved by `action` (a line, a `page`, to the top or to `last`) and kept in
    /// 0...`last`; nil when `action` does not scroll.
    static func scrolled(_ scroll: Int, by action: Action?, page: Int, last: Int) -> Int? {
        let moved: Int
        switch action {
        case .up: moved = scroll - 1
        case .down: moved = scroll + 1
        case .pageUp: moved = scroll - page
        case .pageDown: moved = scroll + page
        case .first: moved = 0
        case .last: moved = last
        default: return nil
        }
        return max(0, min(moved, last))
    }
}
