import Library

/// Turning photos (`r` `R` `F`), and the keys that reach beyond photory: `O` opens the photos
/// with another program, `!` runs a shell command on their paths, `y` copies the path to the
/// clipboard. Each applies to the marked photos, else the one selected (`editTargets`). The
/// programs run as effects (`ExternalProgram`, `TerminalHandover`); update only says what
/// came of them.
extension AppState {
    /// The issue-20 actions: nil when `action` is not one.
    mutating func handleTurnsAndPrograms(_ action: Action) -> [Effect]? {
        switch action {
        case .rotateRight: return turn(quarterTurns: 1)
        case .rotateLeft: return turn(quarterTurns: -1)
        case .flip: return turn(quarterTurns: 0, flip: true)
        case .openWith: return openWithProgram()
        case .runCommand:
            let targets = editTargets
            guard !targets.isEmpty else { return [] }
            open(.commandLine(CommandLineLayer(photoIDs: targets, command: lastCommand)))
            return []
        case .copyPath: return copyPaths()
        default: return nil
        }
    }

    private mutating func turn(quarterTurns: Int, flip: Bool = false) -> [Effect] {
        let targets = editTargets
        guard !targets.isEmpty else { return [] }
        return perform(EditPlanner(library: library).turn(targets, quarterTurns: quarterTurns, flip: flip))
    }

    /// The paths of `ids` whose files are here; the status names what was left out.
    private mutating func localPaths(_ ids: [String]) -> [String] {
        let photos = ids.compactMap { library.photo(id: $0) }
        let here = photos.filter { !$0.missing && $0.isDownloaded }
        if here.isEmpty, let first = photos.first {
            status = "\(DisplayWidth.sanitized(first.name)): " + (first.isDownloaded ? "the file is missing" : "not downloaded yet")
        }
        return here.map(\.path)
    }

    private mutating func openWithProgram() -> [Effect] {
        let paths = localPaths(editTargets)
        guard !paths.isEmpty else { return [] }
        let programs = openWith.programs(paths: paths)
        status = "Opening \(Counted.text(paths.count)) with \(DisplayWidth.sanitized(programs[0].name))…"
        return [.openWith(programs, inTerminal: openWith.inTerminal ?? true)]
    }

    /// `!`'s command on the photos' paths, remembered for the next `!`.
    mutating func runCommand(_ command: String, on ids: [String]) -> [Effect] {
        lastCommand = command
        let paths = localPaths(ids)
        guard !paths.isEmpty else { return [] }
        status = "Running \(DisplayWidth.sanitized(command)) on \(Counted.text(paths.count))…"
        return [.runCommand(CommandTemplate(text: command).program(paths: paths), command: command)]
    }

    private mutating func copyPaths() -> [Effect] {
        let photos = editTargets.compactMap { library.photo(id: $0) }
        guard !photos.isEmpty else { return [] }
        let bytes = Array(photos.map { PathBytes.bytes($0.path) }.joined(separator: [UInt8(ascii: "\n")]))
        status = photos.count == 1 ? "Copied \(DisplayWidth.sanitized(photos[0].path)) to the clipboard"
            : "Copied the paths of \(photos.count) photos to the clipboard (one a line)"
        return [.copyToClipboard(bytes)]
    }

    /// The `open-with` runs ended: a failure names the program and the reason.
    mutating func openedWith(_ outcomes: [ExternalProgram.Outcome]) {
        let failures = outcomes.compactMap(\.failureMessage)
        if let first = failures.first {
            status = first + (failures.count > 1 ? " (and \(failures.count - 1) more)" : "")
        } else if let program = outcomes.first?.program {
            status = "\(DisplayWidth.sanitized(program)) ended"
        }
    }

    /// The `!` command ended: its output shows in a layer; a failure is said on the status line too.
    mutating func commandFinished(_ command: String, _ outcome: ExternalProgram.Outcome) {
        open(.commandOutput(CommandOutputLayer(command: command, outcome: outcome)))
        status = outcome.failure.map { "\(DisplayWidth.sanitized(command)): \($0)" }
    }

}
