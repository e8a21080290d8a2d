import Fixtures
import Foundation
import Testing

/// Search, groupings and their memory in the running browser.
@Suite("Finding and regrouping in the browser")
struct FindBrowserTests {
    @Test("type a search, open a result, page, back; Esc returns to the same spot")
    func searchOpenPageBackEsc() throws {
        let run = try BrowserRun.firstRun(shows: "3 groups · 12 photos")
        let tmux = run.tmux
        // Into Mountain hike, onto its second photo.
        tmux.send("l", "Enter")
        try tmux.waitFor("hike-04.jpg")
        tmux.send("l")
        try tmux.waitFor("photo 2 of 4")

        // `/` in a group searches it; Tab widens the search to the whole library.
        tmux.send("/")
        try tmux.waitFor("in Mountain hike · Tab: whole library")
        tmux.send("Tab")
        try tmux.waitFor("whole library · Tab: in Mountain hike")
        tmux.type("beach")
        var screen = try tmux.waitFor("5 photos · Enter keeps the results")
        #expect(screen.contains("beach-05.jpg"))
        tmux.type(" -beach-05")
        screen = try tmux.waitFor("4 photos · Enter keeps the results")
        tmux.send("Enter")
        try tmux.waitForAbsence(of: "Enter keeps the results")
        tmux.send("l", "Enter")
        try tmux.waitFor("beach-02.jpg  2/4")
        tmux.send("l")
        try tmux.waitFor("beach-03.jpg  3/4")
        tmux.send("Escape")
        screen = try tmux.waitFor("Search: beach -beach-05 · 4 photos")
        #expect(screen.contains("photo 3 of 4"))
        // Esc leaves search: back in Mountain hike on its second photo.
        tmux.send("Escape")
        screen = try tmux.waitFor("Mountain hike · 4 photos")
        #expect(screen.contains("photo 2 of 4"))

        // A bad filter says so, with no stale results.
        tmux.send("/")
        tmux.type("beach date:2019-13")
        screen = try tmux.waitFor("date:2019-13")
        #expect(!screen.contains("beach-01.jpg"))
        tmux.send("Escape")
        try tmux.waitFor("Mountain hike · 4 photos")
        tmux.send("q", "q")
        try tmux.waitFor("EXITED 0")
    }

    @Test("o cycles the groupings; a restart keeps the choice")
    func cycleGroupingsAndRestart() throws {
        let run = try BrowserRun.firstRun(shows: "Home · by description · 3 groups")
        let (sandbox, tmux) = (run.sandbox, run.tmux)
        tmux.send("o")
        // Whole frames only: a capture can land while one is still being written.
        try tmux.waitUntil("the three year folders") {
            $0.contains("Home · by date · 3 folders") && $0.contains("5 photos · 2024") && $0.contains("3 photos · 2022")
        }
        // The newest year first; it opens to its months.
        tmux.send("Enter")
        try tmux.waitUntil("the months of 2024") { $0.contains("2024 · 1 folder · 5 photos") && $0.contains("July 2024") }
        tmux.send("Escape")
        try tmux.waitFor("Home · by date")
        tmux.send("o")
        try tmux.waitFor("Home · by camera")
        tmux.send("o")
        try tmux.waitFor("Home · by place")
        tmux.send("o")
        try tmux.waitFor("Home · by folder")
        tmux.send("o")
        try tmux.waitFor("Home · by tag")
        tmux.send("o")
        try tmux.waitFor("Home · by album")
        tmux.send("o")
        try tmux.waitFor("Home · by description")
        tmux.send("o")
        try tmux.waitFor("Home · by date · 3 folders")
        tmux.send("q")
        try tmux.waitFor("EXITED 0")

        let again = TmuxSession()
        defer { again.kill() }
        try again.startBrowser(library: sandbox.library, sandbox: sandbox, columns: 120, rows: 40)
        try again.waitFor("Home · by date · 3 folders")
        again.send("q")
        try again.waitFor("EXITED 0")
    }
}
