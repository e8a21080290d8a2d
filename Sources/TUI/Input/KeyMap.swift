/// The one table of key bindings. Key handling, the help overlay and the status-bar hints all
/// read it, so they cannot drift apart; the config file's `[keys]` table changes it.
public struct KeyMap: Equatable, Sendable {
    public private(set) var bindings: [KeyBinding]

    public init(bindings: [KeyBinding] = KeyMap.defaultBindings) {
        self.bindings = bindings
    }

    /// The action `key` asks for in `context`, if any.
    public func action(for key: Key, in context: KeyContext) -> Action? {
        bindings.first { $0.contexts.contains(context) && $0.keys.contains(key) }?.action
            ?? context.underlying.flatMap { action(for: key, in: $0) }
    }

    /// The binding of `action` that works in `context` (or in the context under it), without the
    /// keys `context` gives another action.
    public func binding(_ action: Action, in context: KeyContext) -> KeyBinding? {
        if let own = bindings.first(where: { $0.action == action && $0.contexts.contains(context) }) { return own }
        guard let underlying = context.underlying, var below = binding(action, in: underlying) else { return nil }
        below.keys.removeAll { self.action(for: $0, in: context) != action }
        return below
    }

    /// Help rows for `context`: the keys of each action and what it does. Neighbouring
    /// actions with the same wording share a row ("← h ↓ j ↑ k → l — move"). Unbound actions
    /// are left out.
    /// A context with one under it lists its own rows, then the other's with the keys it takes
    /// left out.
    public func helpRows(for context: KeyContext) -> [(keys: String, help: String)] {
        var rows: [(keys: String, help: String)] = []
        let own = bindings.filter { $0.contexts.contains(context) }
        var below: [KeyBinding] = []
        if let underlying = context.underlying {
            for var binding in bindings where binding.contexts.contains(underlying) && !binding.contexts.contains(context) {
                binding.keys.removeAll { key in own.contains { $0.keys.contains(key) } }
                below.append(binding)
            }
        }
        for binding in own + below where !binding.keys.isEmpty {
            let keys = binding.keys.map(\.label).joined(separator: " ")
            if let last = rows.last, last.help == binding.help {
                rows[rows.count - 1].keys += "  " + keys
            } else {
                rows.append((keys, binding.help))
            }
        }
        return rows
    }

    /// The status-bar hint for `actions` in `context`: "Enter open · a import · ? help".
    /// Each action is shown with its first key; unbound actions are left out.
    /// Neighbours with the same wording share it: "↑↓ date / zone".
    public func hints(_ actions: [Action], in context: KeyContext) -> String {
        var shown: [(keys: String, word: String)] = []
        for action in actions {
            guard let binding = binding(action, in: context), let key = binding.keys.first else { continue }
            let word = binding.hint ?? binding.help
            if let last = shown.last, last.word == word {
                let joiner = last.keys.count == 1 && key.label.count == 1 ? "" : "/"
                shown[shown.count - 1].keys += joiner + key.label
            } else {
                shown.append((key.label, word))
            }
        }
        return shown.map { $0.keys + " " + $0.word }.joined(separator: " · ")
    }

    /// The label of the first key of `action` in `context` ("Enter"), or `fallback` when unbound.
    public func label(_ action: Action, in context: KeyContext, fallback: String = "(no key)") -> String {
        binding(action, in: context)?.keys.first?.label ?? fallback
    }

    /// Gives `action` exactly `keys` wherever it works, taking them away from other actions
    /// that share a context with it (the user's choice wins over a default).
    public mutating func rebind(_ action: Action, to keys: [Key]) {
        let contexts = bindings.filter { $0.action == action }.reduce(into: Set<KeyContext>()) { $0.formUnion($1.contexts) }
        for i in bindings.indices {
            if bindings[i].action == action {
                bindings[i].keys = keys
            } else if !bindings[i].contexts.isDisjoint(with: contexts) {
                bindings[i].keys.removeAll { keys.contains($0) }
            }
        }
    }

    // MARK: - Defaults

