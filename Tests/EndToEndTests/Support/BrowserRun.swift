import Fixtures
import Foundation
import Testing

/// The set-up browser tests share: a sandbox, photos imported into its library through the
/// CLI, and the browser on that library in tmux, waited for. The tmux server goes with the value.
///
/// `BrowserRun()` is a series of photos ("photo-01.jpg" …, one description) with their grid open;
/// `BrowserRun.firstRun(…)` is the first-run set (three groups, twelve photos) on the home grid;
/// `BrowserRun.empty(…)` an empty library, started in a folder of the test's choosing.
final class BrowserRun {
    let sandbox: Sandbox
    let tmux: TmuxSession
    /// The photos' paths, in the order they were written.
    let paths: [String]

    /// The browser at `columns` × `rows` on `sandbox`'s library (imported already), waited for
    /// until `shows` is on screen.
    init(sandbox: Sandbox, paths: [String], columns: Int, rows: Int, term: String = "xterm-256color",
         colorterm: String? = nil, cwd: String? = nil, afterExit: String = "", shows: String,
         sourceLocation: SourceLocation = #_sourceLocation) throws {
        self.sandbox = sandbox
        self.paths = paths
        tmux = TmuxSession()
        try tmux.startBrowser(library: sandbox.library, sandbox: sandbox, columns: columns, rows: rows, term: term,
                              colorterm: colorterm, cwd: cwd, afterExit: afterExit, sourceLocation: sourceLocation)
        try tmux.waitFor(shows, sourceLocation: sourceLocation)
    }

    /// `count` photos described `description`, the browser at `columns` × `rows` with their
    /// group open (`openGroup`) or on the home grid; in `library` when given (a PostgreSQL
    /// database), else in the sandbox's file.
    convenience init(photos count: Int = 6, description: String = "Trip", columns: Int = 120, rows: Int = 40,
                     openGroup: Bool = true, library: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let sandbox = Sandbox()
        if let library { sandbox.library = library }
        let paths = PhotoFixtures.write(PhotoFixtures.series(count, description: description), into: sandbox.root.path + "/photos")
        try sandbox.importWithCLI([sandbox.root.path + "/photos"], sourceLocation: sourceLocation)
        try self.init(sandbox: sandbox, paths: paths, columns: columns, rows: rows, shows: "\(count) photos",
                      sourceLocation: sourceLocation)
        guard openGroup else { return }
        tmux.send("Enter")
        try tmux.waitFor("photo-01.jpg", sourceLocation: sourceLocation)
    }

    /// From a group's grid back to the home grid, then quits; the browser must exit 0 (it
    /// waits for its edits to be saved).
    func leaveGroupAndQuit(sourceLocation: SourceLocation = #_sourceLocation) throws {
        tmux.send("Escape")
        try tmux.waitFor("Home", sourceLocation: sourceLocation)
        tmux.send("q")
        try tmux.waitFor("EXITED 0", sourceLocation: sourceLocation)
    }

    /// The first-run set (`PhotoFixtures.firstRun`), the browser on the home grid until `shows`.
    static func firstRun(columns: Int = 120, rows: Int = 40, term: String = "xterm-256color", colorterm: String? = nil,
                         afterExit: String = "", shows: String = "12 photos",
                         sourceLocation: SourceLocation = #_sourceLocation) throws -> BrowserRun {
        let sandbox = Sandbox()
        let paths = try sandbox.importFirstRunPhotos(sourceLocation: sourceLocation)
        return try BrowserRun(sandbox: sandbox, paths: paths, columns: columns, rows: rows, term: term, colorterm: colorterm,
                              afterExit: afterExit, shows: shows, sourceLocation: sourceLocation)
    }

    /// The browser on `sandbox`'s library, still empty, started in `cwd` (the sandbox's folder
    /// by default): "Your library is empty" on screen.
    static func empty(_ sandbox: Sandbox = Sandbox(), columns: Int = 120, rows: Int = 40, cwd: String? = nil,
                      sourceLocation: SourceLocation = #_sourceLocation) throws -> BrowserRun {
        try BrowserRun(sandbox: sandbox, paths: [], columns: columns, rows: rows, cwd: cwd, shows: "Your library is empty",
                       sourceLocation: sourceLocation)
    }

    deinit { tmux.kill() }
}
