import Fixtures
import Foundation
import Testing

/// Issue 18's reliability promise, with the real binary: a shell loop of CLI `edit`s (and a
/// `compact` every fourth) is killed with SIGKILL at random moments, again and again. After each
/// kill the library loads, every edit whose command returned 0 is there exactly once, no edit is
/// there twice, and no temporary file is left once the next writer ran.
@Suite struct KillNineJournalTests {
    static let rounds = 8

    /// Starts `script` under /bin/sh in its own process group (the kill takes the running
    /// `edit` or `compact` with it).
    private func spawnGroup(_ script: String, _ sandbox: Sandbox) throws -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let words: [String] = ["/bin/sh", "-c", script]
        let argv = words.map { strdup($0) } + [nil]
        let env = sandbox.environment(term: "dumb", colorterm: nil).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            env.forEach { free($0) }
        }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, env)
        guard rc == 0 else { throw E2EError("cannot run /bin/sh: \(String(cString: strerror(rc)))") }
        return pid
    }

    private func numbers(in path: String) -> [Int] {
        ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").compactMap { Int($0) }
    }

    /// How many steps of the library's undo history set the description to each value.
    private func descriptionSteps(_ library: String) throws -> [String: Int] {
        let data = try Data(contentsOf: URL(fileURLWithPath: library))
        let top = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let history = try #require(top["history"] as? [String: Any])
        var counts: [String: Int] = [:]
        for key in ["undo", "redo"] {
            for step in history[key] as? [[String: Any]] ?? [] {
                for change in step["changes"] as? [[String: Any]] ?? [] {
                    if let description = (change["after"] as? [String: Any])?["description"] as? String {
                        counts[description, default: 0] += 1
                    }
                }
            }
        }
        return counts
    }

    @Test func killedEditsAndCompactionsLoseNoAcknowledgedEditAndApplyNoneTwice() throws {
        let sandbox = Sandbox()
        let photo = try #require(try sandbox.importFirstRunPhotos().first)
        let binary = try E2E.binary()
        let acked = sandbox.root.path + "/acked", failed = sandbox.root.path + "/failed"
        var next = 1
        for round in 1...Self.rounds {
            let start = next, end = next + 30
            let script = """
                i=\(start); while [ $i -lt \(end) ]; do
                  if \(Shell.quote(binary)) edit \(Shell.quote(photo)) --description "k$i" --library \(Shell.quote(sandbox.library)); \
                then echo $i >> \(Shell.quote(acked)); else echo $i >> \(Shell.quote(failed)); fi
                  if [ $((i % 4)) = 0 ]; then \(Shell.quote(binary)) compact --library \(Shell.quote(sandbox.library)); fi
                  i=$((i+1))
                done
                """
            let before = numbers(in: acked).count
            let pid = try spawnGroup(script, sandbox)
            // At least one edit of this round acknowledged, then the kill at a random moment
            // (in an edit's start, its append, a compaction's snapshot or journal, or between).
            var status: Int32 = 0
            var exited = false
            E2E.eventually {
                exited = waitpid(pid, &status, WNOHANG) == pid
                return exited || numbers(in: acked).count > before
            }
            // The random moment itself: a delay chosen, not a wait for a state.
            usleep(UInt32.random(in: 0...250_000))
            kill(-pid, SIGKILL)
            if !exited { while waitpid(pid, &status, 0) == -1 && errno == EINTR {} }
            #expect(numbers(in: failed).isEmpty, "round \(round): an edit after a kill failed")

            // The library loads, and a compaction folds everything into library.json.
            let listed = try E2E.cli(["list", "--json", "--library", sandbox.library], sandbox: sandbox)
            #expect(listed.status == 0, "round \(round): the library does not load: \(listed.stderr)")
            let compacted = try E2E.cli(["compact", "--library", sandbox.library], sandbox: sandbox)
            #expect(compacted.status == 0, "round \(round): \(compacted.stderr)")
            let counts = try descriptionSteps(sandbox.library)
            for number in numbers(in: acked) {
                #expect(counts["k\(number)"] == 1, "round \(round): acknowledged edit k\(number) is there \(counts["k\(number)"] ?? 0) times")
            }
            #expect(counts.values.allSatisfy { $0 == 1 }, "round \(round): an edit applied twice: \(counts)")
            let hidden = try FileManager.default.contentsOfDirectory(atPath: sandbox.root.path)
                .filter { $0.contains(".photory-") || $0.hasSuffix(".tmp") }
            #expect(hidden.isEmpty, "round \(round): left behind: \(hidden)")
            // The next round's edits have numbers of their own (a killed edit's may be there).
            next = end
        }
        #expect(numbers(in: acked).count >= Self.rounds)
    }
}