    public static let defaultBindings: [KeyBinding] = {
        // A group's photos answer the same keys as thumbnails and as a list.
        let group: Set<KeyContext> = [.group, .list]
        let grids: Set<KeyContext> = group.union([.home])
        let lists: Set<KeyContext> = grids.union([.picker, .importProgress])
        let screens: Set<KeyContext> = grids.union([.detail])
        let photos: Set<KeyContext> = group.union([.detail])
        // Where characters are typed: the editing keys of a text field.
        let forms: Set<KeyContext> = [.dateForm, .placeForm]
        /// Lines with a cursor to move: the forms and the `!` command line.
        let lines: Set<KeyContext> = forms.union([.commandLine, .exportLine])   // export (issue 23)
        let fields: Set<KeyContext> = lines.union([.search])
        return [
            KeyBinding(.left, [.left, .char("h")], help: "move", in: grids),
            KeyBinding(.down, [.down, .char("j")], help: "move", in: lists),
            KeyBinding(.up, [.up, .char("k")], help: "move", in: lists),
            KeyBinding(.right, [.right, .char("l")], help: "move", in: grids),
            KeyBinding(.pageUp, [.pageUp, .ctrl("b")], help: "page up / down", in: lists),
            KeyBinding(.pageDown, [.pageDown, .ctrl("f")], help: "page up / down", in: lists),
            KeyBinding(.first, [.home, .char("g")], help: "first / last", in: lists.union([.detail])),
            KeyBinding(.last, [.end, .char("G")], help: "first / last", in: lists.union([.detail])),
            KeyBinding(.previous, [.left, .char("h"), .up, .char("k"), .pageUp, .ctrl("b")],
                       help: "previous photo", hint: "previous", in: [.detail]),
            KeyBinding(.next, [.right, .char("l"), .down, .char("j"), .pageDown, .ctrl("f"), .char(" ")],
                       help: "next photo", hint: "next", in: [.detail]),
            KeyBinding(.open, [.enter], help: "open the group", hint: "open", in: [.home]),
            KeyBinding(.open, [.enter], help: "view the photo", hint: "view", in: group),
            KeyBinding(.open, [.right, .char("l"), .enter], help: "open the folder", hint: "open", in: [.picker]),
            KeyBinding(.parentFolder, [.left, .char("h"), .backspace], help: "parent folder", hint: "up", in: [.picker]),
            KeyBinding(.mark, [.char(" ")], help: "mark / unmark", hint: "mark", in: [.picker]),
            KeyBinding(.markAll, [.char("A")], help: "mark everything / nothing", hint: "all", in: [.picker]),
            KeyBinding(.importMarked, [.char("i")], help: "import the marked entries (or the highlighted one)",
                       hint: "import", in: [.picker]),
            KeyBinding(.homeFolder, [.char("~")], help: "home folder", hint: "home", in: [.picker]),
            KeyBinding(.workingFolder, [.char(".")], help: "the folder photory was started in", hint: "start", in: [.picker]),
            KeyBinding(.typePath, [.char("/")], help: "type a path (Enter goes, Ctrl-U clears)", hint: "path", in: [.picker]),
            KeyBinding(.typeURL, [.char("u")], help: "import a web address (a feed, a link list, an image)",
                       hint: "URL", in: [.picker]),
            KeyBinding(.close, [.escape, .char("q")], help: "close", in: [.picker]),
            KeyBinding(.capture, [.char("c")],
                       help: "take a picture with the highlighted camera (or the one browsed), else open the webcam",
                       hint: "capture", in: [.picker]),
            // Webcams (issue 25): the live preview.
            KeyBinding(.shutter, [.char(" "), .enter], help: "take the picture (it is imported and shown)", hint: "take",
                       in: [.webcam]),
            KeyBinding(.close, [.escape, .char("q")], help: "close the webcam", hint: "close", in: [.webcam]),
            KeyBinding(.help, [.char("?")], help: "help", in: [.webcam]),
            KeyBinding(.mark, [.char(" ")], help: "mark / unmark and move on", hint: "mark", in: group),
            KeyBinding(.markRange, [.char("v")], help: "mark from the last mark to here", hint: "range", in: group),
            KeyBinding(.markAll, [.char("A")], help: "mark all / none", hint: "all", in: group),
            KeyBinding(.back, [.escape, .backspace, .char("q")], help: "clear the marks, else back to the groups",
                       hint: "back", in: group),
            // Videos (issue 21): Enter (back on a photo) plays a video too, see `AppState.videoAction`.
            KeyBinding(.play, [.char("p")], help: "play the video (Enter too; character art, no sound)", hint: "play",
                       in: [.detail]),
            KeyBinding(.pause, [.char(" ")], help: "pause / play", hint: "pause", in: [.video]),
            KeyBinding(.seekBack, [.left, .char("h")], help: "back / forward 5 s", hint: "seek", in: [.video]),
            KeyBinding(.seekForward, [.right, .char("l")], help: "back / forward 5 s", hint: "seek", in: [.video]),
            KeyBinding(.stop, [.escape, .char("p"), .char("q")], help: "stop (the poster again)", hint: "stop", in: [.video]),
            KeyBinding(.back, [.escape, .backspace, .char("q"), .enter], help: "back to the group", hint: "back", in: [.detail]),
            // Stacks (issue 21): Tab shows the next file of a RAW+JPEG or a Live Photo.
            KeyBinding(.nextStackMember, [.tab], help: "the stack's next file (RAW+JPEG, Live Photo)", hint: "file",
                       in: [.detail]),
            KeyBinding(.favourite, [.char("f")], help: "favourite / unfavourite (the marked photos, else this one)",
                       hint: "fav", in: photos),
            KeyBinding(.info, [.char("i")], help: "show / hide the photo's details", hint: "info", in: photos),
            KeyBinding(.editDate, [.char("d")], help: "set or shift the date taken", hint: "date", in: photos),
            KeyBinding(.editPlace, [.char("L")], help: "set the place (coordinates or a city)", hint: "place", in: photos),
            KeyBinding(.map, [.char("m")], help: "show the place on a map", hint: "map", in: photos),
            KeyBinding(.search, [.char("/")], help: "search words and filters (year:2019, fav, …)",
                       hint: "search", in: grids),
            KeyBinding(.grouping, [.char("o")], help: "group by description, date, camera, place or folder",
                       hint: "group by", in: [.home]),
            KeyBinding(.sort, [.char("s")], help: "sort by date, newest first, file name or size", hint: "sort",
                       in: photos),
            KeyBinding(.listView, [.char("t")], help: "thumbnails / list", hint: "list", in: group),
            // Tile size
            KeyBinding(.largerTiles, [.char("+"), .char("=")], help: "larger / smaller tiles", hint: "larger", in: [.home, .group]),
            KeyBinding(.smallerTiles, [.char("-"), .char("_")], help: "larger / smaller tiles", hint: "smaller", in: [.home, .group]),
            KeyBinding(.undo, [.char("u")], help: "undo the last edit", hint: "undo", in: screens),
            KeyBinding(.redo, [.ctrl("r"), .char("U")], help: "redo", in: screens),
            KeyBinding(.writeBack, [.char("W")], help: "write edited dates and places into the files", hint: "write",
                       in: screens),
            KeyBinding(.zoomIn, [.char("+"), .char("=")], help: "zoom in / out", hint: "zoom in", in: [.map]),
            KeyBinding(.zoomOut, [.char("-"), .char("_")], help: "zoom in / out", hint: "zoom out", in: [.map]),
            KeyBinding(.left, [.left, .char("h")], help: "pan", in: [.map]),
            KeyBinding(.down, [.down, .char("j")], help: "pan", in: [.map]),
            KeyBinding(.up, [.up, .char("k")], help: "pan", in: [.map]),
            KeyBinding(.right, [.right, .char("l")], help: "pan", in: [.map]),
            KeyBinding(.close, [.escape, .char("q"), .char("m")], help: "close the map", hint: "close", in: [.map]),
            // Zoom in the photo view: + - = z, and the arrows pan while zoomed (at fit they page)
            KeyBinding(.zoomIn, [.char("+"), .char("=")], help: "zoom in (2×, 4×, 8×) / out", hint: "zoom",
                       in: [.detail, .zoomedPhoto]),
            KeyBinding(.zoomOut, [.char("-")], help: "zoom in (2×, 4×, 8×) / out", hint: "zoom", in: [.detail, .zoomedPhoto]),
            KeyBinding(.zoomFit, [.char("z")], help: "the whole photo (fit)", hint: "fit", in: [.zoomedPhoto]),
            KeyBinding(.left, [.left, .char("h")], help: "pan", in: [.zoomedPhoto]),
            KeyBinding(.down, [.down, .char("j")], help: "pan", in: [.zoomedPhoto]),
            KeyBinding(.up, [.up, .char("k")], help: "pan", in: [.zoomedPhoto]),
            KeyBinding(.right, [.right, .char("l")], help: "pan", in: [.zoomedPhoto]),
            KeyBinding(.importPhotos, [.char("a")], help: "import photos", hint: "import", in: screens),
            KeyBinding(.reload, [.function(5)], help: "reload the library", hint: "reload", in: screens),
            KeyBinding(.refreshFeeds, [.char("R")], help: "refresh the web feeds (new photos in, gone ones missing)",
                       hint: "refresh", in: [.home]),
            KeyBinding(.cancelImport, [.escape], help: "cancel the import (what finished is kept)", hint: "cancel",
                       in: [.importProgress]),
            KeyBinding(.deleteFromCamera, [.char("D")], help: "after a camera import: delete the copied files from the camera (asks first)",
                       hint: "delete from camera", in: [.importProgress]),
            // The search line: moving keys move in the results below it.
            KeyBinding(.left, [.left], help: "move in the results", in: [.search]),
            KeyBinding(.down, [.down], help: "move in the results", in: [.search]),
            KeyBinding(.up, [.up], help: "move in the results", in: [.search]),
            KeyBinding(.right, [.right], help: "move in the results", in: [.search]),
            KeyBinding(.pageUp, [.pageUp, .ctrl("b")], help: "move in the results", in: [.search]),
            KeyBinding(.pageDown, [.pageDown, .ctrl("f")], help: "move in the results", in: [.search]),
            KeyBinding(.first, [.home], help: "move in the results", in: [.search]),
            KeyBinding(.last, [.end], help: "move in the results", in: [.search]),
            KeyBinding(.accept, [.enter], help: "keep the results (the line closes)", hint: "keep", in: [.search]),
            KeyBinding(.cancel, [.escape], help: "back to where search began", hint: "back", in: [.search]),
            // Scoped search
            KeyBinding(.searchScope, [.tab], help: "search the group / the whole library", hint: "scope", in: [.search]),
            // The forms, and the `!` command line (`lines`)
            KeyBinding(.accept, [.enter], help: "apply", in: [.dateForm]),
            KeyBinding(.accept, [.enter], help: "set the place (the highlighted city)", hint: "set", in: [.placeForm]),
            KeyBinding(.accept, [.enter], help: "run the command", hint: "run", in: [.commandLine]),
            KeyBinding(.cancel, [.escape], help: "cancel", in: lines),
            KeyBinding(.switchMode, [.tab], help: "set a date / shift dates", hint: "switches", in: [.dateForm]),
            KeyBinding(.previousField, [.up], help: "date / zone", in: [.dateForm]),
            KeyBinding(.nextField, [.down], help: "date / zone", in: [.dateForm]),
            KeyBinding(.previousChoice, [.up], help: "choose a city", hint: "choose", in: [.placeForm]),
            KeyBinding(.nextChoice, [.down], help: "choose a city", hint: "choose", in: [.placeForm]),
            KeyBinding(.cursorLeft, [.left], help: "move the cursor", in: lines),
            KeyBinding(.cursorRight, [.right], help: "move the cursor", in: lines),
            KeyBinding(.lineStart, [.home, .ctrl("a")], help: "start / end of the line", in: lines),
            KeyBinding(.lineEnd, [.end, .ctrl("e")], help: "start / end of the line", in: lines),
            KeyBinding(.deleteBack, [.backspace], help: "delete before / after the cursor", in: fields),
            KeyBinding(.deleteForward, [.delete], help: "delete before / after the cursor", in: fields),
            KeyBinding(.clearLine, [.ctrl("u")], help: "clear the line", in: fields),
            // Confirmations (writing into the files, clearing a place)
            KeyBinding(.accept, [.enter, .char("y")], help: "yes: write", hint: "write", in: [.writeConfirmation]),
            KeyBinding(.cancel, [.escape, .char("n")], help: "no (any other key too)", hint: "cancel", in: [.writeConfirmation]),
            // The help itself
            KeyBinding(.up, [.up, .char("k")], help: "scroll", in: [.help]),
            KeyBinding(.down, [.down, .char("j")], help: "scroll", in: [.help]),
            KeyBinding(.pageUp, [.pageUp], help: "scroll a page", in: [.help]),
            KeyBinding(.pageDown, [.pageDown, .char(" ")], help: "scroll a page", in: [.help]),
            KeyBinding(.first, [.home], help: "top / bottom", in: [.help]),
            KeyBinding(.last, [.end], help: "top / bottom", in: [.help]),
            KeyBinding(.close, [.escape, .char("q")], help: "close (any other key too)", in: [.help]),
            KeyBinding(.help, [.char("?")], help: "help",
                       in: screens.union([.picker, .map, .search, .writeConfirmation, .video]).union(forms)),
            // All the metadata (issue 20): I lists every tag of the file; the list scrolls and filters.
            KeyBinding(.allTags, [.char("I")], help: "every tag of the file (EXIF, maker notes, XMP, IPTC)", hint: "tags", in: photos),
            KeyBinding(.up, [.up, .char("k")], help: "scroll", in: [.allTags]),
            KeyBinding(.down, [.down, .char("j")], help: "scroll", hint: "scroll", in: [.allTags]),
            KeyBinding(.pageUp, [.pageUp, .ctrl("b")], help: "scroll a page", in: [.allTags]),
            KeyBinding(.pageDown, [.pageDown, .ctrl("f"), .char(" ")], help: "scroll a page", in: [.allTags]),
            KeyBinding(.first, [.home, .char("g")], help: "top / bottom", in: [.allTags]),
            KeyBinding(.last, [.end, .char("G")], help: "top / bottom", in: [.allTags]),
            KeyBinding(.search, [.char("/")], help: "filter by name, group or value (Enter keeps it, Esc clears it)",
                       hint: "filter", in: [.allTags]),
            KeyBinding(.close, [.escape, .char("q"), .char("I")], help: "close", hint: "close", in: [.allTags]),
            KeyBinding(.help, [.char("?")], help: "help", in: [.allTags]),
            KeyBinding(.quit, [.char("q")], help: "quit", in: [.home]),
            // On this day (issue 23)
            KeyBinding(.dismissMemory, [.char("x")], help: "dismiss the memory (\"… years ago\") for today",
                       hint: "dismiss", in: [.home]),
            // Rotate and flip; open with, run on marks, copy the path (issue 20)
            KeyBinding(.rotateRight, [.char("r")], help: "rotate 90° clockwise (the marked photos, else this one)",
                       hint: "rotate", in: photos),
            KeyBinding(.rotateLeft, [.char("R")], help: "rotate 90° anticlockwise", in: photos),
            KeyBinding(.flip, [.char("F")], help: "flip left to right", hint: "flip", in: photos),
            KeyBinding(.openWith, [.char("O")], help: "open with the open-with program (the marked photos, else this one)",
                       hint: "open with", in: photos),
            KeyBinding(.runCommand, [.char("!")], help: "run a shell command on the marked photos' paths ({} = the paths)",
                       hint: "run", in: photos),
            KeyBinding(.copyPath, [.char("y")], help: "copy the path to the clipboard (OSC 52)", hint: "copy path", in: photos),
            // The `!` command line: its keys are with the forms' (`lines`), above.
            KeyBinding(.up, [.up, .char("k")], help: "scroll", in: [.commandOutput]),
            KeyBinding(.down, [.down, .char("j")], help: "scroll", in: [.commandOutput]),
            KeyBinding(.pageUp, [.pageUp, .ctrl("b")], help: "scroll a page", in: [.commandOutput]),
            KeyBinding(.pageDown, [.pageDown, .ctrl("f"), .char(" ")], help: "scroll a page", in: [.commandOutput]),
            KeyBinding(.first, [.home, .char("g")], help: "top / bottom", in: [.commandOutput]),
            KeyBinding(.last, [.end, .char("G")], help: "top / bottom", in: [.commandOutput]),
            KeyBinding(.close, [.escape, .char("q"), .enter], help: "close", hint: "close", in: [.commandOutput]),
            // Look-alike duplicates (issue 23): D on home, then the review's own keys.
            KeyBinding(.showDuplicates, [.char("D")], help: "duplicates: review look-alike photos, keep one of each",
                       hint: "duplicates", in: [.home]),
            KeyBinding(.left, [.left, .char("h")], help: "choose a photo of the group", hint: "choose", in: [.duplicates]),
            KeyBinding(.right, [.right, .char("l")], help: "choose a photo of the group", hint: "choose", in: [.duplicates]),
            KeyBinding(.up, [.up, .char("k")], help: "previous / next group", hint: "group", in: [.duplicates]),
            KeyBinding(.down, [.down, .char("j")], help: "previous / next group", hint: "group", in: [.duplicates]),
            KeyBinding(.keepThis, [.char(" ")], help: "keep the chosen photo instead of the suggested one", hint: "keep this",
                       in: [.duplicates]),
            KeyBinding(.resolveGroup, [.enter, .char("t")],
                       help: "merge favourite, rating, tags and edits into the kept photo; the others to the trash (asks first)",
                       hint: "merge+trash", in: [.duplicates]),
            KeyBinding(.rejectOthers, [.char("x")], help: "merge into the kept photo and mark the others rejected (they stay)",
                       hint: "merge+reject", in: [.duplicates]),
            KeyBinding(.keepAll, [.char("a")], help: "keep them all (nothing changes), on to the next group", hint: "keep all",
                       in: [.duplicates]),
            KeyBinding(.close, [.escape, .char("q"), .char("D")], help: "close", hint: "close", in: [.duplicates]),
            KeyBinding(.help, [.char("?")], help: "help", in: [.duplicates]),
        ] + marking(photos: photos) + albums(photos: photos, grids: grids) + slideshow(screens: screens)
            + export(photos: photos)
            + feeds(photos: photos)   // Paged feeds (issue 24)
            + geotag(photos: photos)   // GPX geotagging (issue 25)
    }()

