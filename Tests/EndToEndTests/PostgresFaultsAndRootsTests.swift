import Fixtures
import Foundation
import Testing

/// A PostgreSQL library when things go wrong, and across machines (issue 26): a server stopped
/// while the browser is open is said on the status line, the edit made meanwhile is "not saved"
/// and saved once the server is back; `[roots]` gives each machine its own folder for a shared
/// root; `password-file` gives the password, which no message ever shows.
@Suite("PostgreSQL faults, shared roots and passwords", .serialized,
       .enabled(if: PostgresServer.available, "needs PostgreSQL's initdb and pg_ctl (Debian: postgresql)"))
struct PostgresFaultsAndRootsTests {
    /// `text` as `$HOME/.config/photory/config.toml` of `sandbox`.
    func writeConfig(_ text: String, in sandbox: Sandbox) throws {
        let folder = sandbox.home + "/.config/photory"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try text.write(toFile: folder + "/config.toml", atomically: true, encoding: .utf8)
    }

    func isFavourite(_ name: String, _ sandbox: Sandbox) -> Bool {
        ((try? sandbox.photosByName())?[name]?["favourite"] as? Bool) == true
    }

    @Test func aServerStoppedWhileTheBrowserIsOpenIsSaidAndTheBrowserRecoversWhenItIsBack() throws {
        let server = try PostgresServer()   // its own: this test stops it
        defer { server.stop() }
        let run = try BrowserRun(library: try server.newDatabase())
        let sandbox = run.sandbox

        try server.shutDown()
        run.tmux.send("f")
        // Said on the status line, naming the library and the reason; what was on screen stays.
        try run.tmux.waitFor("Not saved: 1 edit, trying again")
        let reason = "the PostgreSQL library \(sandbox.library) failed: cannot connect"
        try run.tmux.waitUntil("\"\(reason)\" on the status line (two lines)") { screen in
            screen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ").contains(reason)
        }
        #expect(run.tmux.screen().contains("★ photo-01.jpg"), "the edit stays on screen while it waits")
        #expect(run.tmux.screen().contains("photo-06.jpg"))
        // Still said after another key (the status line keeps it until the library answers).
        run.tmux.send("Right")
        try run.tmux.waitFor("Not saved: 1 edit, trying again")
        let failed = try sandbox.cli(["list"])
        #expect(failed.status == 1 && failed.stderr.contains("cannot connect"), "the CLI fails clearly: \(failed.stderr)")

        try server.restart()
        try run.tmux.waitFor("Saved now: 1 edit that waited")
        #expect(E2E.eventually { isFavourite("photo-01.jpg", sandbox) }, "the waiting edit is in the library")
        run.tmux.send("f")   // on photo-02: a later edit commits at once
        try run.tmux.waitFor("★ photo-02.jpg")
        try sandbox.waitForSavedEdits(2)
        #expect(isFavourite("photo-02.jpg", sandbox))
        #expect(try server.sql("SELECT count(*) FROM photory_changes", database: sandbox.library) == "2\n", "each edit once")
        try run.leaveGroupAndQuit()
    }

    @Test func aServerThatStopsAnsweringIsSaidWhileTheEditWaits() throws {
        let server = try PostgresServer()   // its own: this test freezes it
        defer { server.stop() }
        let run = try BrowserRun(library: try server.newDatabase())
        // Frozen, as a server on a network that dropped without a word: connections stay open, nothing answers.
        let postmaster = try #require(server.pid)
        let signal = { (name: String) in
            _ = Processes.run("/usr/bin/pkill", ["-" + name, "-P", String(postmaster)])
            kill(postmaster, name == "STOP" ? SIGSTOP : SIGCONT)
        }
        signal("STOP")
        defer { signal("CONT") }
        run.tmux.send("f")
        try run.tmux.waitFor("Not saved yet: 1 edit — the library \(run.sandbox.library) has not answered for 3 s")
        #expect(run.tmux.screen().contains("★ photo-01.jpg"), "the edit stays on screen while it waits")
        signal("CONT")
        try run.tmux.waitFor("Saved now: 1 edit that waited")
        #expect(E2E.eventually { isFavourite("photo-01.jpg", run.sandbox) })
        try run.leaveGroupAndQuit()
    }

