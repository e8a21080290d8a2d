import Foundation
import Library
import TUI

extension Benchmark {
    /// Figure 8, the browser's side: what finding and regrouping costs the UI thread at
    /// `library.photos.count` photos — a key and the frame it draws (`AppState.update` +
    /// `AppView.render` on a 160×48 screen), while the folder tree builds and once it is in.
    func runBrowserFind(_ library: PhotoLibrary, index: SearchIndex, places: @escaping PlaceLookup) {
        var state = AppState(library: library, columns: 160, rows: 48, colorMode: .truecolor,
                             startFolder: "/", homeFolder: "/")
        func key(_ key: Key) -> (ms: Double, effects: [Effect]) {
            var effects: [Effect] = []
            let ms = Measure.time {
                effects = state.update(.key(key))
                _ = AppView.render(state)
            }
            return (ms, effects)
        }

        // `o` to the folder grouping: the tree is asked for (built elsewhere); meanwhile the home
        // grid moves as before.
        var asked: [Effect] = []
        for _ in GroupingKind.allCases.dropLast() { asked = key(.char("o")).effects }
        var moves: [Double] = []
        for step in 0..<40 { moves.append(key(step % 2 == 0 ? .right : .left).ms) }
        report.row("browser: a key on the home grid while the folder tree builds (key → frame)",
                   median: Measure.median(moves), worst: moves.max(), unit: "ms", target: .below(16))
        guard case let .buildTree(built, kind, generation)? = asked.first(where: {
            if case .buildTree = $0 { true } else { false }
        }) else {
            report.note("the folder grouping asked for no tree: \(asked)")
            return
        }
        let tree = FolderTree(library: built, kind: kind, places: places)
        let install = Measure.time {
            _ = state.update(.treeBuilt(tree, kind, generation: generation))
            _ = AppView.render(state)
        }
        report.row("browser: the built tree arrives (\(tree.folders.count) folders) → frame", median: install,
                   worst: nil, unit: "ms", target: .below(50))
        moves = []
        for step in 0..<40 { moves.append(key(step % 2 == 0 ? .right : .left).ms) }
        report.row("browser: a key on the home grid by folder (key → frame)", median: Measure.median(moves),
                   worst: moves.max(), unit: "ms", target: .below(16))

        // Search from the browser: the index arrives, then each typed key runs the query and
        // draws the results.
        _ = key(.char("/"))
        _ = state.update(.searchIndexBuilt(index, generation: 0))
        var typing: [Double] = []
        for _ in 0..<Self.typingRounds {
            for character in Self.typedQueries[1] { typing.append(key(.char(character)).ms) }
            for _ in Self.typedQueries[1] { typing.append(key(.backspace).ms) }
        }
        report.row("browser: keystroke → search results drawn, typing \"\(Self.typedQueries[1])\"",
                   median: Measure.median(typing), worst: Self.percentile(typing, 0.95), unit: "ms", target: .below(50))
        _ = key(.escape)
        report.note("AppState.update + AppView.render (no terminal) on a 160×48 screen, on this thread; the "
                    + "trees and the index are built off the UI thread in the browser (the rows above)")
    }
}