    /// Paged feeds (issue 24): `V` shows the photos as a stream of large photos and back; `M` loads
    /// a feed's next page now (a failed one again); the feed view's scrolling keys.
    private static func feeds(photos: Set<KeyContext>) -> [KeyBinding] {
        [
            KeyBinding(.feedView, [.char("V")], help: "feed view: the photos as a stream of large photos / back",
                       hint: "feed view", in: photos.union([.feedView])),
            KeyBinding(.loadMore, [.char("M")], help: "load the feed's next page now (after a failure: try again)",
                       hint: "more", in: photos.union([.feedView])),
            KeyBinding(.down, [.down, .char("j")], help: "scroll a line", hint: "scroll", in: [.feedView]),
            KeyBinding(.up, [.up, .char("k")], help: "scroll a line", in: [.feedView]),
            KeyBinding(.pageDown, [.pageDown, .ctrl("f"), .char(" ")], help: "scroll a page", hint: "page", in: [.feedView]),
            KeyBinding(.pageUp, [.pageUp, .ctrl("b")], help: "scroll a page", in: [.feedView]),
            KeyBinding(.next, [.right, .char("l")], help: "previous / next photo", hint: "next", in: [.feedView]),
            KeyBinding(.previous, [.left, .char("h")], help: "previous / next photo", in: [.feedView]),
            KeyBinding(.first, [.home, .char("g")], help: "first / last photo", in: [.feedView]),
            KeyBinding(.last, [.end, .char("G")], help: "first / last photo", in: [.feedView]),
            KeyBinding(.close, [.escape, .char("q")], help: "back to the grid, on the photo on top", hint: "back",
                       in: [.feedView]),
            KeyBinding(.help, [.char("?")], help: "help", in: [.feedView]),
        ]
    }

