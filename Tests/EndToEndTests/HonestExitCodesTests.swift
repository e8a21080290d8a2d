import Fixtures
import Foundation
import Testing

/// What scripts rely on: a command that did not do what was asked exits non-zero and says why,
/// naming the file or address (issue 17, point 11, and `--library` naming a FIFO).
@Suite struct HonestExitCodesTests {
    private func run(_ arguments: [String], _ sandbox: Sandbox) throws -> TmuxSession.Output {
        try E2E.cli(arguments + ["--library", sandbox.library], sandbox: sandbox)
    }

    @Test func importingAnEmptyFolderExitsOne() throws {
        let sandbox = Sandbox()
        let empty = sandbox.root.path + "/empty"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let result = try run(["import", empty], sandbox)
        #expect(result.status == 1, "\(result.stdout)")
        #expect(result.stdout.contains("nothing to import"))
        #expect(result.stderr.contains("nothing to import"))
    }

    @Test func addressesThatAreNotHTTPAndLibrariesThatAreURLsAreRefused() throws {
        let sandbox = Sandbox()
        let ftp = try run(["import", "ftp://example.com/photos/a.jpg"], sandbox)
        #expect(ftp.status == 1)
        #expect(ftp.stderr.contains("cannot import ftp://example.com/photos/a.jpg: ftp: addresses are not supported, only http:// and https://"),
                "\(ftp.stderr)")
        #expect(!ftp.stderr.contains("not found"), "not taken for a relative path")

        let database = try E2E.cli(["list", "--library", "mysql://localhost/photos"], sandbox: sandbox)
        #expect(database.status == 64, "a usage error")
        #expect(database.stderr.contains("--library mysql://localhost/photos: mysql: is not a library scheme; give the path of a JSON file, "
                                         + "or a PostgreSQL address postgresql://USER@HOST[:PORT]/DB (schemes known: postgresql, postgres)"),
                "\(database.stderr)")
        let imported = try E2E.cli(["import", sandbox.root.path, "--library", "mysql://localhost/photos"], sandbox: sandbox)
        #expect(imported.status == 64)
        #expect(!FileManager.default.fileExists(atPath: sandbox.root.path + "/mysql:"), "no folder named after the scheme")
        // A PostgreSQL address is a database (issue 26): nothing listens on port 1, a clear failure.
        let closed = try E2E.cli(["list", "--library", "postgresql://anna:s3cret@127.0.0.1:1/photos"], sandbox: sandbox)
        #expect(closed.status == 1)
        #expect(closed.stderr.contains("the PostgreSQL library postgresql://anna@127.0.0.1:1/photos failed: cannot connect"), "\(closed.stderr)")
        #expect(!closed.stderr.contains("s3cret"))
        #expect(!FileManager.default.fileExists(atPath: sandbox.root.path + "/postgresql:"), "no folder named after the scheme")
    }

    @Test func favouriteAndNoFavouriteTogetherIsAUsageError() throws {
        let sandbox = Sandbox()
        let paths = try sandbox.importFirstRunPhotos()
        let result = try run(["edit", paths[0], "--favourite", "--no-favourite"], sandbox)
        #expect(result.status == 64)
        #expect(result.stderr.contains("--no-favourite") && result.stderr.contains("--favourite"), "\(result.stderr)")
        let list = try run(["list", "--favourites"], sandbox)
        #expect(list.stdout.isEmpty, "nothing was changed")
    }

    @Test func aLibraryThatDoesNotExistIsNamedNotShownEmpty() throws {
        let sandbox = Sandbox()
        for command in [["list"], ["groups"], ["show", "x"], ["undo"], ["write-metadata"], ["refresh"]] {
            let result = try E2E.cli(command + ["--library", "/no/such/dir/lib.json"], sandbox: sandbox)
            #expect(result.status == 1, "\(command)")
            #expect(result.stderr.contains("the library file /no/such/dir/lib.json does not exist (nor its folder /no/such/dir)"),
                    "\(command): \(result.stderr)")
        }
        let fresh = try E2E.cli(["list"], sandbox: sandbox)
        #expect(fresh.status == 1)
        #expect(fresh.stderr.contains("no library yet: \(sandbox.root.path)/data/photory/library.json does not exist; import photos first"),
                "\(fresh.stderr)")
    }

    @Test func theLibraryOptionWorksBeforeTheSubcommand() throws {
        let sandbox = Sandbox()
        try sandbox.importFirstRunPhotos()
        let before = try E2E.cli(["--library", sandbox.library, "groups"], sandbox: sandbox)
        #expect(before.status == 0, "\(before.stderr)")
        #expect(before.stdout.contains("Beach day\t5"), "\(before.stdout)")
        let joined = try E2E.cli(["--library=\(sandbox.library)", "list", "--search", "beach"], sandbox: sandbox)
        #expect(joined.status == 0, "\(joined.stderr)")
        #expect(joined.stdout.split(separator: "\n").count == 5)
    }

    @Test func aLibraryThatIsANamedPipeIsRefusedAtOnce() throws {
        let sandbox = Sandbox()
        let fifo = sandbox.root.path + "/lib.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        // `timeout` keeps a regression from hanging the suite: before the fix every command waited forever.
        for command in [["list"], ["import", sandbox.root.path + "/home"]] {
            let result = Processes.run("/usr/bin/timeout", ["20", try E2E.binary()] + command + ["--library", fifo],
                                       environment: sandbox.environment(term: "dumb", colorterm: nil))
            #expect(result.status == 1, "\(command)")
            #expect(result.stderr.contains("the library \(fifo) is a named pipe (FIFO), not a file"), "\(command): \(result.stderr)")
        }
    }

    @Test func aDamagedLibraryNamesTheBackupBesideIt() throws {
        let sandbox = Sandbox()
        try sandbox.importFirstRunPhotos()
        #expect(try run(["compact"], sandbox).status == 0)   // a second save leaves library.json.bak
        try Data("{ \"schemaVersion\": 2, \"photos\": [ broken".utf8).write(to: URL(fileURLWithPath: sandbox.library))
        let result = try run(["list"], sandbox)
        #expect(result.status == 1)
        #expect(result.stderr.contains("cannot read the library file \(sandbox.library)"))
        #expect(result.stderr.contains("the previous version is kept beside it as \(sandbox.library).bak"), "\(result.stderr)")
    }

    @Test func aBadSidecarIsReportedByNameWithoutLibxmlNoise() throws {
        let sandbox = Sandbox()
        let paths = try sandbox.importFirstRunPhotos()
        try Data("<x:xmpmeta><broken".utf8).write(to: URL(fileURLWithPath: paths[0] + ".xmp"))
        #expect(try run(["edit", paths[0], "--description", "Harbour"], sandbox).status == 0)
        let result = try run(["write-metadata", "--sidecar-only"], sandbox)
        #expect(result.status == 1)
        #expect(result.stdout.contains("refused  \(paths[0]).xmp: sidecar left alone"), "\(result.stdout)")
        #expect(result.stderr.isEmpty, "libxml2's own parser errors stay out of the way: \(result.stderr)")
    }
}

