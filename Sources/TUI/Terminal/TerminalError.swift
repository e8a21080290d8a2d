/// Why a ``Terminal`` could not be set up.
public enum TerminalError: Error, Equatable, CustomStringConvertible {
    /// `newterm` failed, usually because terminfo has no entry for `TERM`.
    case cannotInitialize(termName: String?)
    /// A file the headless terminal needs could not be opened.
    case cannotOpen(path: String)
    /// The terminal cannot move its cursor (`TERM=dumb`, a plain pipe).
    case cannotAddressCursor(termName: String?)
    /// Another `Terminal` stayed active (ncurses supports one at a time here) past the wait.
    case anotherTerminalActive

    public var description: String {
        switch self {
        case .cannotInitialize(let name):
            return "cannot initialise the terminal \(name ?? "from TERM") (no terminfo entry?)"
        case .cannotOpen(let path):
            return "cannot open \(path)"
        case .cannotAddressCursor(let name):
            return "the terminal \(name ?? "") cannot move its cursor, so the browser cannot draw; set TERM to your terminal's type (for example xterm-256color)"
        case .anotherTerminalActive:
            return "another terminal session is still active"
        }
    }
}