    /// GPX geotagging (issue 25): `H` places the marked photos (or this one) on GPS tracks; the
    /// form's fields are edited like the other forms'.
    private static func geotag(photos: Set<KeyContext>) -> [KeyBinding] {
        let form: Set<KeyContext> = [.geotagForm]
        return [
            KeyBinding(.geotag, [.char("H")], help: "geotag: place the marked photos (or this one) on GPX tracks",
                       hint: "geotag", in: photos),
            KeyBinding(.accept, [.enter], help: "read the tracks and show them on the map; again: set the places",
                       hint: "place", in: form),
            KeyBinding(.cancel, [.escape], help: "cancel", hint: "cancel", in: form),
            KeyBinding(.nextField, [.tab, .down], help: "next / previous field", hint: "field", in: form),
            KeyBinding(.previousField, [.up], help: "next / previous field", in: form),
            KeyBinding(.cursorLeft, [.left], help: "move the cursor", in: form),
            KeyBinding(.cursorRight, [.right], help: "move the cursor", in: form),
            KeyBinding(.lineStart, [.home, .ctrl("a")], help: "start / end of the line", in: form),
            KeyBinding(.lineEnd, [.end, .ctrl("e")], help: "start / end of the line", in: form),
            KeyBinding(.deleteBack, [.backspace], help: "delete before / after the cursor", in: form),
            KeyBinding(.deleteForward, [.delete], help: "delete before / after the cursor", in: form),
            KeyBinding(.clearLine, [.ctrl("u")], help: "clear the line", in: form),
        ]
    }

