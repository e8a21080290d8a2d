import Fixtures
import Foundation
import Testing

/// The set-up browser tests share: a sandbox, a series of photos ("photo-01.jpg" …, one
/// description) imported through the CLI, and the browser on that library in tmux, on the
/// photos' grid. The tmux server goes with the value.
final class BrowserRun {
    let sandbox: Sandbox
    let tmux: TmuxSession
    /// The photos' paths, in their order in the grid.
    let paths: [String]

    /// `count` photos described `description`, the browser at `columns` × `rows` with their
    /// group open (`openGroup`) or on the home grid.
    init(photos count: Int = 6, description: String = "Trip", columns: Int = 120, rows: Int = 40, openGroup: Bool = true,
         sourceLocation: SourceLocation = #_sourceLocation) throws {
        sandbox = Sandbox()
        paths = PhotoFixtures.write(PhotoFixtures.series(count, description: description), into: sandbox.root.path + "/photos")
        try sandbox.importWithCLI([sandbox.root.path + "/photos"], sourceLocation: sourceLocation)
        tmux = TmuxSession()
        try tmux.startBrowser(library: sandbox.library, sandbox: sandbox, columns: columns, rows: rows,
                              sourceLocation: sourceLocation)
        try tmux.waitFor("\(count) photos", sourceLocation: sourceLocation)
        guard openGroup else { return }
        tmux.send("Enter")
        try tmux.waitFor("photo-01.jpg", sourceLocation: sourceLocation)
    }

    deinit { tmux.kill() }
}
