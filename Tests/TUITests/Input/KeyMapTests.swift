import Library
import Testing
@testable import TUI

/// The one key table: handling, help and hints all come from it.
@Suite struct KeyMapTests {
    /// A state showing `context` (with help open when `help`).
    static func state(showing context: KeyContext, keyMap: KeyMap = KeyMap(), help: Bool = true) -> AppState {
        var state = TestLibrary.state(columns: 160, rows: 48, keyMap: keyMap)
        switch context {
        case .home: break
        case .group: state.openGroup(at: TestLibrary.gardenIndex)
        case .detail: state.openGroup(at: TestLibrary.gardenIndex); state.press(.enter)
        case .zoomedPhoto: state.openGroup(at: TestLibrary.gardenIndex); state.press(.enter, .char("+"))
        case .picker: state = ImportPickerTests.openPicker(columns: 160, rows: 48)
        case .importProgress: state = ImportOverlayTests.importing(columns: 160, rows: 48)
        case .map:
            state.openGroup(at: TestLibrary.gardenIndex)
            state.press(.char("L"))
            state.type("-22.9068, -43.1729")
            state.press(.enter, .char("m"))
        case .list: state.openGroup(at: TestLibrary.gardenIndex); state.press(.char("t"))
        case .search: state.openGroup(at: TestLibrary.gardenIndex); state.press(.char("/"))
        case .help: state.press(.char("?"))
        case .dateForm: state.openGroup(at: TestLibrary.gardenIndex); state.press(.char("d"))
        case .placeForm: state.openGroup(at: TestLibrary.gardenIndex); state.press(.char("L"))
        case .writeConfirmation: state.openGroup(at: TestLibrary.gardenIndex); state.press(.char("f"), .char("W"))
        // Issue 22's layers
        case .labelChoice: state.openGroup(at: TestLibrary.gardenIndex); state.press(.char("C"))
        case .tagEditor: state.openGroup(at: TestLibrary.gardenIndex); state.press(.char("T"))
        case .deleteConfirmation: state.openGroup(at: TestLibrary.gardenIndex); state.press(.delete)
        case .trash:
            var library = state.library
            library.apply(.trashed([TrashedPhoto(photo: library.photos[0], files: [])]))
            state.replaceLibrary(library)
            state.openTrash()
        case .commandLine: state.openGroup(at: TestLibrary.gardenIndex); state.press(.char("!"))
        case .commandOutput:
            state.openGroup(at: TestLibrary.gardenIndex)
            state.send(.commandFinished(command: "true", ExternalProgram.Outcome(program: "sh")))
        case .video: state = VideoPlaybackTests.onVideo(columns: 160, rows: 48); state.press(.char("p"))   // issue 21
        case .allTags: state.openGroup(at: TestLibrary.gardenIndex); state.press(.char("I"))
        // Albums (issue 23)
        case .album, .albumConfirmation:
            state = AlbumKeysTests.withAlbum(columns: 160, rows: 48)
            state.press(.escape, .escape, .home, .right, .enter)
            if context == .albumConfirmation { state.press(.char("E")) }
        case .albumPicker: state.openGroup(at: TestLibrary.gardenIndex); state.press(.char("b"))
        case .albumPhoto:
            state = AlbumKeysTests.withAlbum(columns: 160, rows: 48)
            state.press(.escape, .escape, .home, .right, .enter, .enter)
        case .duplicates: state.press(.char("D"))   // look-alike duplicates (issue 23)
        case .slideshow: state.openGroup(at: TestLibrary.gardenIndex); state.press(.char("S"))   // Slideshow (issue 23)
        case .exportLine: state.openGroup(at: TestLibrary.gardenIndex); state.press(.char("X"))   // Export (issue 23)
        case .feedView: state.openGroup(at: TestLibrary.gardenIndex); state.press(.char("V"))   // the feed view (issue 24)
        case .geotagForm: state.openGroup(at: TestLibrary.gardenIndex); state.press(.char("H"))   // GPX geotagging (issue 25)
        case .webcam: state = ImportPickerTests.openPicker(columns: 160, rows: 48); state.press(.end, .char("c"))   // issue 25
        }
        #expect(state.keyContext == context)
        if help, context != .importProgress { state.openHelp() }
        return state
    }

