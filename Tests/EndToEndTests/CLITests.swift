import Fixtures
import Foundation
import Testing

/// The scriptable commands, run as a script would run them: exit codes, text and JSON.
@Suite struct CLITests {
    private func run(_ arguments: [String], _ sandbox: Sandbox) throws -> TmuxSession.Output {
        try E2E.cli(arguments + ["--library", sandbox.library], sandbox: sandbox)
    }

    private func json(_ output: TmuxSession.Output) throws -> [[String: Any]] {
        let value = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8))
        return try #require(value as? [[String: Any]], "not a JSON array: \(output.stdout)")
    }

    @Test func importReportsEveryProblemAndExitsZero() throws {
        let sandbox = Sandbox()
        let folder = sandbox.root.path + "/photos"
        let paths = PhotoFixtures.write(PhotoFixtures.firstRun, into: folder)
        try Data(contentsOf: URL(fileURLWithPath: paths[0])).write(to: URL(fileURLWithPath: folder + "/copy of beach.jpg"))
        try Data("not a photo".utf8).write(to: URL(fileURLWithPath: folder + "/notes.txt"))
        try Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 2]).write(to: URL(fileURLWithPath: folder + "/broken.jpg"))

        let first = try run(["import", folder], sandbox)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("12 imported, 1 duplicate, 1 corrupt, 1 skipped (a sidecar or text file)"))
        #expect(first.stdout.contains("duplicate   \(folder)/copy of beach.jpg: duplicate of \(paths[0])"))
        #expect(!first.stdout.contains("notes.txt"), "a text file is only counted")
        #expect(first.stdout.contains("corrupt     \(folder)/broken.jpg:"))
        #expect(!first.stderr.contains("\u{1B}["), "no progress bar when stderr is not a terminal")

        let written = try FileManager.default.attributesOfItem(atPath: sandbox.library)[.modificationDate] as? Date
        let again = try run(["import", folder], sandbox)
        #expect(again.status == 0)
        #expect(again.stdout.contains("13 duplicates"))
        #expect(try FileManager.default.attributesOfItem(atPath: sandbox.library)[.modificationDate] as? Date == written,
                "an unchanged rescan writes nothing")

        let perFile = try json(try run(["import", "--json", folder], sandbox))
        #expect(perFile.count == 15)
        #expect(perFile.allSatisfy { $0["path"] is String && $0["outcome"] is String })
    }

    @Test func importThatCannotRunExitsNonZero() throws {
        let sandbox = Sandbox()
        let missing = try run(["import", sandbox.root.path + "/nowhere"], sandbox)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("nowhere"))

        PhotoFixtures.write(Array(PhotoFixtures.firstRun.prefix(2)), into: sandbox.root.path + "/p")
        try Data("{ broken".utf8).write(to: URL(fileURLWithPath: sandbox.library))
        let corrupt = try run(["import", sandbox.root.path + "/p"], sandbox)
        #expect(corrupt.status == 1)
        #expect(corrupt.stderr.contains(sandbox.library))
        #expect(try String(contentsOfFile: sandbox.library, encoding: .utf8) == "{ broken")
    }

    @Test func groupsListAndShowAgree() throws {
        let sandbox = Sandbox()
        let paths = try sandbox.importFirstRunPhotos()

        let groupsText = try run(["groups"], sandbox)
        #expect(groupsText.stdout.split(separator: "\n").map { $0.split(separator: "\t").prefix(2).joined(separator: " ") }
                == ["Beach day 5", "Mountain hike 4", "Other 3"])
        let groups = try json(try run(["groups", "--json"], sandbox))
        #expect(groups.map { $0["name"] as? String } == ["Beach day", "Mountain hike", "Other"])
        #expect(groups.map { $0["count"] as? Int } == [5, 4, 3])
        #expect(groups.allSatisfy { ($0["id"] as? String)?.isEmpty == false })

        let photos = try json(try run(["list", "--json"], sandbox))
        #expect(photos.count == 12)
        for key in ["id", "path", "group", "width", "height", "takenAt", "missing"] {
            #expect(photos.allSatisfy { $0[key] != nil }, "every photo has \(key)")
        }
        let beach = try #require(photos.first { $0["path"] as? String == paths[0] })
        #expect(beach["group"] as? String == "Beach day")
        #expect(beach["description"] as? String == "Beach day")
        #expect(beach["width"] as? Int == 168)
        #expect(beach["takenAt"] as? String == "2024-07-01T10:00:00")
        #expect(beach["missing"] as? Bool == false)
        let other = try #require(photos.first { ($0["path"] as? String)?.hasSuffix("misc-01.jpg") == true })
        #expect(other["group"] as? String == "Other")

        let hikes = try json(try run(["list", "--group", "mountain HIKE", "--json"], sandbox))
        #expect(hikes.count == 4)
        #expect(try run(["list", "--group", "Nope"], sandbox).status == 1)

        let byPath = try run(["show", paths[0]], sandbox)
        #expect(byPath.status == 0)
        for expected in ["Path", paths[0], "Beach day (from EXIF)", "2024-07-01 10:00:00", "Testcam", "168 × 120"] {
            #expect(byPath.stdout.contains(expected), "show lacks \(expected)")
        }
        let byID = try run(["show", beach["id"] as! String], sandbox)
        #expect(byID.stdout == byPath.stdout)
        #expect(try run(["show", "/no/such.jpg"], sandbox).status == 1)
    }

    @Test func missingPhotoIsMarkedThenRelinked() throws {
        let sandbox = Sandbox()
        let paths = PhotoFixtures.write(Array(PhotoFixtures.firstRun.prefix(2)), into: sandbox.root.path + "/old")
        try sandbox.importWithCLI([sandbox.root.path + "/old"])
        let moved = sandbox.root.path + "/new/renamed.jpg"
        try FileManager.default.createDirectory(atPath: sandbox.root.path + "/new", withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: paths[0], toPath: moved)

        let listed = try json(try run(["list", "--json"], sandbox))
        #expect(listed.count == 2)
        #expect(listed.first { $0["path"] as? String == paths[0] }?["missing"] as? Bool == true)

        let relink = try run(["import", sandbox.root.path + "/new"], sandbox)
        #expect(relink.stdout.contains("1 relinked"))
        let after = try json(try run(["list", "--json"], sandbox))
        #expect(after.count == 2)
        #expect(after.contains { $0["path"] as? String == moved && $0["missing"] as? Bool == false })
    }

    /// What people paste into bug reports: the version and every C library it runs on.
    @Test func versionNamesTheLibrariesItRunsOn() throws {
        let output = try E2E.cli(["--version"], sandbox: Sandbox())
        #expect(output.status == 0, "\(output.stderr)")
        let lines = output.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("photory-tui ") == true)
        for name in ["ncurses", "chafa", "libjpeg-turbo", "libexif"] {
            let line = try #require(lines.first { $0.hasPrefix(name + " ") }, "no \(name) in \(lines)")
            #expect(line.contains("runs lib") && line.contains(".so"), "\(line) names no loaded file")
        }
        for name in ["ncurses", "chafa", "libjpeg-turbo"] {
            let line = lines.first { $0.hasPrefix(name + " ") } ?? ""
            #expect(line.dropFirst(name.count + 1).first?.isNumber == true, "\(name) has no version: \(line)")
        }
    }

    /// FFmpeg and LibRaw bring about a hundred libraries: they are loaded when a video or a raw
    /// file is first read, never at start-up (`Sources/CLazyLink`), so every start stays small.
    /// libgphoto2 (cameras, issue 25) too: only when a camera is asked for.
    @Test func startingMapsNeitherFFmpegNorLibRaw() throws {
        let linked = Processes.run("/usr/bin/ldd", [try E2E.binary()])
        #expect(linked.status == 0, "\(linked.stderr)")
        #expect(linked.stdout.contains("libncursesw"), "ldd said: \(linked.stdout)")
        for name in ["libavformat", "libavcodec", "libswscale", "libavutil", "libraw",
                     "libgphoto2"] {   // cameras (issue 25)
            #expect(!linked.stdout.contains(name), "the binary links \(name) at start-up")
        }
    }

    @Test func unknownColourModeSaysWhichAreKnown() throws {
        let output = try E2E.cli(["--colors", "purple"], sandbox: Sandbox())
        #expect(output.status != 0)
        #expect(output.stderr.contains("'purple' is invalid for '--colors <mode>'"))
        #expect(output.stderr.contains("'truecolor', '256', '16', '8' or 'mono'"))
    }

    @Test func benchWithoutAFolderSaysWhatItNeeds() throws {
        let output = try E2E.cli(["bench"], sandbox: Sandbox())
        #expect(output.status != 0)
        #expect(output.stderr.contains("bench needs a folder of JPEG photos"))
    }
}
