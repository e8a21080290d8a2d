import Foundation
import Library
import TUI

extension Benchmark {
    /// Figure 9: editing a large library. What the browser's loop does when the user presses a
    /// key that edits (apply on screen, regroup when a date changes), and what the background
    /// save costs (lock, catch up on the journal's tail, append one line and fsync).
    func runEdits() throws {
        report.section("9. Edits with \(librarySize) photos")
        let path = folder("edits") + "/library.json"
        let library = SyntheticLibrary.make(count: librarySize)
        try LibraryStore(path: path).save(library)
        let group = library.groups.max { $0.count < $1.count }!
        let ids = Array(group.photoIDs.prefix(3))

        // The browser's state holds its own library, as in the app (nothing else keeps it, so an
        // edit changes it in place), with the biggest group open; each key is one edit of a run.
        var state = AppState(library: SyntheticLibrary.make(count: librarySize), columns: 160, rows: 48,
                             colorMode: .truecolor, startFolder: "/", homeFolder: "/")
        let open = state.library.homeFolders.firstIndex { $0.id == group.id } ?? 0
        for _ in 0..<open { _ = state.update(.key(.right)) }
        _ = state.update(.key(.enter))
        let favourite = (0..<9).map { _ in Measure.time { _ = state.update(.key(.char("f"))) } }
        report.row("favourite key → state updated (UI thread)", median: Measure.median(favourite),
                   worst: favourite.max(), unit: "ms", target: .below(16))
        report.note("the last favourite key did: \(state.library.history.undo.last?.label ?? "nothing")")
        for key in [Key.char(" "), .char(" "), .char(" ")] { _ = state.update(.key(key)) }
        let shift = (0..<9).map { _ in
            for key in [Key.char("d"), .tab, .char("+"), .char("3"), .char("h")] { _ = state.update(.key(key)) }
            return Measure.time { _ = state.update(.key(.enter)) }
        }
        report.row("shift 3 photos → state updated, regrouped (UI thread)", median: Measure.median(shift),
                   worst: shift.max(), unit: "ms", target: .below(50))
        report.note("the last shift did: \(state.library.history.undo.last?.label ?? "nothing")")

        // Culling (issue 22): the photo view in cull mode, one rating key a photo, each an edit
        // queued for the saver and a move to the next photo.
        for key in [Key.escape, .home, .enter, .char("c")] { _ = state.update(.key(key)) }
        let culled = min(200, group.count - 1)
        let cull = Measure.time { for i in 0..<culled { _ = state.update(.key(.char(Character(String(1 + i % 5))))) } }
        report.row("cull \(culled) photos, one rating key each (UI thread)", median: cull / Double(max(1, culled)),
                   worst: nil, unit: "ms", target: .below(16))
        report.note("culling: \(Int(Double(culled) / max(cull, 0.001) * 1000)) keys/s; the last key did: "
            + (state.library.history.undo.last?.label ?? "nothing"))

        // The browser's saver: a copy of the library kept in step, so a save reads only the
        // journal's tail under the lock (nothing, when no other writer appended).
        let store = LibraryStore(path: path)
        var copy = LibraryCopy(try store.loadWithNotes())
        var saves: [Double] = []
        for round in 0..<9 {
            let step = EditPlanner(library: library).setFavourite(ids, round % 2 == 0)
            saves.append(try Measure.time { try store.append(lockTimeout: 10, to: &copy) { _ in [.apply(step)] } })
        }
        report.row("one edit durable (saver: lock, journal tail, append + fsync)",
                   median: Measure.median(saves), worst: saves.max(), unit: "ms", target: .below(50))
        var appends: [Double] = []
        for round in 0..<9 {
            let step = EditPlanner(library: library).setFavourite(ids, round % 2 == 0)
            appends.append(try Measure.time { try store.journal.appendWithoutChecks([.apply(step)], seq: 100 + round) })
        }
        report.row("journal append + fsync alone", median: Measure.median(appends),
                   worst: appends.max(), unit: "ms", target: .below(50))
        report.note("the save runs on a worker thread: the screen shows the edit at once and never waits for it")
    }
}
