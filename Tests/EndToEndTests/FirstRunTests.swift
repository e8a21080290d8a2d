import Fixtures
import Foundation
import Testing

/// A new user's first session, at three terminal sizes: empty library → import picker →
/// progress and summary → home → group → photo → back → quit; then a second start on the same
/// library, checked against `photory-tui groups --json`.
@Suite("First run: import, browse, quit, restart")
struct FirstRunTests {
    @Test("first run at", arguments: [0, 1, 2])
    func firstRun(sizeIndex: Int) throws {
        let (columns, rows) = E2E.sizes[sizeIndex]
        let sandbox = Sandbox()
        let cwd = sandbox.root.path + "/work"
        PhotoFixtures.write(PhotoFixtures.firstRun, into: cwd + "/photos")
        _ = FileManager.default.createFile(atPath: cwd + "/notes.txt", contents: Data("not a photo\n".utf8))

        let tmux = TmuxSession()
        defer { tmux.kill() }
        try tmux.startBrowser(library: sandbox.library, sandbox: sandbox, columns: columns, rows: rows, cwd: cwd)

        // Empty library: says how to import.
        var screen = try tmux.waitFor("Your library is empty")
        #expect(screen.contains("Press a"))
        #expect(screen.screenLines.last?.contains("a import") == true)

        // The picker opens in the cwd, folders first.
        tmux.send("a")
        // The whole listing: a capture can land while the frame is still being written.
        screen = try tmux.waitUntil("the picker's listing") { $0.contains("photos/") && $0.contains("notes.txt") }
        #expect(screen.contains("Import photos"))
        #expect(screen.contains(cwd))
        #expect(screen.contains("notes.txt"))
        let photosRow = screen.screenLines.firstIndex { $0.contains("photos/") }
        let notesRow = screen.screenLines.firstIndex { $0.contains("notes.txt") }
        #expect(photosRow != nil && notesRow != nil && photosRow! < notesRow!, "folders first")

        // Into the folder and back up: the folder we came from is highlighted.
        tmux.send("Enter")
        screen = try tmux.waitFor("beach-01.jpg")
        #expect(screen.contains(cwd + "/photos"))
        tmux.send("Left")
        try tmux.waitFor("notes.txt")

        // Mark it and import.
        tmux.send("Space")
        try tmux.waitFor("[x] photos/")
        #expect(tmux.screen().contains("1 marked"))
        tmux.send("i")
        var sawProgress = false
        screen = try tmux.waitUntil("the import summary") { screen in
            if screen.contains("Importing") { sawProgress = true }
            // The whole summary: a capture can land while the frame is still being written.
            return screen.contains("Import finished") && screen.contains("Press any key")
        }
        #expect(screen.contains("12 imported"))
        #expect(screen.contains("Press any key"))
        if !sawProgress { print("note: the import finished before the progress overlay was captured") }

        // Any key closes the summary; home shows the groups, "Other" last.
        tmux.send("Space")
        screen = try tmux.waitFor("Mountain hike")
        try tmux.waitForAbsence(of: "Import finished")
        screen = tmux.screen()
        #expect(screen.contains("3 groups · 12 photos"))
        for (name, count) in [("Beach day", "5 photos"), ("Mountain hike", "4 photos"), ("Other", "3 photos")] {
            #expect(screen.contains(name), "group \(name)")
            #expect(screen.contains(count), "count \(count) of \(name)")
        }
        let flat = screen.replacingOccurrences(of: "\n", with: " ")
        let beach = flat.range(of: "Beach day")?.lowerBound, hike = flat.range(of: "Mountain hike")?.lowerBound
        let other = flat.range(of: "Other")?.lowerBound
        if let beach, let hike, let other {
            #expect(beach < hike && hike < other, "groups by name, Other last")
        }

        try browseAndQuit(tmux, columns: columns, rows: rows)

        // Start again on the same library: the same groups, and the CLI agrees.
        let json = try E2E.cli(["groups", "--json", "--library", sandbox.library], sandbox: sandbox)
        #expect(json.status == 0, "groups --json: \(json.stderr)")
        let groups = try JSONDecoder().decode([GroupRecord].self, from: Data(json.stdout.utf8))
        #expect(groups.map(\.name) == ["Beach day", "Mountain hike", "Other"])
        #expect(groups.map(\.count) == [5, 4, 3])

        let again = TmuxSession()
        defer { again.kill() }
        try again.startBrowser(library: sandbox.library, sandbox: sandbox, columns: columns, rows: rows, cwd: cwd)
        screen = try again.waitFor("Mountain hike")
        #expect(screen.contains("3 groups · 12 photos"))
        for group in groups {
            #expect(screen.contains(group.name))
            #expect(screen.contains("\(group.count) photos"))
        }
        again.send("q")
        try again.waitFor("EXITED 0")
    }

