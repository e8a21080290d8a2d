import Library
import Testing
@testable import TUI

/// The layers over the screens are one stack: keys go to the top layer, drawing goes
/// bottom-up over the same array, and the hints and key context are the top layer's.
@Suite struct LayerStackTests {
    /// Which kind of layer each of `state.layers` is, bottom first.
    static func kinds(_ state: AppState) -> [KeyContext] { state.layers.map(\.state.keyContext) }

    @Test func helpOverThePickerThenTheImportOverlayOverBoth() throws {
        var state = ImportPickerTests.openPicker(columns: 120, rows: 40)
        state.press(.char("?"))
        #expect(Self.kinds(state) == [.picker, .help])
        #expect(state.keyContext == .help)
        var screen = AppView.render(state).text()
        // The help lists the picker's keys; the help has no hints of its own, so the picker's show.
        #expect(screen.contains(KeyContext.picker.helpTitle))
        #expect(screen.contains(state.keyMap.hints([.mark, .importMarked, .close, .help], in: .picker)))

        // Something running comes up over both (what an import started elsewhere would show).
        state.importOverlay = ImportOverlayState()
        #expect(Self.kinds(state) == [.picker, .help, .importProgress])
        #expect(state.keyContext == .importProgress)
        screen = AppView.render(state).text()
        #expect(screen.contains("Importing… · Esc cancel"), "the top layer's hints")
        #expect(screen.contains("Esc cancels (what finished is kept)"), "the overlay is drawn over the help")

        // The top layer gets the key: Esc cancels the import, it does not close the help.
        #expect(state.press(.escape) == [.cancelImport])
        #expect(Self.kinds(state) == [.picker, .help, .importProgress])
        #expect(state.importOverlay?.phase == .running(cancelling: true))

        state.send(.importFinished(.failure(Failure("the disk went away"))))
        state.press(.char("x"))
        #expect(Self.kinds(state) == [.picker, .help], "the overlay closed; the help is on top again")
        #expect(state.keyContext == .help)
        #expect(AppView.render(state).text().contains(KeyContext.picker.helpTitle))
        state.press(.char("x"))
        #expect(Self.kinds(state) == [.picker])
        #expect(state.keyContext == .picker)
        state.press(.escape)
        #expect(state.layers.isEmpty)
        #expect(state.keyContext == .home)
    }

    /// The import overlay stays on top of a layer opened while it shows.
    @Test func aLayerOpenedUnderTheImportOverlayGoesBelowIt() {
        var state = ImportOverlayTests.importing(columns: 120, rows: 40)
        state.showHelp = true
        #expect(Self.kinds(state) == [.help, .importProgress])
        #expect(state.keyContext == .importProgress)
    }

    @Test func theSearchLineLetsMovingKeysThroughToTheResultsAndTypesTheRest() {
        var state = TestLibrary.state(columns: 120, rows: 40)
        state.pressWorking(.char("/"))
        #expect(Self.kinds(state) == [.search])
        state.typeWorking("garden")
        #expect((state.currentGroup?.count ?? 0) > 2)
        #expect(state.search.field.text == "garden")
        // → is not the line's: the results grid below moves.
        let before = state.groupCursor.selected
        state.press(.right)
        #expect(state.groupCursor.selected == before + 1)
        #expect(state.search.field.text == "garden")
        state.press(.enter)
        #expect(state.layers.isEmpty, "Enter keeps the results and closes the line")
        #expect(state.screen == .group(id: SearchState.resultsID))
    }

    @Test func eachLayerSaysWhoseKeysApplyAndWhetherItCoversThePhotos() {
        var state = OrganiseTests.garden(columns: 120, rows: 40)
        #expect(state.keyContext == .group)
        state.press(.char("t"))
        #expect(state.keyContext == .list)
        state.press(.char("t"), .char("d"))
        #expect(state.keyContext == .dateForm && state.photosAreCovered)
        state.press(.escape, .char("L"))
        #expect(state.keyContext == .placeForm)
        state.press(.escape, .char("/"))
        #expect(state.keyContext == .search && !state.photosAreCovered)
    }
}

/// A `[keys]` remap of a form's action works in the form and shows in its help and footer.
@Suite struct FormKeysTests {
    static func remapped() -> KeyMap {
        let config = Config(text: """
            [keys]
            accept = "ctrl-g"
            clear-line = "ctrl-k"
            """, file: "config.toml")
        #expect(config.problems.isEmpty, "\(config.problems)")
        return config.keyMap
    }

    @Test func aRemappedAcceptAndClearWorkInTheDateForm() {
        var state = TestLibrary.state(columns: 120, rows: 40, keyMap: Self.remapped())
        state.openGroup(at: TestLibrary.gardenIndex)
        let photo = state.currentGroup!.photoIDs[0]
        state.press(.char("d"))
        state.type("1999")
        state.press(.ctrl("k"))
        #expect(state.dateForm?.value.text == "", "ctrl-k clears the field")
        state.press(.ctrl("u"))
        state.type("2004-12-25")
        #expect(state.dateForm?.value.text == "2004-12-25", "ctrl-u is no longer an editing key")
        #expect(AppView.render(state).text().contains("^G apply · Esc cancel · ↑↓ date / zone"))
        state.press(.enter)
        #expect(state.dateForm != nil, "Enter no longer applies")

        // `?` in the form shows its keys, with the remap.
        state.press(.char("?"))
        let help = AppView.render(state).text()
        #expect(help.contains(KeyContext.dateForm.helpTitle))
        #expect(help.contains("^G") && help.contains("apply"))
        #expect(help.contains("^K") && help.contains("clear the line"))
        state.press(.escape)
        #expect(state.keyContext == .dateForm, "closing the help returns to the form")

        state.press(.ctrl("g"))
        #expect(state.dateForm == nil)
        #expect(state.library.photo(id: photo)?.takenAt?.hasPrefix("2004-12-25") == true)
    }

    @Test func theWriteConfirmationAndThePlaceFormsClearQuestionTakeTheRemappedAccept() {
        var state = TestLibrary.state(columns: 120, rows: 40, keyMap: Self.remapped())
        state.openGroup(at: TestLibrary.gardenIndex)
        state.press(.char("f"), .char("W"))
        #expect(state.keyContext == .writeConfirmation)
        #expect(AppView.render(state).text().contains("^G write · any other key cancels"))
        #expect(state.press(.enter).isEmpty)
        #expect(state.layers.isEmpty && state.status == "Nothing written")
        state.press(.char("W"))
        let effects = state.press(.ctrl("g"))
        #expect(effects.contains { if case .writeBack = $0 { true } else { false } })

        state.press(.char("L"), .backspace)
        #expect(AppView.render(state).text().contains("^G clear · any other key keeps it"))
        state.press(.ctrl("g"))
        #expect(state.placeForm == nil, "the place was cleared")
    }

    /// The terminal keeps Ctrl-S and Ctrl-Q for flow control (cbreak mode leaves it on): a remap
    /// to them is refused with the reason rather than silently freezing the screen.
    @Test func ctrlSAndCtrlQAreRefusedWithTheReason() {
        let config = Config(text: "[keys]\naccept = \"ctrl-s\"\n", file: "config.toml")
        #expect(config.problems.count == 1)
        #expect(config.problems.first?.contains("line 2") == true)
        #expect(config.problems.first?.contains("the terminal takes Ctrl-S and Ctrl-Q") == true)
        #expect(config.keyMap.binding(.accept, in: .dateForm)?.keys == [.enter], "the default stays")
    }
}
