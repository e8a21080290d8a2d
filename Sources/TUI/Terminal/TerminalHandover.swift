import Glibc

/// Lends the terminal to another program and takes it back when it ends: ncurses steps aside
/// (`Terminal.suspend`: main screen, the tty's own modes), the program runs with the terminal
/// as its input and output, photory waits, then takes the terminal again and repaints
/// everything (`Terminal.resume`).
///
/// How to run a terminal program from the browser ("open with", the `video-player`):
/// 1. An `Effect` naming the programs; the run loop performs it on its own thread (ncurses is
///    not thread-safe), calling `run(_:on:)` — the loop waits, as the user does.
/// 2. Post what came of it as a `Msg` (`ExternalProgram.Outcome`), so `update` can say it.
///
/// While the program runs, Ctrl-C and Ctrl-\ are its own: photory ignores them (as `system(3)`
/// does) instead of quitting, and the program gets them with their default meaning.
enum TerminalHandover {
    /// Runs `programs` one after the other with the terminal; their outcomes, in order. A program
    /// that fails to start does not stop the ones after it.
    static func run(_ programs: [ExternalProgram], on terminal: Terminal) -> [ExternalProgram.Outcome] {
        guard !programs.isEmpty else { return [] }
        var ignore = sigaction(), oldInterrupt = sigaction(), oldQuit = sigaction()
        ignore.__sigaction_handler.sa_handler = SIG_IGN
        sigemptyset(&ignore.sa_mask)
        sigaction(SIGINT, &ignore, &oldInterrupt)
        sigaction(SIGQUIT, &ignore, &oldQuit)
        terminal.suspend()
        let outcomes = programs.map { $0.run(output: .inherit) }
        terminal.resume()
        sigaction(SIGINT, &oldInterrupt, nil)
        sigaction(SIGQUIT, &oldQuit, nil)
        return outcomes
    }
}
