import Foundation
import Library
import Testing
@testable import TUI

/// `r` `R` `F` turn photos as an edit; `O` opens them with the `open-with` program, `!` runs a
/// command on their paths, `y` copies the path; F5 reloads. Pure `update` calls, then the
/// pieces the run loop uses (`CommandTemplate` with hostile names run by a real shell,
/// `ClipboardCopy`'s bytes, `ExternalProgram`'s failures).
@Suite struct TurnsAndProgramsTests {
    func selected(_ state: AppState) -> Photo? { state.selectedPhotoID.flatMap { state.library.photo(id: $0) } }

    // MARK: - Rotate and flip

    @Test func rTurnsTheSelectedPhotoAQuarterAndTheTileFollows() throws {
        var state = OrganiseTests.garden()
        let before = try #require(selected(state))
        #expect(before.displaySize == (4032, 3024))
        let effects = state.press(.char("r"))
        guard case .saveEdits(.apply, _)? = effects.first else {
            Issue.record("a turn is saved like any edit: \(effects)")
            return
        }
        let after = try #require(selected(state))
        #expect(after.orientation == 6 && after.displaySize == (3024, 4032))
        #expect(state.status == "Rotate 90° 1 photo")
        let key = PhotoTile.previewKey(for: after, maxColumns: 40, maxRows: 20, colorMode: .colors256, pixels: nil)
        #expect(key.orientation == 6 && key.rows > key.columns / 2, "a portrait preview, made anew")
        state.press(.char("R"))
        #expect(selected(state)?.edits.orientation == nil, "R turns it back: no edit left")
        state.press(.char("F"))
        #expect(selected(state)?.orientation == 2)
    }

    @Test func aTurnOfTheMarksIsOneStepThatUndoAndRedoMove() {
        var state = OrganiseTests.garden()
        state.press(.char(" "), .char(" "), .char(" "))
        state.press(.char("r"), .char("r"))
        let marked = state.editTargets.compactMap { state.library.photo(id: $0) }
        #expect(marked.count == 3 && marked.allSatisfy { $0.orientation == 3 })
        #expect(state.library.photos.filter { $0.edits.orientation != nil }.count == 3)
        state.press(.char("u"))
        #expect(state.editTargets.compactMap { state.library.photo(id: $0)?.orientation } == [6, 6, 6])
        state.press(.char("u"))
        #expect(state.library.photos.allSatisfy { $0.edits.orientation == nil })
        state.press(.char("U"))
        #expect(state.editTargets.compactMap { state.library.photo(id: $0)?.orientation } == [6, 6, 6])
    }

    @Test func inThePhotoViewTheTurnComposesWithTheFilesOrientation() throws {
        var state = TestLibrary.state()
        state.openGroup(at: TestLibrary.tokyoIndex)
        let phone = try #require(state.currentGroup?.photoIDs.firstIndex { state.library.photo(id: $0)?.fileOrientation == 6 })
        for _ in 0..<phone { state.press(.right) }
        state.press(.enter)
        #expect(state.detailPhoto?.fileOrientation == 6)
        state.press(.char("R"))
        #expect(state.detailPhoto?.orientation == 1, "the file's 6 turned back a quarter is upright")
        #expect(state.detailPhoto?.edits.orientation == 1)
    }

    @Test func f5ReloadsAndRNoLongerDoes() {
        var state = OrganiseTests.garden()
        #expect(state.press(.function(5)) == [.reloadLibrary])
        #expect(!state.press(.char("r")).contains(.reloadLibrary))
        #expect(KeyMap().action(for: .char("r"), in: .home) == nil, "r on the groups does nothing")
    }

    // MARK: - Open with