    @Test(arguments: KeyContext.allCases)
    func everyBoundActionAppearsInTheHelpOfItsScreen(context: KeyContext) {
        let map = KeyMap()
        let bound = map.bindings.filter { $0.contexts.contains(context) && !$0.keys.isEmpty }
        #expect(!bound.isEmpty)
        let rows = map.helpRows(for: context)
        for binding in bound {
            let row = rows.first { $0.help == binding.help }
            #expect(row != nil, "\(binding.action) has no help row in \(context)")
            for key in binding.keys {
                #expect(row?.keys.split(separator: " ").contains(Substring(key.label)) == true,
                        "\(key.label) for \(binding.action) missing from help in \(context)")
            }
        }
        // And the overlay on screen shows them (the import overlay has no help screen: its one
        // key is in its own hint).
        guard context != .importProgress else { return }
        // A help longer than the screen scrolls: every page of it is read.
        var state = Self.state(showing: context)
        var screen = AppView.render(state).text()
        #expect(screen.contains(context.helpTitle))
        for _ in 0..<4 where !rows.allSatisfy({ screen.contains($0.help) }) {
            state.press(.pageDown)
            screen += AppView.render(state).text()
        }
        for row in rows { #expect(screen.contains(row.help), "\(row.help) not on the help screen of \(context)") }
    }

    @Test func aKeyDoesOneThingInEachContext() {
        let map = KeyMap()
        for context in KeyContext.allCases {
            var seen: [Key: Action] = [:]
            for binding in map.bindings where binding.contexts.contains(context) {
                for key in binding.keys {
                    #expect(seen[key] == nil, "\(key.label) is bound to \(seen[key]!) and \(binding.action) in \(context)")
                    seen[key] = binding.action
                }
            }
        }
    }

    @Test func theDetailViewsSpaceAndEnterAreInItsHelp() {
        let rows = KeyMap().helpRows(for: .detail)
        #expect(rows.contains { $0.help == "next photo" && $0.keys.contains("Space") })
        #expect(rows.contains { $0.help == "back to the group" && $0.keys.contains("Enter") })
        #expect(KeyMap().helpRows(for: .picker).contains { $0.help == "close" && $0.keys.contains("q") })
    }

    @Test func hintsShowTheFirstKeyOfEachAction() {
        let map = KeyMap()
        #expect(map.hints([.open, .importPhotos, .reload, .help, .quit], in: .home)
                == "Enter open · a import · F5 reload · ? help · q quit")
        #expect(map.hints(DetailScreen.hints, in: .detail)
                == "← previous · → next · f fav · i info · d date · m map · Esc back · ? help")
    }

    @Test func aRemappedKeyActsAndShowsInHelpAndHints() {
        var map = KeyMap()
        map.rebind(.quit, to: [.char("x")])
        map.rebind(.open, to: [.char("o"), .enter])
        var state = TestLibrary.state(keyMap: map)
        #expect(AppView.render(state).text().contains("o open"))
        #expect(AppView.render(state).text().contains("x quit"))
        state.press(.char("q"))
        #expect(!state.shouldQuit)
        state.press(.char("o"))
        #expect(state.screen == .group(id: state.groupID(at: 0)))
        state.press(.escape)
        state.press(.char("?"))
        let help = AppView.render(state).text()
        #expect(help.contains("x ") && help.contains("quit"))
        state.press(.escape)
        state.press(.char("x"))
        #expect(state.shouldQuit)
    }

    @Test func rebindingTakesTheKeyFromActionsThatShareAScreen() {
        var map = KeyMap()
        map.rebind(.reload, to: [.char("a")])
        #expect(map.action(for: .char("a"), in: .home) == .reload)
        #expect(map.binding(.importPhotos, in: .home)?.keys == [])
        // The import action is now unbound: hints and help leave it out.
        #expect(!map.hints([.importPhotos, .reload], in: .home).contains("import"))
        #expect(!map.helpRows(for: .home).contains { $0.help == "import photos" })
    }

    @Test(arguments: [
        ("x", Key.char("x")), ("X", .char("X")), ("?", .char("?")), ("space", .char(" ")), ("Enter", .enter),
        ("esc", .escape), ("ctrl-b", .ctrl("b")), ("C-f", .ctrl("f")), ("^U", .ctrl("u")), ("pgdn", .pageDown),
        ("page-up", .pageUp), ("f2", .function(2)), ("ctrl-h", .backspace), ("left", .left),
    ])
    func keyNamesParse(name: String, key: Key) {
        #expect(KeyName.parse(name) == key)
    }

    @Test(arguments: ["", "ctrl-", "ctrl-1", "f0", "f99", "enterr", "\u{1B}", "ab"])
    func badKeyNamesDoNot(name: String) {
        #expect(KeyName.parse(name) == nil)
    }
}
