import Foundation
import Library

/// The import picker: a folder browser where the user marks files and folders to import.
struct ImportPickerState: Equatable, Sendable {
    static let keys: [(String, String)] = [
        ("↓↑ jk", "move"), ("Enter → l", "open the folder"), ("← h Backspace", "parent folder"),
        ("Space", "mark / unmark"), ("A", "mark everything"), ("i", "import the marked entries (or the highlighted one)"),
        ("~", "home folder"), ("/", "type a path (Enter goes, Ctrl-U clears)"), ("Esc", "close"),
    ]

    var folder: String
    var entries: [FolderEntry] = []
    var cursor = 0
    var top = 0
    /// Full paths of the marked entries.
    var marked: Set<String> = []
    /// Which of the marked paths are folders (they are imported after the files).
    var markedFolders: Set<String> = []
    var loading = true
    var error: String?
    /// The path being typed after `/`, or nil.
    var typedPath: String?
    /// The entry to highlight once a listing arrives (the folder we came up from).
    var highlightAfterLoad: String?
    /// Where we were before the listing being waited for: a folder that cannot be opened
    /// leaves the user there, with the error shown.
    private var fallback: Place?

    /// A folder as it was shown.
    private struct Place: Equatable, Sendable {
        var folder: String
        var entries: [FolderEntry]
        var cursor: Int
        var top: Int
    }

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
            error = failure.message
            highlightAfterLoad = nil
            guard let back = fallback else {
                entries = []
                return
            }
            (folder, entries, cursor, top) = (back.folder, back.entries, back.cursor, back.top)
            fallback = nil
            return
        }
        fallback = nil
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
        if !loading { fallback = Place(folder: folder, entries: entries, cursor: cursor, top: top) }
        folder = newFolder
        entries = []
        highlightAfterLoad = name
        return load()
    }

    /// A typed path made absolute: `~` is the home folder, and a relative path starts at the
    /// folder on screen.
    func resolve(_ typed: String) -> String {
        let trimmed = typed.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return folder }
        if trimmed.hasPrefix("/") || trimmed.hasPrefix("~") { return LibraryPaths.absolute(trimmed) }
        return LibraryPaths.absolute((folder == "/" ? "" : folder) + "/" + trimmed)
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
                effects = picker.go(to: picker.resolve(typed))
            case .backspace: typed = String(typed.dropLast()); picker.typedPath = typed
            case .ctrl("u"): picker.typedPath = ""
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
                if picker.marked.remove(path) == nil {
                    picker.marked.insert(path)
                    if current.isFolder { picker.markedFolders.insert(path) }
                } else {
                    picker.markedFolders.remove(path)
                }
                picker.cursor += 1
            }
        case .char("A"):
            let all = Set(picker.entries.map(picker.path(of:)))
            let folders = Set(picker.entries.filter(\.isFolder).map(picker.path(of:)))
            if all.isSubset(of: picker.marked) {
                picker.marked.subtract(all)
                picker.markedFolders.subtract(folders)
            } else {
                picker.marked.formUnion(all)
                picker.markedFolders.formUnion(folders)
            }
        case .char("~"):
            effects = picker.go(to: state.homeFolder)
        case .char("/"):
            picker.typedPath = "/"
        case .char("i"):
            // Marked files before marked folders: a photo is then known by the path the user
            // picked it by, not by a symbolic link inside a folder that leads back to it.
            let paths = picker.marked.isEmpty
                ? current.map { [picker.path(of: $0)] } ?? []
                : picker.marked.sorted { a, b in
                    let aFolder = picker.markedFolders.contains(a), bFolder = picker.markedFolders.contains(b)
                    return aFolder != bFolder ? bFolder : a < b
                }
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
