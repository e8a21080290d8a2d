import Fixtures
import Foundation
import Testing

/// Where the binary is, how long to wait, and running its subcommands directly.
enum E2E {
    /// Generous: the machine has two cores and other suites may be running.
    static let timeout: Double = 20

    /// Looks at the state (a file a background save writes, a process list) until `check` says
    /// it is there or `timeout` passes: true when it was (`Poll.until`, with the end-to-end wait).
    @discardableResult
    static func eventually(timeout: Double = E2E.timeout, _ check: () throws -> Bool) rethrows -> Bool {
        try Poll.until(timeout: timeout, check)
    }

    /// Terminal sizes the flows run at.
    static let sizes: [(columns: Int, rows: Int)] = [(80, 24), (120, 40), (200, 60)]

    /// `photory-tui`, built next to the test runner by `swift build --build-tests`.
    static func binary(sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
        // The runner may be the bundle itself (…/debug/x.xctest) or a tool inside the toolchain.
        var candidates = [((exe as NSString).deletingLastPathComponent as NSString).appendingPathComponent("photory-tui")]
        if let bundle = Bundle.allBundles.first(where: { $0.bundlePath.hasSuffix(".xctest") }) {
            candidates.append(((bundle.bundlePath as NSString).deletingLastPathComponent as NSString)
                .appendingPathComponent("photory-tui"))
        }
        if let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) {
            return found
        }
        Issue.record("""
            The photory-tui binary is not next to the test runner (looked at \(candidates.joined(separator: ", "))). \
            Build it with `swift build --build-tests` (the EndToEndTests target depends on it).
            """, sourceLocation: sourceLocation)
        throw E2EError("photory-tui binary not found")
    }

    /// Runs `photory-tui <arguments>` directly (no terminal), with the sandbox's environment.
    static func cli(_ arguments: [String], sandbox: Sandbox) throws -> TmuxSession.Output {
        Processes.run(try binary(), arguments, environment: sandbox.environment(term: "dumb", colorterm: nil),
                      currentDirectory: sandbox.root.path)
    }
}

/// One test's private world: home, data and cache folders, and a library file path, all in a
/// temporary folder removed afterwards.
final class Sandbox: @unchecked Sendable {
    let root = TemporaryFolder("photory-e2e")
    var home: String { root.path + "/home" }
    /// The library file, or a PostgreSQL address a test gives instead (issue 26).
    var library: String

    init() {
        library = root.path + "/library.json"
        for folder in ["home", "data", "cache"] {
            try? FileManager.default.createDirectory(atPath: root.path + "/" + folder, withIntermediateDirectories: true)
        }
    }

    /// Exactly the environment the program gets (nothing is inherited but sanitizer options).
    func environment(term: String, colorterm: String?) -> [String: String] {
        var environment = [
            "PATH": "/usr/local/bin:/usr/bin:/bin",
            "HOME": home,
            "XDG_DATA_HOME": root.path + "/data",
            "XDG_CACHE_HOME": root.path + "/cache",
            "LANG": "C.UTF-8",
            "TERM": term,
            "PHOTORY_SAVED_EDITS_FILE": savedEditsFile,
            // No "on this day" memories unless a test asks: home grids stay the same every day.
            "PHOTORY_TODAY": "1800-01-01",
        ]
        if let colorterm { environment["COLORTERM"] = colorterm }
        // An ASan-built binary (`make check-asan`) takes the runner's sanitizer options, so the
        // leak suppressions apply to it too.
        for name in ["ASAN_OPTIONS", "LSAN_OPTIONS", "UBSAN_OPTIONS"] {
            environment[name] = ProcessInfo.processInfo.environment[name]
        }
        return environment
    }

    /// `photory-tui <arguments> --library <the sandbox's library>`, no terminal.
    func cli(_ arguments: [String]) throws -> TmuxSession.Output {
        try E2E.cli(arguments + ["--library", library], sandbox: self)
    }