    /// Home (first group selected) → group → photo, paging both ways → back twice → quit.
    private func browseAndQuit(_ tmux: TmuxSession, columns: Int, rows: Int) throws {
        tmux.send("Enter")
        var screen = try tmux.waitFor("beach-05.jpg")
        #expect(screen.screenLines.first?.contains("Beach day · 5 photos") == true)
        for i in 1...5 { #expect(screen.contains("beach-0\(i).jpg"), "caption \(i)") }
        #expect(screen.contains("2024-07-01 10:00"))

        tmux.send("Enter")
        screen = try tmux.waitFor("1/5")
        #expect(screen.contains("beach-01.jpg  1/5  168×120"))
        #expect(screen.contains("Testcam"))
        tmux.send("l")
        try tmux.waitFor("beach-02.jpg  2/5  176×120")
        tmux.send("Right")
        try tmux.waitFor("3/5")
        tmux.send("h")
        try tmux.waitFor("2/5")
        tmux.send("Left")
        screen = try tmux.waitFor("1/5")
        tmux.send("l")
        try tmux.waitFor("2/5")

        // Esc: back to the grid with that photo selected (its caption drawn reversed).
        tmux.send("Escape")
        // The photo shrinks back into its tile first (the closing animation): wait for its caption.
        screen = try tmux.waitUntil("the group grid with the photo just viewed selected") {
            $0.contains("beach-01.jpg") && !$0.contains("2/5") && Self.isReversed("beach-02.jpg", in: tmux.screenWithColors())
        }
        #expect(screen.contains("Enter view"))
        let colored = tmux.screenWithColors()
        #expect(!Self.isReversed("beach-01.jpg", in: colored))

        tmux.send("Escape")
        try tmux.waitFor("3 groups · 12 photos")

        tmux.send("q")
        screen = try tmux.waitFor("EXITED 0")
        #expect(!screen.contains("photory ·"), "the alternate screen is gone")
        #expect(!screen.contains("Beach day"))
    }

    /// Whether `text` is drawn with the reverse attribute in a `capture-pane -e` screen.
    static func isReversed(_ text: String, in colored: String) -> Bool {
        guard let line = colored.screenLines.first(where: { $0.contains(text) }),
              let range = line.range(of: text) else { return false }
        return SGRState.attributes(before: range.lowerBound, in: line).contains(7)
    }
}

/// What `groups --json` prints for one group.
struct GroupRecord: Decodable {
    var id: String
    var name: String
    var count: Int
}

/// Follows SGR sequences along a captured line to tell which attributes are on at a position.
enum SGRState {
    static func attributes(before end: String.Index, in line: String) -> Set<Int> {
        var on: Set<Int> = []
        let prefix = String(line[..<end])
        for sequence in prefix.components(separatedBy: "\u{1b}[").dropFirst() {
            guard let m = sequence.firstIndex(of: "m") else { continue }
            let codes = sequence[..<m].split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
            var i = 0
            while i < codes.count {
                let code = codes[i]
                switch code {
                case 0: on.removeAll()
                case 1...9: on.insert(code)
                case 21...29: on.remove(code - 20); if code == 22 { on.remove(1); on.remove(2) }
                case 38, 48, 58: i += codes.count > i + 1 && codes[i + 1] == 5 ? 2 : 4
                default: break
                }
                i += 1
            }
        }
        return on
    }
}
