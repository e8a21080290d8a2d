import Fixtures
import Foundation
import Testing

/// Issue 18's reliability rounds with the real binary: a browser, a CLI `edit` loop and a CLI
/// `import` at once (every edit there once, no photo twice), and a browser killed with SIGKILL
/// soon after `f` (the favourite is on disk). `PHOTORY_CONCURRENT_ROUNDS=20` runs the issue's
/// full 20 rounds (the suite runs a few).
@Suite("Writers at once", .serialized)
struct ConcurrentWritersTests {
    static let rounds = Int(ProcessInfo.processInfo.environment["PHOTORY_CONCURRENT_ROUNDS"] ?? "") ?? 3

    /// The library file as JSON, after folding the journal in.
    func compacted(_ sandbox: Sandbox) throws -> [String: Any] {
        let compact = try E2E.cli(["compact", "--library", sandbox.library], sandbox: sandbox)
        #expect(compact.status == 0, "\(compact.stderr)")
        let data = try Data(contentsOf: URL(fileURLWithPath: sandbox.library))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// Every step of the undo history: its label and the descriptions it set.
    func steps(_ top: [String: Any]) -> [(label: String, descriptions: [String])] {
        let history = top["history"] as? [String: Any] ?? [:]
        return ["undo", "redo"].flatMap { history[$0] as? [[String: Any]] ?? [] }.map { step in
            let changes = step["changes"] as? [[String: Any]] ?? []
            return (step["label"] as? String ?? "",
                    changes.compactMap { ($0["after"] as? [String: Any])?["description"] as? String })
        }
    }

    /// The running browser's pid: the photory-tui process whose arguments name `library`.
    func browserPID(library: String) throws -> pid_t {
        var found: pid_t?
        E2E.eventually {
            found = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).lazy.compactMap { entry -> pid_t? in
                guard let pid = pid_t(entry),
                      let cmdline = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else { return nil }
                let words = cmdline.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
                let isBrowser = words.first?.hasSuffix("photory-tui") == true && words.contains(library) && !words.contains("sh")
                return isBrowser ? pid : nil
            }.first
            return found != nil
        }
        if let found { return found }
        throw E2EError("no browser process for \(library)")
    }

    /// Starts `script` under /bin/sh in the sandbox's environment.
    func start(_ script: String, _ sandbox: Sandbox) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.environment = sandbox.environment(term: "dumb", colorterm: nil)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        return process
    }

    @Test("a browser, a CLI edit loop and a CLI import at once: every edit once, no photo twice")
    func browserEditLoopAndImportAtOnce() throws {
        let run = try BrowserRun()
        let (sandbox, tmux, first) = (run.sandbox, run.tmux, run.paths)
        let binary = Shell.quote(try E2E.binary()), library = Shell.quote(sandbox.library)
        let acked = sandbox.root.path + "/acked"

        var presses = 0
        for round in 1...Self.rounds {
            // New photos of their own (another description: other bytes), and the first folder again.
            let folder = sandbox.root.path + "/round-\(round)"
            PhotoFixtures.write(PhotoFixtures.series(3, description: "Round \(round)"), into: folder)
            let script = """
                \(binary) import \(Shell.quote(folder)) \(Shell.quote(sandbox.root.path + "/photos")) --library \(library) &
                for i in 1 2 3; do
                  if \(binary) edit \(Shell.quote(first[1])) --description "r\(round)e$i" --library \(library); \
                then echo "r\(round)e$i" >> \(Shell.quote(acked)); fi
                done
                wait
                """
            let writers = try start(script, sandbox)
            tmux.send("f")
            presses += 1
            writers.waitUntilExit()
            tmux.send("f")
            presses += 1
        }
        tmux.send("Escape")
        tmux.send("q")
        try tmux.waitFor("EXITED 0")

        let top = try compacted(sandbox)
        let all = steps(top)
        let ackedEdits = ((try? String(contentsOfFile: acked, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        #expect(ackedEdits.count == 3 * Self.rounds, "every CLI edit went through: \(ackedEdits)")
        for edit in ackedEdits {
            #expect(all.filter { $0.descriptions.contains(edit) }.count == 1, "the CLI edit \(edit) is there once")
        }
        let favourites = all.filter { $0.label.lowercased().contains("favourite") }
        #expect(favourites.count == presses, "each `f` once: \(favourites.map(\.label))")
        let photos = top["photos"] as? [[String: Any]] ?? []
        #expect(photos.count == 6 + 3 * Self.rounds)
        #expect(Set(photos.compactMap { $0["id"] as? String }).count == photos.count, "no photo twice (by id)")
        #expect(Set(photos.compactMap { $0["path"] as? String }).count == photos.count, "no photo twice (by path)")
    }

    @Test("in the browser, `f` then kill -9 0.3 s later: the favourite is on disk")
    func favouriteSurvivesAKillSoonAfter() throws {
        let run = try BrowserRun()
        let (sandbox, tmux) = (run.sandbox, run.tmux)
        let pid = try browserPID(library: sandbox.library)
        tmux.send("f")
        try tmux.waitFor("★ photo-01.jpg")
        // The issue's moment: 0.3 s after the key (not a wait for a state).
        usleep(300_000)
        kill(pid, SIGKILL)
        try tmux.waitFor("EXITED 137")
        let listed = try E2E.cli(["list", "--json", "--library", sandbox.library], sandbox: sandbox)
        let photos = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]] ?? []
        let favourite = photos.filter { $0["favourite"] as? Bool == true }.compactMap { $0["path"] as? String }
        #expect(favourite.map { ($0 as NSString).lastPathComponent } == ["photo-01.jpg"], "\(listed.stderr)")
    }
}