    /// The library's photos as `list --json` gives them, by file name.
    func photosByName() throws -> [String: [String: Any]] {
        let output = try cli(["list", "--json"])
        let list = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String: Any]] ?? []
        return Dictionary(uniqueKeysWithValues: list.map { (($0["path"] as? String ?? "") as NSString).lastPathComponent }
            .enumerated().map { ($0.element, list[$0.offset]) })
    }

    /// Where the browser says how many of its edits are saved (see `waitForSavedEdits`).
    var savedEditsFile: String { root.path + "/saved-edits" }

    /// Waits until the browser says that it has saved all its edits and that they are `count`
    /// (its edits, undos and redos since it started): saves run in the background, and the
    /// browser signals each time all of them are done (`PHOTORY_SAVED_EDITS_FILE`).
    func waitForSavedEdits(_ count: Int, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let said = { (try? String(contentsOfFile: self.savedEditsFile, encoding: .utf8)) ?? "nothing" }
        guard !E2E.eventually({ said() == "\(count) edits saved\n" }) else { return }
        Issue.record("the browser never said \(count) edits were saved; it said: \(said())", sourceLocation: sourceLocation)
        throw E2EError("edits not saved")
    }

    /// Writes the first-run photo set into `photos/` and imports it through the CLI; returns
    /// the photos' paths.
    @discardableResult
    func importFirstRunPhotos(sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        let paths = PhotoFixtures.write(PhotoFixtures.firstRun, into: root.path + "/photos")
        try importWithCLI([root.path + "/photos"], sourceLocation: sourceLocation)
        return paths
    }

    /// Imports `paths` through the CLI and requires it to succeed.
    func importWithCLI(_ paths: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = try E2E.cli(["import", "--library", library] + paths, sandbox: self)
        guard result.status == 0 else {
            Issue.record("import failed (\(result.status)): \(result.stderr)\n\(result.stdout)", sourceLocation: sourceLocation)
            throw E2EError("import failed")
        }
    }
}

/// Photo fixtures written to disk: small JPEGs, each visibly different, with EXIF metadata.
enum PhotoFixtures {
    struct Spec {
        var name: String
        var description: String?
        var width: Int
        var height: Int
        var date: String
    }

    /// The first-run set: 5 "Beach day", 4 "Mountain hike", 3 without a description.
    static let firstRun: [Spec] = {
        var specs: [Spec] = []
        for i in 1...5 {
            specs.append(Spec(name: "beach-0\(i).jpg", description: "Beach day", width: 160 + 8 * i, height: 120,
                              date: "2024:07:0\(i) 10:00:00"))
        }
        for i in 1...4 {
            specs.append(Spec(name: "hike-0\(i).jpg", description: "Mountain hike", width: 120, height: 160 + 8 * i,
                              date: "2023:09:1\(i) 08:30:00"))
        }
        for i in 1...3 {
            specs.append(Spec(name: "misc-0\(i).jpg", description: nil, width: 96 + 8 * i, height: 96,
                              date: "2022:01:0\(i) 12:00:00"))
        }
        return specs
    }()

    /// `count` photos with one description, named `photo-01.jpg` …
    static func series(_ count: Int, description: String) -> [Spec] {
        (1...count).map { i in
            Spec(name: String(format: "photo-%02d.jpg", i), description: description, width: 64 + i, height: 48,
                 date: String(format: "2021:03:%02d 09:00:00", min(28, i)))
        }
    }

    /// Writes `specs` into `folder` (created) and returns their paths.
    @discardableResult
    static func write(_ specs: [Spec], into folder: String) -> [String] {
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return specs.enumerated().map { index, spec in
            let hue = index * 37
            let image = JPEGFixture.encode(width: spec.width, height: spec.height) { x, y in
                (UInt8(truncatingIfNeeded: hue + x * 2), UInt8(truncatingIfNeeded: 255 - hue - y * 2),
                 UInt8(truncatingIfNeeded: hue * 3 + (x + y)))
            }
            let exif = MetadataFixture.EXIF(description: spec.description, make: "Testcam", model: "E2E One",
                                            dateTimeOriginal: spec.date)
            let data = JPEGFixture.inserting(segments: [(0xE1, MetadataFixture.exifPayload(exif))], into: image)
            let path = folder + "/" + spec.name
            _ = FileManager.default.createFile(atPath: path, contents: data)
            return path
        }
    }
}

extension String {
    /// How many times `needle` occurs.
    func occurrences(of needle: String) -> Int {
        components(separatedBy: needle).count - 1
    }

    /// The rows of a captured screen.
    var screenLines: [String] {
        var lines = components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}
