import Fixtures
import Foundation
import Testing
@testable import Library

/// Issue 18's reliability promise at the store itself (`KillNineJournalTests` does it with the
/// CLI): a worker process appends edits the way the browser's saver does (a `LibraryCopy` kept
/// in step) and compacts every fifth, and is killed with SIGKILL at random moments until at
/// least 100 appends and 10 compactions were acknowledged. After every kill the library loads;
/// at the end every acknowledged edit is there exactly once and no temporary file is left.
///
/// The worker is this test bundle run again with only `killNineStoreWorker` enabled.
@Suite struct KillNineStoreTests {
    static let appends = 100, compactions = 10
    static let environment = ProcessInfo.processInfo.environment

    @Test(.enabled(if: environment["PHOTORY_KILL9_LIBRARY"] != nil))
    func killNineStoreWorker() throws {
        let store = LibraryStore(path: Self.environment["PHOTORY_KILL9_LIBRARY"]!)
        let acked = Self.environment["PHOTORY_KILL9_ACKED"]!
        var number = Int(Self.environment["PHOTORY_KILL9_FROM"]!)!
        var copy = LibraryCopy(try store.loadWithNotes())
        // Never outlives the test that started it.
        let parent = getppid(), started = Date()
        while getppid() == parent && Date().timeIntervalSince(started) < 60 {
            let text = "k\(number)"
            try store.append(lockTimeout: 10, to: &copy) { library in
                [.apply(EditPlanner(library: library).setDescription(["p0"], to: text))]
            }
            Self.record("e \(number)", to: acked)
            if number % 5 == 0 {
                try store.compact(lockTimeout: 10, repair: false)
                Self.record("c \(number)", to: acked)
            }
            number += 1
        }
    }

    /// One line added to `file` in one write.
    static func record(_ line: String, to file: String) {
        let fd = open(file, O_WRONLY | O_APPEND | O_CREAT, 0o644)
        _ = (line + "\n").withCString { write(fd, $0, strlen($0)) }
        close(fd)
    }

    /// The acknowledged edits' numbers and the number of acknowledged compactions.
    static func acknowledged(_ file: String) -> (edits: [Int], compactions: Int) {
        let lines = ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").split(separator: "\n")
        return (lines.filter { $0.hasPrefix("e ") }.compactMap { Int($0.dropFirst(2)) },
                lines.count { $0.hasPrefix("c ") })
    }

    /// This test bundle (the worker runs in it).
    static func bundleExecutable() throws -> String {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
        if exe.hasSuffix(".xctest") { return exe }
        return try #require(Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }).bundlePath
    }

    @Test func killedAppendsAndCompactionsLoseNoAcknowledgedEditAndApplyNoneTwice() throws {
        let folder = TemporaryFolder()
        let store = LibraryStore(path: folder.path + "/library.json")
        try store.save(PhotoLibrary(photos: (0..<300).map { samplePhoto("p\($0)", description: "photo \($0)") }))
        let acked = folder.path + "/acked"
        let bundle = try Self.bundleExecutable()
        var from = 1, rounds = 0
        while Self.acknowledged(acked).edits.count < Self.appends || Self.acknowledged(acked).compactions < Self.compactions {
            rounds += 1
            let before = Self.acknowledged(acked).edits.count
            let environment = ProcessInfo.processInfo.environment.merging([
                "PHOTORY_KILL9_LIBRARY": store.path, "PHOTORY_KILL9_ACKED": acked, "PHOTORY_KILL9_FROM": "\(from)",
            ]) { $1 }
            let pid = try Self.spawn(bundle, ["--testing-library", "swift-testing", "--filter", "killNineStoreWorker"],
                                     environment: environment)
            // Once it worked a while (a few appends acknowledged), killed at a random moment after.
            let wanted = before + Int.random(in: 3...14)
            var status: Int32 = 0
            var exited = false
            Poll.until(timeout: 60) {
                exited = waitpid(pid, &status, WNOHANG) == pid
                return exited || Self.acknowledged(acked).edits.count >= wanted
            }
            #expect(!exited, "round \(rounds): the worker stopped by itself (status \(status))")
            if exited { break }
            usleep(UInt32.random(in: 0...20_000))
            kill(pid, SIGKILL)
            while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
            // The library loads after every kill.
            #expect(throws: Never.self, "round \(rounds)") { try store.loadWithNotes() }
            // The next worker's edits have numbers of their own (the killed one's may be there).
            from = (Self.acknowledged(acked).edits.max() ?? from) + 2
            #expect(rounds < 400, "the worker acknowledges almost nothing")
            if rounds >= 400 { break }
        }
        let done = Self.acknowledged(acked)
        print("KillNineStoreTests: \(rounds) kills; \(done.edits.count) appends and \(done.compactions) compactions acknowledged")
        try store.compact(lockTimeout: 10, repair: false)
        var steps: [String: Int] = [:]
        for step in try store.load().history.undo {
            for change in step.changes { if let text = change.after.description { steps[text, default: 0] += 1 } }
        }
        for number in Self.acknowledged(acked).edits {
            #expect(steps["k\(number)"] == 1, "acknowledged edit k\(number) is there \(steps["k\(number)"] ?? 0) times")
        }
        #expect(steps.values.allSatisfy { $0 == 1 }, "an edit applied twice")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.contains(".photory-") || $0.hasSuffix(".tmp") || $0.contains(".stale") }
        #expect(left.isEmpty, "left behind: \(left)")
    }

    /// Starts `executable` with `arguments`, its output thrown away.
    static func spawn(_ executable: String, _ arguments: [String], environment: [String: String]) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let env = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            env.forEach { free($0) }
        }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, executable, &actions, nil, argv, env)
        try #require(rc == 0, "cannot run \(executable): \(String(cString: strerror(rc)))")
        return pid
    }
}