    @Test func oOpensTheSelectedPhotoOrTheMarkedOnesWithTheSetting() throws {
        var state = OrganiseTests.garden()
        let path = try #require(selected(state)?.path)
        #expect(state.press(.char("O")) == [.openWith([ExternalProgram(arguments: ["xdg-open", path])], inTerminal: true)])
        #expect(state.status == "Opening 1 photo with xdg-open…")

        var viewer = TestLibrary.state()
        viewer = AppState(library: TestLibrary.standard(), columns: 80, rows: 24, colorMode: .colors256,
                          startFolder: "/", homeFolder: "/", openWith: OpenWith(program: ["nsxiv", "-f"], inTerminal: false))
        viewer.openGroup(at: TestLibrary.gardenIndex)
        viewer.press(.char(" "), .char(" "))
        let paths = viewer.editTargets.compactMap { viewer.library.photo(id: $0)?.path }
        #expect(viewer.press(.char("O")) == [.openWith([ExternalProgram(arguments: ["nsxiv", "-f"] + paths)], inTerminal: false)])
    }

    @Test func xdgOpenRunsOncePerPhoto() {
        let runs = OpenWith().programs(paths: ["/a b.jpg", "/c.jpg"])
        #expect(runs == [ExternalProgram(arguments: ["xdg-open", "/a b.jpg"]), ExternalProgram(arguments: ["xdg-open", "/c.jpg"])])
        #expect(OpenWith(inTerminal: nil).runsInTerminal(environment: [:]))
        #expect(!OpenWith(inTerminal: nil).runsInTerminal(environment: ["DISPLAY": ":0"]))
        #expect(OpenWith(inTerminal: true).runsInTerminal(environment: ["WAYLAND_DISPLAY": "wayland-0"]))
        #expect(OpenWith(setting: "  ") == nil && OpenWith(setting: "feh  -F")?.program == ["feh", "-F"])
    }

    @Test func aFailingProgramIsNamedWithItsReason() {
        var state = OrganiseTests.garden()
        let missing = ExternalProgram(arguments: ["photory-no-such-viewer", "/x.jpg"]).run(output: .discard)
        #expect(missing.failure?.hasPrefix("not found") == true)
        state.send(.openedWith([missing]))
        #expect(state.status == "photory-no-such-viewer failed: not found (is it installed and on PATH?)")
        let failing = ExternalProgram(arguments: ["/bin/sh", "-c", "echo 'no viewer for \u{1B}[31mjpeg' >&2; exit 4"]).run(output: .discard)
        state.send(.openedWith([failing]))
        #expect(state.status == "sh failed: exited with status 4 (no viewer for jpeg)", "its words, cleaned")
    }

    @Test func aMissingFileIsNotHandedToAProgram() {
        var state = OrganiseTests.garden()
        state.press(.right, .right)   // garden-03 is missing
        #expect(selected(state)?.missing == true)
        #expect(state.press(.char("O")).isEmpty)
        #expect(state.status == "garden-03.jpg: the file is missing")
    }

    // MARK: - Run on marks

    @Test func bangAsksForACommandRunsItAndShowsItsOutput() throws {
        var state = OrganiseTests.garden()
        state.press(.char(" "), .char(" "))
        let paths = state.editTargets.compactMap { state.library.photo(id: $0)?.path }
        state.press(.char("!"))
        #expect(state.keyContext == .commandLine)
        #expect(AppView.render(state).lines()[23].hasPrefix("!▏"))
        state.type("ls -l {} | wc")
        state.press(.left, .backspace)   // "ls -l {} | c" … typing edits like the other fields
        state.type("w")
        let effects = state.press(.enter)
        #expect(effects == [.runCommand(CommandTemplate(text: "ls -l {} | wc").program(paths: paths), command: "ls -l {} | wc")])
        #expect(state.layers.isEmpty)

        let outcome = ExternalProgram.Outcome(program: "sh", output: Array("one\ntwo\u{1B}]52;c;aGk=\u{07}\n".utf8))
        state.send(.commandFinished(command: "ls -l {} | wc", outcome))
        #expect(state.keyContext == .commandOutput)
        let screen = AppView.render(state).text()
        #expect(screen.contains("! ls -l {} | wc") && screen.contains("one") && screen.contains("two"))
        #expect(!screen.contains("52;c"), "the program's escape sequences never reach the terminal")
        state.press(.char("x"))
        #expect(state.layers.isEmpty, "any other key closes it")
        state.press(.char("!"))
        #expect((state.layers.last?.state as? CommandLineLayer)?.field.text == "ls -l {} | wc", "offered again")
        state.press(.escape)
        #expect(state.layers.isEmpty && state.status == "Nothing run")
    }

