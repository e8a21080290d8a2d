import Foundation

/// Where our tmux pane sits on the outer terminal. Images passed through tmux are placed by the
/// outer terminal, whose cursor moves count from its own top-left corner, not the pane's: a pane
/// right of a split, or below a status line at the top, must add this offset.
enum TmuxPane {
    /// The pane's top-left cell on the outer terminal, from `tmux display`; nil when tmux cannot
    /// be asked (not our tmux, as after ssh from inside it) — then the images are placed as if the
    /// pane filled the terminal.
    static func offset(environment: [String: String] = ProcessInfo.processInfo.environment) -> (x: Int, y: Int)? {
        tmux(["display", "-p", "-t", "{pane}", "#{pane_left} #{pane_top} #{status} #{status-position}"],
             environment: environment).flatMap(parse)
    }

    /// Whether tmux lets our images through (`allow-passthrough`, set for the pane or inherited);
    /// nil when tmux cannot be asked. Without it tmux drops them, and the photo area stays empty.
    static func allowsPassthrough(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool? {
        tmux(["show-options", "-A", "-p", "-v", "-t", "{pane}", "allow-passthrough"], environment: environment)
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) != "off" }
    }

    /// What `tmux arguments` prints for our pane (`{pane}` stands for it), or nil.
    private static func tmux(_ arguments: [String], environment: [String: String]) -> String? {
        guard let pane = environment["TMUX_PANE"], !(environment["TMUX"] ?? "").isEmpty else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["tmux"] + arguments.map { $0 == "{pane}" ? pane : $0 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// `51 0 on top` → (51, 1): the pane's left and top, plus the status lines when they are on top
    /// (`status` is on, off or a number of lines).
    static func parse(_ text: String) -> (x: Int, y: Int)? {
        let fields = text.split(whereSeparator: \.isWhitespace)
        guard fields.count >= 2, let left = Int(fields[0]), let top = Int(fields[1]) else { return nil }
        var statusLines = 0
        if fields.count >= 4, fields[3] == "top" {
            statusLines = fields[2] == "on" ? 1 : Int(fields[2]) ?? 0
        }
        return (left, top + statusLines)
    }
}
