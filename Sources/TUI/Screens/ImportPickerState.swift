import Foundation
import Library

/// The import picker: a folder browser where the user marks files and folders to import.
struct ImportPickerState: Equatable, Sendable {
    static let keys: [(String, String)] = [
        ("↓↑ jk", "move"), ("Enter → l", "open the folder"), ("← h Backspace", "parent folder"),
        ("Space", "mark / unmark"), ("A", "mark everything"), ("i", "import the marked entries (or the highlighted one)"),
        ("~", "home folder"), ("/", "type a path"), ("Esc", "close"),
    ]

    var folder: String
    var entries: [FolderEntry] = []
    var cursor = 0
    var top = 0
    /// Full paths of the marked entries.
    var marked: Set<String> = []
    var loading = true
    var error: String?
    /// The path being typed after `/`, or nil.
    var typedPath: String?
    /// The entry to highlight once a listing arrives (the folder we came up from).
    var highlightAfterLoad: String?

    init(folder: String) {
        self.folder = folder
    }

    /// Asks for the current folder's listing.
    mutating func load() -> [Effect] {
        loading = true
        error = nil
        return [.listFolder(folder)]
    }

    func path(of entry: FolderEntry) -> String { folder == "/" ? "/" + entry.name : folder + "/" + entry.name }

    mutating func receive(path: String, _ result: Result<[FolderEntry], Failure>) {
        guard path == folder else { return }
        loading = false
        switch result {
        case let .success(list):
            entries = list
            error = nil
        case let .failure(failure):
            entries = []
            error = failure.message
        }
        cursor = highlightAfterLoad.flatMap { name in entries.firstIndex { $0.name == name } } ?? 0
        highlightAfterLoad = nil
        top = 0
    }

    /// Rows of the entry list for a terminal of `rows` lines.
    static func listHeight(rows: Int) -> Int { max(1, rows - 8) }

    mutating func clamp(visibleRows: Int) {
        cursor = max(0, min(cursor, entries.count - 1))
        if cursor < top { top = cursor }
        if cursor >= top + visibleRows { top = cursor - visibleRows + 1 }
        top = max(0, min(top, max(0, entries.count - visibleRows)))
    }

    mutating func go(to newFolder: String, highlighting name: String? = nil) -> [Effect] {
        folder = newFolder
        entries = []
        highlightAfterLoad = name
        return load()
    }

    // MARK: - Keys

    static func handle(_ key: Key, state: inout AppState) -> [Effect] {
        guard var picker = state.picker else { return [] }
        var effects: [Effect] = []
        defer {
            if state.picker != nil {
                picker.clamp(visibleRows: listHeight(rows: state.rows))
                state.picker = picker
            }
        }
        if var typed = picker.typedPath {
            switch key {
            case .escape: picker.typedPath = nil
            case .enter:
                picker.typedPath = nil
                let target = LibraryPaths.absolute(typed.isEmpty ? "/" : typed)
                effects = picker.go(to: target)
            case .backspace: typed = String(typed.dropLast()); picker.typedPath = typed
            case let .char(c): typed.append(c); picker.typedPath = typed
            default: break
            }
            return effects
        }
        let page = listHeight(rows: state.rows)
        let current = picker.entries.indices.contains(picker.cursor) ? picker.entries[picker.cursor] : nil
        switch key {
        case .up, .char("k"): picker.cursor -= 1
        case .down, .char("j"): picker.cursor += 1
        case .pageUp, .ctrl("b"): picker.cursor -= page
        case .pageDown, .ctrl("f"): picker.cursor += page
        case .home, .char("g"): picker.cursor = 0
        case .end, .char("G"): picker.cursor = picker.entries.count - 1
        case .enter, .right, .char("l"):
            if let current, current.isFolder { effects = picker.go(to: picker.path(of: current)) }
        case .left, .char("h"), .backspace:
            if picker.folder != "/" {
                let folder = picker.folder as NSString
                effects = picker.go(to: folder.deletingLastPathComponent, highlighting: folder.lastPathComponent)
            }
        case .char(" "):
            if let current {
                let path = picker.path(of: current)
                if picker.marked.remove(path) == nil { picker.marked.insert(path) }
                picker.cursor += 1
            }
        case .char("A"):
            let all = Set(picker.entries.map(picker.path(of:)))
            picker.marked = all.isSubset(of: picker.marked) ? picker.marked.subtracting(all) : picker.marked.union(all)
        case .char("~"):
            effects = picker.go(to: state.homeFolder)
        case .char("/"):
            picker.typedPath = picker.folder == "/" ? "/" : picker.folder + "/"
        case .char("i"):
            let paths = picker.marked.isEmpty ? current.map { [picker.path(of: $0)] } ?? [] : picker.marked.sorted()
            guard !paths.isEmpty else { return [] }
            state.picker = nil
            state.importOverlay = ImportOverlayState()
            return [.startImport(paths)]
        case .escape, .char("q"):
            state.picker = nil
            return []
        case .char("?"):
            state.showHelp = true
        default:
            break
        }
        return effects
    }
}