    @Test func theOutputScrollsAndAFailureIsSaid() {
        var state = OrganiseTests.garden()
        let long = (1...100).map { "line \($0)" }.joined(separator: "\n")
        state.send(.commandFinished(command: "seq", ExternalProgram.Outcome(program: "sh", output: Array(long.utf8),
                                                                              failure: "exited with status 2")))
        #expect(state.status == "seq: exited with status 2")
        var screen = AppView.render(state).text()
        #expect(screen.contains("line 1") && !screen.contains("line 30"))
        #expect(screen.contains("exited: exited with status 2"))
        state.press(.end)
        screen = AppView.render(state).text()
        #expect(screen.contains("line 100") && !screen.contains("line 1 "))
        state.press(.pageUp, .home)
        #expect(AppView.render(state).text().contains("line 1 "))
    }

    /// The shell gets the paths as arguments: names made to break a command line arrive whole.
    @Test(arguments: ["{}", ""])
    func hostileNamesReachTheCommandIntact(_ placeholder: String) throws {
        let names = ["/tmp/a b.jpg", "/tmp/it's \"quoted\".jpg", "/tmp/x; rm -rf ~.jpg", "/tmp/line\nbreak.jpg",
                     "/tmp/$(touch pwned).jpg", "/tmp/`id`*.jpg", "/tmp/-n.jpg"]
        let template = CommandTemplate(text: "printf '[%s]\\n' " + placeholder)
        let outcome = template.program(paths: names).run(output: .capture)
        #expect(outcome.failure == nil)
        #expect(String(decoding: outcome.output, as: UTF8.self) == names.map { "[\($0)]\n" }.joined())
        #expect(!FileManager.default.fileExists(atPath: "pwned"))
    }

    @Test func templateExpansion() {
        #expect(CommandTemplate(text: "cp {} /mnt").script == "cp \"$@\" /mnt")
        #expect(CommandTemplate(text: "exiftool -Orientation").script == "exiftool -Orientation \"$@\"")
        #expect(CommandTemplate(text: "echo").program(paths: ["/p"]).arguments == ["/bin/sh", "-c", "echo \"$@\"", "sh", "/p"])
    }

    @Test func aNonUTF8NameGoesOutAsItsOwnBytes() throws {
        let name = PathBytes.string([0x2F, 0x74, 0x6D, 0x70, 0x2F, 0xE9, 0x2E, 0x6A, 0x70, 0x67])   // "/tmp/\xE9.jpg"
        let outcome = CommandTemplate(text: "printf %s").program(paths: [name]).run(output: .capture)
        #expect(outcome.output == [0x2F, 0x74, 0x6D, 0x70, 0x2F, 0xE9, 0x2E, 0x6A, 0x70, 0x67])
    }

    // MARK: - Copy the path

    @Test func yCopiesThePathWithOSC52() throws {
        var state = OrganiseTests.garden()
        let path = try #require(selected(state)?.path)
        #expect(state.press(.char("y")) == [.copyToClipboard(Array(path.utf8))])
        #expect(state.status == "Copied \(path) to the clipboard")
        state.press(.char(" "), .char(" "))
        let paths = state.editTargets.compactMap { state.library.photo(id: $0)?.path }
        #expect(state.press(.char("y")) == [.copyToClipboard(Array(paths.joined(separator: "\n").utf8))])
    }

    @Test func osc52Bytes() {
        let text = Array("/photos/a b.jpg".utf8)
        let plain = Array("\u{1B}]52;c;L3Bob3Rvcy9hIGIuanBn\u{07}".utf8)
        #expect(ClipboardCopy.sequence(for: text, insideTmux: false) == plain)
        let wrapped = Array("\u{1B}Ptmux;\u{1B}\u{1B}]52;c;L3Bob3Rvcy9hIGIuanBn\u{07}\u{1B}\\".utf8)
        #expect(ClipboardCopy.sequence(for: text, insideTmux: true) == wrapped + plain)
    }
}