    /// Export (issue 23): `X` asks for a folder and copies the marked photos (or this one) into it.
    private static func export(photos: Set<KeyContext>) -> [KeyBinding] {
        [
            KeyBinding(.export, [.char("X")], help: "export: copy the marked photos (or this one) into a folder",
                       hint: "export", in: photos),
            KeyBinding(.accept, [.enter], help: "copy into the folder typed (made when missing; names kept, made unique)",
                       hint: "export", in: [.exportLine]),
            KeyBinding(.nextField, [.tab], help: "next field: folder, max size, format, GPS (Space turns the last two over)",
                       hint: "options", in: [.exportLine]),
        ]
    }

    /// Slideshow (issue 23): `S` plays the grid (or the photo view's group) full screen; its own keys inside.
    private static func slideshow(screens: Set<KeyContext>) -> [KeyBinding] {
        [
            KeyBinding(.slideshow, [.char("S")], help: "slideshow of these photos, from the selected one",
                       hint: "slideshow", in: screens),
            KeyBinding(.pause, [.char(" "), .char("p")], help: "pause / go on", hint: "pause", in: [.slideshow]),
            KeyBinding(.previous, [.left, .char("h"), .pageUp], help: "previous / next photo", hint: "previous",
                       in: [.slideshow]),
            KeyBinding(.next, [.right, .char("l"), .pageDown], help: "previous / next photo", hint: "next", in: [.slideshow]),
            KeyBinding(.shuffle, [.char("s")], help: "shuffle / the grid's order", hint: "shuffle", in: [.slideshow]),
            KeyBinding(.caption, [.char("i")], help: "hide / show the caption line", hint: "caption", in: [.slideshow]),
            KeyBinding(.close, [.escape, .char("q"), .char("S")], help: "back to where it started (on the photo shown)",
                       hint: "back", in: [.slideshow]),
            KeyBinding(.help, [.char("?")], help: "help", in: [.slideshow]),
        ]
    }

