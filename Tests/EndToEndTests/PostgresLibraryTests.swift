import Fixtures
import Foundation
import Testing

/// PostgreSQL libraries with the real binary (issue 26), against a server the tests start
/// (`PostgresServer`): the same import lists the same as in a JSON file, 20 processes editing
/// at once keep 20 edits, a server killed during an edit is a clear failure, a newer schema is
/// refused, `migrate` copies a library there and back without a difference, `library = …` in
/// config.toml picks the database, an open browser shows another process's edit, a large
/// library opens on its folders before it is read.
@Suite("PostgreSQL libraries", .serialized,
       .enabled(if: PostgresServer.available, "needs PostgreSQL's initdb and pg_ctl (Debian: postgresql)"))
struct PostgresLibraryTests {
    /// A sandbox whose library is a new database of the shared server, with the first-run photos written.
    func sandbox() throws -> (Sandbox, PostgresServer, paths: [String]) {
        let server = try PostgresServer.shared.get()
        let sandbox = Sandbox()
        sandbox.library = try server.newDatabase()
        return (sandbox, server, PhotoFixtures.write(PhotoFixtures.firstRun, into: sandbox.root.path + "/photos"))
    }

    func succeed(_ arguments: [String], _ sandbox: Sandbox, library: String? = nil,
                 sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let result = try E2E.cli(arguments + ["--library", library ?? sandbox.library], sandbox: sandbox)
        #expect(result.status == 0, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        return result.stdout
    }

    @Test func theSameImportAndEditsListTheSameAsInAJSONFile() throws {
        let (sandbox, _, paths) = try sandbox()
        let file = sandbox.root.path + "/library.json"
        for library in [file, sandbox.library] {
            _ = try succeed(["import", sandbox.root.path + "/photos"], sandbox, library: library)
            _ = try succeed(["edit", paths[0], "--rating", "4", "--tag", "Places/Italy"], sandbox, library: library)
            _ = try succeed(["edit", paths[1], "--favourite", "--description", "Über \"quotes\""], sandbox, library: library)
            _ = try succeed(["undo"], sandbox, library: library)
        }
        let fromFile = try succeed(["list", "--json"], sandbox, library: file)
        let fromDatabase = try succeed(["list", "--json"], sandbox)
        #expect(fromDatabase == fromFile)
        #expect(fromFile.contains("Places/Italy") && !fromFile.contains("quotes"), "the edits and the undo are in")
        #expect(try succeed(["groups", "--json"], sandbox) == (try succeed(["groups", "--json"], sandbox, library: file)))
    }

