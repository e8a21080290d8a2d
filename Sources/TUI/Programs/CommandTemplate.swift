/// What `!` runs: a shell command the user types, run by `/bin/sh -c` on the photos' paths.
/// `{}` stands for the paths (each one word, as `"$@"`); without `{}` they come at the end.
///
/// The paths never become part of the script: they are the shell's positional arguments
/// (`sh -c SCRIPT sh PATH…`), so a name with spaces, quotes, `;`, `$(…)` or a line break is
/// one argument and never code. (`{}` inside quotes the user wrote stays literal text.)
struct CommandTemplate: Sendable, Equatable {
    var text: String

    /// The script the shell runs.
    var script: String {
        text.contains("{}") ? text.replacingOccurrences(of: "{}", with: "\"$@\"") : text + " \"$@\""
    }

    /// The run for `paths`.
    func program(paths: [String]) -> ExternalProgram {
        ExternalProgram(arguments: ["/bin/sh", "-c", script, "sh"] + paths)
    }
}