    /// Albums (issue 23): `b` adds the marked (or current) photos to an album, `B` makes an album
    /// of a folder or of search results; inside an album (`KeyContext.album`, over the group's
    /// keys, and `albumPhoto`, over the photo view's) its own keys; the album picker and the
    /// delete confirmation.
    private static func albums(photos: Set<KeyContext>, grids: Set<KeyContext>) -> [KeyBinding] {
        // An album's grid and a photo of it in the photo view: take out, move, cover.
        let inAlbum: Set<KeyContext> = [.album, .albumPhoto]
        return [
            KeyBinding(.addToAlbum, [.char("b")], help: "add the marked photos (or this one) to an album", hint: "album",
                       in: photos),
            KeyBinding(.makeAlbum, [.char("B")], help: "make an album of this folder or these search results",
                       hint: "make album", in: grids),
            KeyBinding(.removeFromAlbum, [.char("e")], help: "take the marked photos (or this one) out of the album",
                       hint: "remove", in: inAlbum),
            KeyBinding(.moveEarlier, [.char("[")], help: "move the photo earlier / later in the album", hint: "move",
                       in: inAlbum),
            KeyBinding(.moveLater, [.char("]")], help: "move the photo earlier / later in the album", hint: "move",
                       in: inAlbum),
            KeyBinding(.setCover, [.char("K")], help: "show this photo on the album's tile (cover)", hint: "cover",
                       in: inAlbum),
            KeyBinding(.albumSort, [.char("s")], help: "order the album: by hand, date, newest, name, size, rating",
                       hint: "order", in: [.album]),
            KeyBinding(.renameAlbum, [.char("N")], help: "rename the album (a path moves it into an album folder)",
                       hint: "rename", in: [.album]),
            KeyBinding(.deleteAlbum, [.char("E")], help: "delete the album (asks; its photos stay)", hint: "delete album",
                       in: [.album]),
            // The album picker (typed characters go into its line)
            KeyBinding(.accept, [.enter], help: "the highlighted album, else the name typed (a new album)", hint: "choose",
                       in: [.albumPicker]),
            KeyBinding(.previousChoice, [.up], help: "choose an album", hint: "choose", in: [.albumPicker]),
            KeyBinding(.nextChoice, [.down], help: "choose an album", hint: "choose", in: [.albumPicker]),
            KeyBinding(.complete, [.tab], help: "complete with the highlighted album", hint: "complete", in: [.albumPicker]),
            KeyBinding(.deleteBack, [.backspace], help: "delete before the cursor", in: [.albumPicker]),
            KeyBinding(.clearLine, [.ctrl("u")], help: "clear the line", in: [.albumPicker]),
            KeyBinding(.cancel, [.escape], help: "cancel", hint: "cancel", in: [.albumPicker]),
            // Deleting an album
            KeyBinding(.accept, [.char("y")], help: "yes: delete the album (u brings it back)", hint: "yes",
                       in: [.albumConfirmation]),
            KeyBinding(.cancel, [.escape, .char("n")], help: "no (any other key too)", hint: "no", in: [.albumConfirmation]),
        ]
    }