    @Test func eachMachineFindsTheSharedRootsPhotosInItsOwnFolder() throws {
        let server = try PostgresServer.shared.get()
        let nas = Sandbox(), laptop = Sandbox(), guest = Sandbox()
        let library = try server.newDatabase()
        for machine in [nas, laptop, guest] { machine.library = library }
        let nasFolder = nas.root.path + "/volume1/photos", laptopFolder = laptop.root.path + "/mnt/nas/photos"
        let specs = PhotoFixtures.series(3, description: "Shared")
        PhotoFixtures.write(specs, into: nasFolder + "/2021")
        PhotoFixtures.write(specs, into: laptopFolder + "/2021")   // the same files, mounted elsewhere
        try writeConfig("[roots]\nphotos = \"\(nasFolder)\"\n", in: nas)
        try writeConfig("[roots]\nphotos = \"\(laptopFolder)/\"\n", in: laptop)
        try nas.importWithCLI([nasFolder])

        #expect(try server.sql("SELECT DISTINCT left(path, 17) FROM photory_photos", database: library) == "root:photos/2021/\n",
                "the library stores the root and the relative path")
        let onLaptop = try laptop.cli(["list", "--json"])
        #expect(onLaptop.status == 0, "\(onLaptop.stderr)")
        let photos = try JSONSerialization.jsonObject(with: Data(onLaptop.stdout.utf8)) as? [[String: Any]] ?? []
        #expect(photos.count == 3)
        #expect(photos.allSatisfy { ($0["path"] as? String)?.hasPrefix(laptopFolder + "/2021/photo-0") == true }, "\(photos)")
        #expect(photos.allSatisfy { $0["missing"] as? Bool == false }, "found in the laptop's folder")
        let onNAS = try nas.photosByName()
        #expect((onNAS["photo-01.jpg"]?["path"] as? String) == nasFolder + "/2021/photo-01.jpg")

        // A machine without the root: missing, and told which root to add.
        let onGuest = try guest.cli(["list", "--json"])
        #expect(onGuest.status == 0, "\(onGuest.stderr)")
        #expect(onGuest.stderr.contains("shared root \"photos\" (3 photos) show as missing"), "\(onGuest.stderr)")
        let guestPhotos = try JSONSerialization.jsonObject(with: Data(onGuest.stdout.utf8)) as? [[String: Any]] ?? []
        #expect(guestPhotos.count == 3 && guestPhotos.allSatisfy { $0["missing"] as? Bool == true }, "\(guestPhotos)")
        // The path it lists names the photo for show and edit too.
        let listed = try #require(guestPhotos.first?["path"] as? String)
        #expect(listed.hasPrefix("root:photos/"), "\(listed)")
        let shown = try guest.cli(["show", listed])
        #expect(shown.status == 0, "\(shown.stderr)")
    }

    @Test func thePasswordFileGivesThePasswordAndNoMessageShowsIt() throws {
        let server = try PostgresServer.shared.get()
        let sandbox = Sandbox()
        let database = try server.newDatabase().split(separator: "/").last.map(String.init) ?? ""
        let user = "photory_pw_\(getpid())", password = "Hush-\(UInt32.random(in: 1000...9999))-secret"
        try server.requirePassword(user: user, password: password)
        sandbox.library = "postgresql://\(user)@127.0.0.1:\(server.port)/\(database)"
        // Without a password: refused (once the server has read its new rules).
        var said = ""
        #expect(E2E.eventually {
            said = (try? sandbox.cli(["list"]).stderr) ?? ""
            return said.contains("no password supplied")
        }, "\(said)")

        let passwordFile = sandbox.home + "/pg-password"
        try writeConfig("password-file = \"~/pg-password\"\n", in: sandbox)
        for (text, mode, reason) in [("wrong-\(password)\n", 0o600, "password authentication failed"),
                                     ("\(password)\n", 0o644, "can be read by other users")] {
            try text.write(toFile: passwordFile, atomically: true, encoding: .utf8)
            chmod(passwordFile, mode_t(mode))
            let refused = try sandbox.cli(["list"])
            #expect(refused.status == 1)
            #expect(refused.stderr.contains(reason) && (mode == 0o600 || refused.stderr.contains(passwordFile)), "\(refused.stderr)")
            #expect(!refused.stderr.contains(password) && !refused.stdout.contains(password))
        }
        chmod(passwordFile, 0o600)
        let paths = PhotoFixtures.write(PhotoFixtures.series(2, description: "Locked"), into: sandbox.root.path + "/photos")
        let imported = try sandbox.cli(["import", sandbox.root.path + "/photos"])
        #expect(imported.status == 0, "\(imported.stderr)")
        let edited = try sandbox.cli(["edit", paths[0], "--favourite"])
        #expect(edited.status == 0, "\(edited.stderr)")
        #expect(!(imported.stdout + imported.stderr + edited.stdout + edited.stderr).contains(password))
        #expect(try server.sql("SELECT count(*) FROM photory_changes WHERE change LIKE '%\(password)%'", database: database) == "0\n",
                "never stored in the library")
    }
}