    @Test func twentyProcessesEditingAtOnceKeepTwentyEdits() throws {
        let (sandbox, server, paths) = try sandbox()
        _ = try succeed(["import", sandbox.root.path + "/photos"], sandbox)
        let binary = Shell.quote(try E2E.binary()), library = Shell.quote(sandbox.library), photo = Shell.quote(paths[0])
        let script = (1...20).map { "\(binary) edit \(photo) --tag writer/\($0) --library \(library) > /dev/null &" }.joined(separator: "\n")
            + "\nfailed=0; for job in $(jobs -p); do wait $job || failed=$((failed+1)); done; exit $failed"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.environment = sandbox.environment(term: "dumb", colorterm: nil)
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "every writer succeeded: \(stderr)")
        let list = try succeed(["list", "--json"], sandbox)
        let tags = (1...20).filter { list.contains("\"writer/\($0)\"") }
        #expect(tags.count == 20, "tags kept: \(tags)")
        #expect(try server.sql("SELECT count(*) FROM photory_history WHERE stack = 'undo'", database: sandbox.library) == "20\n")
        #expect(try server.sql("SELECT count(*) FROM photory_changes", database: sandbox.library) == "20\n", "each edit once")
    }

    @Test func anOpenBrowserShowsAnotherProcesssEditWithinFiveSeconds() throws {
        let run = try BrowserRun(library: try PostgresServer.shared.get().newDatabase())
        let edit = try run.sandbox.cli(["edit", run.paths[2], "--favourite"])   // another process, as on another machine
        #expect(edit.status == 0, "\(edit.stderr)")
        try run.tmux.waitFor("★ photo-03.jpg", timeout: 5)
        try run.tmux.waitFor("Changed by another photory-tui: 1 edit")
        try run.leaveGroupAndQuit()
    }

    /// Read behind the first frame (issue 26, "Scale": from 100,000 photos; here from one, by
    /// `PHOTORY_READ_BEHIND_FROM`): the browser opens on the aggregate's folders and keys work
    /// through to the whole library.
    @Test func aLibraryReadBehindTheFirstFrameOpensOnItsFoldersAndReadsTheRest() throws {
        let (sandbox, _, _) = try sandbox()
        _ = try succeed(["import", sandbox.root.path + "/photos"], sandbox)
        let tmux = TmuxSession()
        defer { tmux.kill() }
        try tmux.startBrowser(library: sandbox.library, sandbox: sandbox, columns: 120, rows: 40,
                              extraEnvironment: ["PHOTORY_READ_BEHIND_FROM": "1"])
        try tmux.waitFor("Home · by description · 3 groups · 12 photos")
        try tmux.waitFor("Library read: 12 photos")
        tmux.send("Enter")
        try tmux.waitFor("Beach day · 5 photos")
        try tmux.waitFor("beach-05.jpg")
        tmux.send("Escape")
        try tmux.waitFor("Home")
        tmux.send("q")
        try tmux.waitFor("EXITED 0")
    }

    @Test func aServerKilledDuringAnEditIsAClearFailure() throws {
        let server = try PostgresServer()   // its own: this test kills it
        defer { server.stop() }
        let sandbox = Sandbox()
        sandbox.library = try server.newDatabase()
        let paths = PhotoFixtures.write(PhotoFixtures.firstRun, into: sandbox.root.path + "/photos")
        _ = try succeed(["import", sandbox.root.path + "/photos"], sandbox)
        // Another session holds the write lock, so the edit waits inside its transaction.
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: server.binaries + "/psql")
        holder.arguments = ["-X", "-q", "-h", "127.0.0.1", "-p", String(server.port), "-U", server.user, "-d",
                            String(sandbox.library.split(separator: "/").last!),
                            "-c", "BEGIN; SELECT 1 FROM photory_head FOR UPDATE; SELECT pg_sleep(120); COMMIT;"]
        holder.standardOutput = FileHandle.nullDevice
        holder.standardError = FileHandle.nullDevice
        try holder.run()
        let output = sandbox.root.path + "/edit"
        let edit = Process()
        edit.executableURL = URL(fileURLWithPath: "/bin/sh")
        edit.arguments = ["-c", "\(Shell.quote(try E2E.binary())) edit \(Shell.quote(paths[0])) --rating 5 --library "
                          + "\(Shell.quote(sandbox.library)) > \(Shell.quote(output)).out 2> \(Shell.quote(output)).err"]
        edit.environment = sandbox.environment(term: "dumb", colorterm: nil)
        try edit.run()
        let waiting = E2E.eventually {
            (try? server.sql("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'", database: "postgres")) == "1\n"
        }
        #expect(waiting, "the edit waits for the lock")
        let postmaster = try #require(server.pid)
        kill(postmaster, SIGKILL)
        edit.waitUntilExit()
        holder.terminate()
        let stderr = (try? String(contentsOfFile: output + ".err", encoding: .utf8)) ?? ""
        #expect(edit.terminationStatus == 1, "\(stderr)")
        #expect(stderr.hasPrefix("photory-tui: the PostgreSQL library \(sandbox.library) failed: "), "\(stderr)")
        // The server gone: a command says it cannot connect, and exits non-zero.
        let after = try sandbox.cli(["list"])
        #expect(after.status == 1)
        #expect(after.stderr.contains("the PostgreSQL library \(sandbox.library) failed: cannot connect"), "\(after.stderr)")
    }

    @Test func aDatabaseOfANewerSchemaIsRefused() throws {
        let (sandbox, server, _) = try sandbox()
        _ = try succeed(["import", sandbox.root.path + "/photos"], sandbox)
        try server.sql("INSERT INTO schema_version (version) VALUES (1000)", database: sandbox.library)
        for arguments in [["list"], ["import", sandbox.root.path + "/photos"]] {
            let refused = try sandbox.cli(arguments)
            #expect(refused.status == 1)
            #expect(refused.stderr.contains("the PostgreSQL library \(sandbox.library) has schema version 1000, but this photory-tui reads up to version "),
                    "\(refused.stderr)")
        }
        #expect(try server.sql("SELECT max(version) FROM schema_version", database: sandbox.library) == "1000\n")
    }

    @Test func migrateCopiesALibraryThereAndBackWithoutADifference() throws {
        let (sandbox, server, paths) = try sandbox()
        let file = sandbox.root.path + "/library.json", back = sandbox.root.path + "/back.json"
        _ = try succeed(["import", sandbox.root.path + "/photos"], sandbox, library: file)
        _ = try succeed(["edit", paths[0], "--rating", "4", "--tag", "Places/Italy", "--label", "red"], sandbox, library: file)
        _ = try succeed(["edit", paths[1], "--description", "undone"], sandbox, library: file)
        _ = try succeed(["undo"], sandbox, library: file)
        _ = try succeed(["album", "add", "Trips/Italy", paths[0]], sandbox, library: file)
        _ = try succeed(["trash", paths[2]], sandbox, library: file)
        let there = try E2E.cli(["migrate", "--from", file, "--to", sandbox.library], sandbox: sandbox)
        #expect(there.status == 0, "\(there.stderr)")
        #expect(there.stdout.contains("copied \(paths.count - 1) photos"), "\(there.stdout)")
        let again = try E2E.cli(["migrate", "--from", file, "--to", sandbox.library], sandbox: sandbox)
        #expect(again.status == 1 && again.stderr.contains("is not empty"), "\(again.stderr)")
        let andBack = try E2E.cli(["migrate", "--from", sandbox.library, "--to", back], sandbox: sandbox)
        #expect(andBack.status == 0, "\(andBack.stderr)")
        // Every field: the library files themselves, written by the same encoder.
        _ = try succeed(["compact"], sandbox, library: file)
        let original = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? NSDictionary
        let returned = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: back))) as? NSDictionary
        let withoutGeneration = { (dictionary: NSDictionary?) -> NSDictionary? in
            let copy = dictionary?.mutableCopy() as? NSMutableDictionary
            copy?.removeObject(forKey: "generation")
            return copy
        }
        #expect(withoutGeneration(original) != nil)
        #expect(withoutGeneration(original) == withoutGeneration(returned))
        #expect(try server.sql("SELECT count(*) FROM photory_albums", database: sandbox.library) == "1\n")
    }

    @Test func theConfigFilePicksTheDatabaseAndOtherSchemesAreRefused() throws {
        let (sandbox, _, _) = try sandbox()
        let config = sandbox.home + "/.config/photory"
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        try "library = \"\(sandbox.library)\"\n".write(toFile: config + "/config.toml", atomically: true, encoding: .utf8)
        let imported = try E2E.cli(["import", sandbox.root.path + "/photos"], sandbox: sandbox)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try succeed(["list"], sandbox).split(separator: "\n").count == PhotoFixtures.firstRun.count)
        #expect(!FileManager.default.fileExists(atPath: sandbox.root.path + "/data/photory/library.json"), "no file made")
        let other = try E2E.cli(["list", "--library", "mysql://anna:pw@nas/photos"], sandbox: sandbox)
        #expect(other.status == 64)
        #expect(other.stderr.contains("--library mysql://anna@nas/photos: mysql: is not a library scheme")
                && other.stderr.contains("schemes known: postgresql, postgres"), "\(other.stderr)")
        #expect(!other.stderr.contains("pw"))
        // Nothing to compact: every edit is already in the tables.
        let compact = try E2E.cli(["compact"], sandbox: sandbox)
        #expect(compact.status == 0 && compact.stdout.contains("keeps no journal to fold"), "\(compact)")
        // The same in config.toml: the config named, and no usage (the command line was right).
        try "library = \"mysql://anna:pw@nas/photos\"\n".write(toFile: config + "/config.toml", atomically: true, encoding: .utf8)
        let configured = try E2E.cli(["list"], sandbox: sandbox)
        #expect(configured.status == 64)
        #expect(configured.stderr.contains("library in config.toml: mysql://anna@nas/photos: mysql: is not a library scheme")
                && !configured.stderr.contains("Usage") && !configured.stderr.contains("pw"), "\(configured.stderr)")
    }
}
