import Fixtures
import Foundation
import Testing
@testable import Library

/// File names that are not UTF-8 (Latin-1 from old disks and Windows archives): every step
/// from scan to JSON keeps their exact bytes.
@Suite struct PathBytesTests {
    static let cafe: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".jpg".utf8)              // café in Latin-1
    static let strasse: [UInt8] = Array("Stra".utf8) + [0xDF] + Array("e ".utf8) + [0xE9, 0x74, 0xE9] + Array(".jpg".utf8)

    @Test func everyByteStringRoundTripsAndShowsUndecodableBytesAsReplacement() {
        let samples: [[UInt8]] = [
            Self.cafe, Self.strasse, Array("/plain/é 日本.jpg".utf8), [0xFF, 0xFE, 0x80],
            [0xE2, 0x82], [0xED, 0xA0, 0x80],                   // truncated sequence; encoded surrogate
            Array("\u{10FFE9}".utf8),                            // a real name with an escape-range scalar
        ]
        for bytes in samples {
            let path = PathBytes.string(bytes)
            #expect(PathBytes.bytes(path) == bytes)
            PathBytes.withCString(path) { #expect(strlen($0) == bytes.count && memcmp($0, bytes, bytes.count) == 0) }
        }
        #expect(PathBytes.display(PathBytes.string(Self.cafe)) == "caf\u{FFFD}.jpg")
        #expect(PathBytes.display(PathBytes.string(Self.strasse)) == "Stra\u{FFFD}e \u{FFFD}t\u{FFFD}.jpg")
        #expect(PathBytes.string(Array("é.jpg".utf8)) == "é.jpg")
        #expect(!PathBytes.hasRawBytes("é.jpg"))
    }

    @Test func latin1FolderImportsCompletelyAndReadsBackFromJSON() throws {
        let folder = TemporaryFolder()
        folder.write(ImporterTests.jpeg(1), toRawName: Self.cafe, in: "p")
        folder.write(ImporterTests.jpeg(2), toRawName: Self.strasse, in: "p/" + "sub")
        folder.write(ImporterTests.jpeg(3), toRawName: Array("plain.jpg".utf8), in: "p")
        let store = LibraryStore(path: folder.path + "/data/library.json")
        let (library, summary) = try Importer().run([folder.path + "/p"], store: store)
        #expect(summary.count(.imported) == 3, "\(summary.results.map { "\($0.path): \($0.reason ?? "")" })")
        let cafePath = PathBytes.string(Array((folder.path + "/p/").utf8) + Self.cafe)
        let cafe = try #require(library.photo(path: cafePath))
        #expect(cafe.width == 32)
        #expect(try FileBytes.read(cafe.path) == Array(ImporterTests.jpeg(1)))
        #expect(library.missingPaths().isEmpty)
        #expect(try store.load() == library)

        // The file on disk: surrogate escapes in `path`, exact bytes in `pathBytes`, nothing else odd.
        let text = try #require(String(data: Data(contentsOf: URL(fileURLWithPath: store.path)), encoding: .utf8))
        #expect(text.contains("/p/caf\\udce9.jpg\""))
        #expect(text.contains("\"pathBytes\":\"\(Data(PathBytes.bytes(cafePath)).base64EncodedString())\""))
        #expect(text.contains("/p/sub/Stra\\udcdfe \\udce9t\\udce9.jpg\""))
        #expect(!text.contains("\u{FFFD}"))
        #expect(text.components(separatedBy: "pathBytes").count == 3, "only the two Latin-1 paths carry bytes")
    }

    @Test func eitherJSONFieldAloneGivesTheExactPath() throws {
        let folder = TemporaryFolder()
        folder.write(ImporterTests.jpeg(1), toRawName: Self.cafe, in: "p")
        let store = LibraryStore(path: folder.path + "/library.json")
        let (library, _) = try Importer().run([folder.path + "/p"], store: store)
        let written = try String(contentsOfFile: store.path, encoding: .utf8)
        let exact = library.photos[0].path
        let base64 = try #require(PathBytes.base64(exact))

        let surrogatesOnly = written.replacingOccurrences(of: ",\"pathBytes\":\"\(base64)\"", with: "")
        #expect(surrogatesOnly != written)
        try surrogatesOnly.write(toFile: store.path, atomically: true, encoding: .utf8)
        #expect(try store.load().photos[0].path == exact)

        let bytesOnly = written.replacingOccurrences(of: "caf\\udce9.jpg", with: "caf?.jpg")
        #expect(bytesOnly != written)
        try bytesOnly.write(toFile: store.path, atomically: true, encoding: .utf8)
        #expect(try store.load().photos[0].path == exact)
    }

    @Test func aMovedLatin1FileIsRelinked() throws {
        let folder = TemporaryFolder()
        let old = PathBytes.string(folder.write(ImporterTests.jpeg(9), toRawName: Self.cafe, in: "old"))
        var library = PhotoLibrary()
        _ = Importer().run([old], into: &library)
        let moved = PathBytes.string(Array((folder.path + "/new/").utf8) + Self.strasse)
        try FileManager.default.createDirectory(atPath: folder.path + "/new", withIntermediateDirectories: true)
        let renamed = PathBytes.withCString(old) { from in PathBytes.withCString(moved) { rename(from, $0) } }
        #expect(renamed == 0)
        library.refreshMissing()
        #expect(library.photos[0].missing)
        let summary = Importer().run([folder.path + "/new"], into: &library)
        #expect(summary.results.first?.outcome == .relinked(photoID: library.photos[0].id, previousPath: old))
        #expect(summary.results.first?.reason?.contains("caf\u{FFFD}.jpg") == true)
        #expect(library.photos[0].path == moved)
        #expect(!library.photos[0].missing)
    }

    @Test func pythonOpensEveryPathOfTheWrittenLibrary() throws {
        guard access("/usr/bin/python3", X_OK) == 0 else { return }
        let folder = TemporaryFolder()
        folder.write(ImporterTests.jpeg(1), toRawName: Self.cafe, in: "p")
        folder.write(ImporterTests.jpeg(2), toRawName: Self.strasse, in: "p")
        let store = LibraryStore(path: folder.path + "/library.json")
        _ = try Importer().run([folder.path + "/p"], store: store)
        let script = """
            import json, sys
            photos = json.load(open(sys.argv[1]))["photos"]
            print(sum(len(open(p["path"], "rb").read()) for p in photos), len(photos))
            """
        var pid: pid_t = 0
        let out = folder.path + "/python.out"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let arguments: [String] = ["/usr/bin/python3", "-c", script, store.path]
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let environment: [String] = ["LANG=C.UTF-8", "PATH=/usr/bin:/bin"]
        let env = environment.map { strdup($0) } + [nil]
        defer { env.forEach { free($0) } }
        #expect(posix_spawn(&pid, "/usr/bin/python3", &actions, nil, argv, env) == 0)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        #expect(status == 0)
        let expected = ImporterTests.jpeg(1).count + ImporterTests.jpeg(2).count
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "\(expected) 2\n")
    }
}