/// The same for the web: a feed that cannot be fetched, and a photo whose original is not here.
@Suite(.enabled(if: LocalWebServer.available, "needs python3 for the local test server"))
struct HonestWebExitCodesTests {
    @Test func aFeedThatCannotBeFetchedExitsOne() throws {
        let sandbox = Sandbox()
        let refusedURL: String
        do {
            let server = try LocalWebServer()
            refusedURL = server.url("/files/photos.json").absoluteString
            let missing = server.url("/status/404").absoluteString
            let notFound = try E2E.cli(["import", missing, "--library", sandbox.library], sandbox: sandbox)
            #expect(notFound.status == 1, "\(notFound.stdout)")
            #expect(notFound.stdout.contains("unreadable  \(missing): the server answered 404 Not Found"))
            #expect(notFound.stderr.contains("1 address could not be fetched: \(missing)"), "\(notFound.stderr)")

            // A feed that is not valid JSON brings nothing: the address failed as a whole.
            let broken = server.serve(Data(#"{"photos": [ {"url": "#.utf8), at: "broken.json")
            let corrupt = try E2E.cli(["import", broken.absoluteString, "--library", sandbox.library], sandbox: sandbox)
            #expect(corrupt.status == 1, "\(corrupt.stdout)")
            #expect(corrupt.stdout.contains("corrupt     \(broken.absoluteString): not JSON"), "\(corrupt.stdout)")
            #expect(corrupt.stderr.contains("1 address could not be fetched: \(broken.absoluteString)"), "\(corrupt.stderr)")

            let feed = try WebBrowseTests.writeFeed([2, 3], on: server)
            let imported = try E2E.cli(["import", feed.absoluteString, "--library", sandbox.library], sandbox: sandbox)
            #expect(imported.status == 0, "\(imported.stdout) \(imported.stderr)")
        }
        // The server is gone: its port refuses.
        let refused = try E2E.cli(["import", refusedURL, "--library", sandbox.library], sandbox: sandbox)
        #expect(refused.status == 1, "\(refused.stdout)")
        #expect(refused.stdout.contains("unreadable  \(refusedURL)"))
        let refresh = try E2E.cli(["refresh", "--library", sandbox.library], sandbox: sandbox)
        #expect(refresh.status == 1, "\(refresh.stdout)")
        #expect(refresh.stdout.contains("unreadable  \(refusedURL)"), "\(refresh.stdout)")
        #expect(refresh.stderr.contains("could not be fetched: \(refusedURL)"), "\(refresh.stderr)")
    }

    @Test func writingAPhotoNotDownloadedYetSaysToFetchIt() throws {
        let sandbox = Sandbox()
        let server = try LocalWebServer()
        let feed = try WebBrowseTests.writeFeed([2], on: server)
        #expect(try E2E.cli(["import", feed.absoluteString, "--library", sandbox.library], sandbox: sandbox).status == 0)
        let listed = try E2E.cli(["list", "--json", "--library", sandbox.library], sandbox: sandbox)
        let photos = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        let id = try #require(photos.first?["id"] as? String)
        #expect(photos.first?["downloaded"] as? Bool == false)
        #expect(try E2E.cli(["edit", id, "--description", "Quay", "--library", sandbox.library], sandbox: sandbox).status == 0)
        let result = try E2E.cli(["write-metadata", id, "--library", sandbox.library], sandbox: sandbox)
        #expect(result.status == 1)
        #expect(result.stdout.contains("not downloaded yet — run `photory-tui fetch` first"), "\(result.stdout)")
        #expect(!result.stdout.contains("the file is missing"))
    }
}
