import Foundation

/// The program `O` opens photos with: `open-with` in `config.toml` (default `xdg-open`), its
/// words split at spaces (no shell: `open-with = "nsxiv -f"`), the paths added as arguments.
/// `xdg-open` takes one file, so it runs once for each photo; any other program gets them all.
///
/// A terminal program (a viewer drawing in the terminal, `less`, `vim`) is handed the terminal
/// and photory takes it back when it ends (`TerminalHandover`); a graphical one runs beside
/// the browser. `open-with-terminal = true | false` says which; unset, a program is a terminal
/// one when there is no graphical display (neither `DISPLAY` nor `WAYLAND_DISPLAY`).
public struct OpenWith: Sendable, Equatable {
    public var program: [String] = ["xdg-open"]
    /// nil: decided by the environment (`runsInTerminal(environment:)`).
    public var inTerminal: Bool?

    public init(program: [String] = ["xdg-open"], inTerminal: Bool? = nil) {
        self.program = program
        self.inTerminal = inTerminal
    }

    /// `open-with`'s words; nil when there are none.
    public init?(setting: String, inTerminal: Bool? = nil) {
        let words = setting.split(whereSeparator: \.isWhitespace).map(String.init)
        guard !words.isEmpty else { return nil }
        self.init(program: words, inTerminal: inTerminal)
    }

    /// Whether the program gets the terminal.
    func runsInTerminal(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        inTerminal ?? ["DISPLAY", "WAYLAND_DISPLAY"].allSatisfy { (environment[$0] ?? "").isEmpty }
    }

    /// The runs that open `paths`.
    func programs(paths: [String]) -> [ExternalProgram] {
        guard !paths.isEmpty else { return [] }
        if (program[0] as NSString).lastPathComponent == "xdg-open" {
            return paths.map { ExternalProgram(arguments: program + [$0]) }
        }
        return [ExternalProgram(arguments: program + paths)]
    }
}
