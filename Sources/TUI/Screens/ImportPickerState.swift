import Foundation
import Library

/// The import picker: a folder browser where the user marks files and folders to import. The
/// cameras plugged in (and the config's `camera-folders`) head every listing (issue 25):
/// opening one browses its folders the same way (`camera` is then set, `folder` is a path on
/// the camera), with the thumbnail the camera keeps for the highlighted file; `i` on a camera
/// imports all its new files.
struct ImportPickerState: Equatable, Sendable, LayerState {
    /// The actions the footer hints at (`capture` only when there is something to capture with).
    static let footerHints: [Action] = [.mark, .markAll, .importMarked, .capture, .open, .parentFolder, .typePath,
                                        .typeURL, .workingFolder, .close]

    var folder: String
    /// The folder photory was started in: `.` goes there, and the picker falls back to it
    /// when the folder it opened in (the last import's) cannot be read any more.
    let startFolder: String
    var entries: [FolderEntry] = []
    var cursor = 0
    var top = 0
    /// Full paths of the marked entries.
    var marked: Set<String> = []
    /// Which of the marked paths are folders (they are imported after the files).
    var markedFolders: Set<String> = []
    var loading = true
    var error: String?
    /// What the text field is for.
    enum FieldPurpose: Equatable, Sendable {
        /// A folder to go to (`/`).
        case path
        /// A web address to import (`u`).
        case webAddress
    }

    /// The path or address being typed, or nil.
    var pathField: TextField?
    var fieldPurpose = FieldPurpose.path
    var typedPath: String? { pathField?.text }
    /// The entry to highlight once a listing arrives (the folder we came up from).
    var highlightAfterLoad: String?
    /// The folder typed after `/` whose listing is awaited: the field stays open with the text
    /// until it opens, so a typo can be fixed.
    var typedFolder: String?
    /// A word about what just happened, shown where errors are ("IMG_1.jpg is a file: …").
    var note: String?
    /// Where we were before the listing being waited for: a folder that cannot be opened
    /// leaves the user there, with the error shown.
    private var fallback: Place?
    // Cameras (issue 25)
    /// The cameras found, listed first (nil until they are).
    var cameras: [CameraAddress]?
    /// The webcams found (`c` away from a camera opens the first one's live preview).
    var webcams: [WebcamDevice] = []
    /// The camera being browsed, else nil (the disk).
    var camera: CameraAddress?
    /// The disk folder the camera was opened from: leaving the camera goes back there.
    var diskFolder: String?
    /// The highlighted camera file's thumbnail, once asked for.
    var thumbnail: CameraThumbnail?

    /// A folder as it was shown.
    private struct Place: Equatable, Sendable {
        var folder: String
        var camera: CameraAddress?
        var entries: [FolderEntry]
        var cursor: Int
        var top: Int
    }

    init(folder: String, startFolder: String) {
        self.folder = folder
        self.startFolder = startFolder
    }

    /// Asks for the current folder's listing.
    mutating func load() -> [Effect] {
        loading = true
        error = nil
        return [camera.map { .listCameraFolder($0, folder) } ?? .listFolder(folder)]
    }

    func path(of entry: FolderEntry) -> String { folder == "/" ? "/" + entry.name : folder + "/" + entry.name }

    /// Takes a folder listing; a folder that cannot be opened leaves the user where they were,
    /// or, when the picker has just opened, sends them to the start folder.
    mutating func receive(path: String, _ result: Result<[FolderEntry], Failure>) -> [Effect] {
        guard path == folder else { return [] }
        loading = false
        let typed = typedFolder == path
        typedFolder = nil
        switch result {
        case let .success(list):
            entries = (camera == nil ? cameraEntries : []) + list
            if typed { pathField = nil }
        case let .failure(failure) where typed && failure.pathIsFile:
            // A photo's path typed after `/`: its folder opens with it selected, ready to import.
            let file = path as NSString
            if let back = fallback { restore(back) }
            fallback = nil
            pathField = nil
            let effects = go(to: file.deletingLastPathComponent, highlighting: file.lastPathComponent)
            note = "\(file.lastPathComponent) is a file: it is selected; i imports it"
            return effects
        case let .failure(failure):
            highlightAfterLoad = nil
            guard let back = fallback else {
                entries = []
                guard folder != startFolder || camera != nil else {
                    error = failure.message
                    return []
                }
                folder = startFolder
                camera = nil
                let effects = load()
                error = failure.message
                return effects
            }
            error = failure.message
            restore(back)
            fallback = nil
            return []
        }
        fallback = nil
        cursor = highlightAfterLoad.flatMap { name in entries.firstIndex { $0.name == name } } ?? 0
        highlightAfterLoad = nil
        top = 0
        return []
    }