    /// Rating, flags, labels, tags, culling and the trash (issue 22): on the marked photos,
    /// else the one selected or shown. Keys after Lightroom's (0–5 stars, x reject, P pick,
    /// 6–9 red, yellow, green, blue).
    private static func marking(photos: Set<KeyContext>) -> [KeyBinding] {
        let stars = [Action.rate0, .rate1, .rate2, .rate3, .rate4, .rate5]
        let labels: [(Action, Character)] = [(.labelRed, "6"), (.labelYellow, "7"), (.labelGreen, "8"), (.labelBlue, "9")]
        return stars.enumerated().map { n, action in
            KeyBinding(action, [.char(Character(String(n)))], help: "rate 0–5 stars", hint: "stars", in: photos)
        } + [
            KeyBinding(.reject, [.char("x")], help: "reject / unreject", hint: "reject", in: photos),
            KeyBinding(.pick, [.char("P")], help: "pick / unpick", hint: "pick", in: photos),
        ] + labels.map { action, key in
            KeyBinding(action, [.char(key)], help: "label 6 red 7 yellow 8 green 9 blue (again: none)",
                       hint: "label", in: photos)
        } + [
            KeyBinding(.chooseLabel, [.char("C")], help: "choose a colour label (all six, or none)", hint: "label", in: photos),
            KeyBinding(.editTags, [.char("T")], help: "edit tags (Places/Italy/Rome)", hint: "tags", in: photos),
            KeyBinding(.cull, [.char("c")], help: "cull mode: a rating, reject, pick or label key moves on", hint: "cull",
                       in: [.detail]),
            KeyBinding(.deletePhotos, [.delete], help: "move to the trash (asks first; u brings them back)", hint: "trash",
                       in: photos),
            // The label choice
            KeyBinding(.up, [.up, .char("k")], help: "choose", in: [.labelChoice]),
            KeyBinding(.down, [.down, .char("j")], help: "choose", in: [.labelChoice]),
            KeyBinding(.accept, [.enter], help: "set the highlighted label (or type its first letter; n none)", hint: "set",
                       in: [.labelChoice]),
            KeyBinding(.cancel, [.escape, .char("q")], help: "cancel", in: [.labelChoice]),
            // The tag editor (typed characters go into its line)
            KeyBinding(.accept, [.enter], help: "add the tag (the highlighted one, else as typed); on an empty line close",
                       hint: "add", in: [.tagEditor]),
            KeyBinding(.complete, [.tab], help: "complete with the highlighted tag", hint: "complete", in: [.tagEditor]),
            KeyBinding(.previousChoice, [.up], help: "choose a tag", hint: "choose", in: [.tagEditor]),
            KeyBinding(.nextChoice, [.down], help: "choose a tag", hint: "choose", in: [.tagEditor]),
            KeyBinding(.deleteBack, [.backspace], help: "delete before the cursor; on an empty line remove the highlighted tag",
                       hint: "remove", in: [.tagEditor]),
            KeyBinding(.clearLine, [.ctrl("u")], help: "clear the line", in: [.tagEditor]),
            KeyBinding(.cancel, [.escape], help: "close", hint: "close", in: [.tagEditor]),
            // Moving to the trash, deleting for good
            KeyBinding(.accept, [.char("y")], help: "yes", hint: "yes", in: [.deleteConfirmation]),
            KeyBinding(.cancel, [.escape, .char("n")], help: "no (any other key too)", hint: "no", in: [.deleteConfirmation]),
            // The Trash
            KeyBinding(.up, [.up, .char("k")], help: "move", in: [.trash]),
            KeyBinding(.down, [.down, .char("j")], help: "move", in: [.trash]),
            KeyBinding(.pageUp, [.pageUp], help: "page up / down", in: [.trash]),
            KeyBinding(.pageDown, [.pageDown], help: "page up / down", in: [.trash]),
            KeyBinding(.restore, [.char("r"), .enter], help: "restore: the files back where they were, the photo into the library",
                       hint: "restore", in: [.trash]),
            KeyBinding(.deletePhotos, [.delete], help: "delete for good (asks first)", hint: "delete", in: [.trash]),
            KeyBinding(.close, [.escape, .char("q"), .backspace], help: "back to the home grid", hint: "back", in: [.trash]),
            KeyBinding(.help, [.char("?")], help: "help", in: [.labelChoice, .tagEditor, .deleteConfirmation, .trash]),
        ]
    }
}