    /// Rows of the entry list for a terminal of `rows` lines.
    static func listHeight(rows: Int) -> Int { max(1, rows - 8) }

    mutating func clamp(visibleRows: Int) {
        cursor = max(0, min(cursor, entries.count - 1))
        if cursor < top { top = cursor }
        if cursor >= top + visibleRows { top = cursor - visibleRows + 1 }
        top = max(0, min(top, max(0, entries.count - visibleRows)))
    }

    private mutating func restore(_ place: Place) {
        (folder, camera, entries, cursor, top) = (place.folder, place.camera, place.entries, place.cursor, place.top)
    }

    /// Goes to `newFolder` (on `camera`, else on the disk: a disk folder leaves the camera).
    mutating func go(to newFolder: String, highlighting name: String? = nil, on newCamera: CameraAddress? = nil) -> [Effect] {
        if !loading { fallback = Place(folder: folder, camera: camera, entries: entries, cursor: cursor, top: top) }
        if newCamera != camera {
            if newCamera != nil, camera == nil { diskFolder = folder }
            marked = []
            markedFolders = []
            camera = newCamera
        }
        thumbnail = nil
        error = nil
        note = nil
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

    var keyContext: KeyContext { .picker }
    var layer: Layer { .picker(self) }

    func hints(_ state: AppState) -> String? { state.keyMap.hints([.mark, .importMarked, .close, .help], in: .picker) }

    func render(_ state: AppState, into grid: inout CellGrid) { ImportPickerView.render(self, state: state, into: &grid) }

    /// Applies `key`: while a path is typed, keys edit it (with the search line's keys);
    /// otherwise `action` (in the picker's bindings) is done. The list is kept in view.
    mutating func handle(_ key: Key, action: Action?, state: AppState) -> LayerOutcome {
        let outcome = pathField != nil ? editPath(with: key, keyMap: state.keyMap)
            : act(action, listHeight: Self.listHeight(rows: state.rows), homeFolder: state.homeFolder)
        clamp(visibleRows: Self.listHeight(rows: state.rows))
        // The highlighted camera file's thumbnail (issue 25).
        let thumbnail = wantThumbnail(columns: state.columns, rows: state.rows, colorMode: state.colorMode)
        guard !thumbnail.isEmpty, case let .consumed(then) = outcome else { return outcome }
        if case let .start(effects) = then { return .consumed(then: .start(effects + thumbnail)) }
        return then == .nothing ? .consumed(then: .start(thumbnail)) : outcome
    }

    private mutating func act(_ action: Action?, listHeight page: Int, homeFolder: String) -> LayerOutcome {
        guard let action else { return .consumed() }
        note = nil
        let current = entries.indices.contains(cursor) ? entries[cursor] : nil
        var effects: [Effect] = []
        switch action {
        case .up: cursor -= 1
        case .down: cursor += 1
        case .pageUp: cursor -= page
        case .pageDown: cursor += page
        case .first: cursor = 0
        case .last: cursor = entries.count - 1
        case .open:
            if let address = current?.camera {
                effects = go(to: "/", on: address)
            } else if let current, current.isFolder {
                effects = go(to: path(of: current), on: camera)
            }
        case .parentFolder:
            if let address = camera, folder == "/" {
                effects = go(to: diskFolder ?? startFolder, highlighting: address.name)
            } else if folder != "/" {
                let here = folder as NSString
                effects = go(to: here.deletingLastPathComponent, highlighting: here.lastPathComponent, on: camera)
            }
        case .mark:
            if let current, current.camera == nil {
                toggleMark(current)
                cursor += 1
            }
        case .markAll:
            let all = Set(entries.filter { $0.camera == nil }.map(path(of:)))
            let folders = Set(entries.filter { $0.isFolder && $0.camera == nil }.map(path(of:)))
            if all.isSubset(of: marked) {
                marked.subtract(all)
                markedFolders.subtract(folders)
            } else {
                marked.formUnion(all)
                markedFolders.formUnion(folders)
            }
        case .homeFolder:
            effects = go(to: homeFolder)
        case .workingFolder:
            effects = go(to: startFolder)
        case .typePath:
            pathField = TextField()
            fieldPurpose = .path
        case .typeURL:
            pathField = TextField()
            fieldPurpose = .webAddress
            error = nil
        case .importMarked:
            if marked.isEmpty, let address = current?.camera {
                return .close(then: .importFromCamera(CameraImportRequest(camera: address, folders: ["/"], files: [])))
            }
            if let address = camera {
                let chosen = marked.isEmpty ? current.map { [path(of: $0)] } ?? [] : marked.sorted()
                let folders = marked.isEmpty ? (current?.isFolder == true ? chosen : []) : chosen.filter(markedFolders.contains)
                guard !chosen.isEmpty else { return .consumed() }
                return .close(then: .importFromCamera(CameraImportRequest(camera: address, folders: folders,
                                                                          files: chosen.filter { !folders.contains($0) })))
            }
            // Marked files before marked folders: a photo is then known by the path the user
            // picked it by, not by a symbolic link inside a folder that leads back to it.
            let paths = marked.isEmpty
                ? current.map { [path(of: $0)] } ?? []
                : marked.sorted { a, b in
                    let aFolder = markedFolders.contains(a), bFolder = markedFolders.contains(b)
                    return aFolder != bFolder ? bFolder : a < b
                }
            return paths.isEmpty ? .consumed() : .close(then: .importPaths(paths, from: folder))
        case .close:
            // The first close after an error only clears it: a `q` meant for a path that is
            // no longer being typed must not lose the picker.
            guard error == nil else {
                error = nil
                return .consumed()
            }
            return .close()
        case .help:
            return .consumed(then: .showHelp)
        case .capture:   // tethered capture (issue 25)
            // Away from a camera: the webcam (issue 25).
            guard let address = camera ?? current?.camera else { return .close(then: .openWebcam) }
            return .close(then: .capture(address))
        default:
            break
        }
        return .consumed(then: effects.isEmpty ? .nothing : .start(effects))
    }

    /// Marks `entry`, or unmarks it when it was marked.
    private mutating func toggleMark(_ entry: FolderEntry) {
        let path = path(of: entry)
        if marked.remove(path) == nil {
            marked.insert(path)
            if entry.isFolder { markedFolders.insert(path) }
        } else {
            markedFolders.remove(path)
        }
    }

    /// A key while a path or address is typed: the search line's keys edit it (`accept` goes,
    /// or imports the address; `cancel` stops typing), other characters are typed. A web
    /// address typed after `/` is imported too.
    private mutating func editPath(with key: Key, keyMap: KeyMap) -> LayerOutcome {
        let action = keyMap.action(for: key, in: .search)
        switch action {
        case .cancel:
            pathField = nil
            typedFolder = nil
            error = nil
        case .accept:
            let typed = (typedPath ?? "").trimmingCharacters(in: .whitespaces)
            if WebImporter.isWebAddress(typed) {
                pathField = nil
                return .close(then: .importPaths([typed], from: folder))
            }
            if fieldPurpose == .webAddress {
                if !typed.isEmpty { error = "Not a web address: type one starting with http:// or https://" }
                if typed.isEmpty { pathField = nil }
                return .consumed()
            }
            // The field stays open, text and all, until the folder opens: an error shows above
            // it and the typo can be fixed.
            let target = resolve(typed)
            let effects = go(to: target)
            typedFolder = target
            return .consumed(then: .start(effects))
        default:
            // Only editing actions act on the field; any other character is typed.
            if let action, pathField?.perform(action) == true { break }
            _ = pathField?.edit(key, action: nil)
        }
        return .consumed()
    }
}
