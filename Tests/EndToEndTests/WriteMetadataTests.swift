import Fixtures
import Foundation
import Testing

/// `photory-tui write-metadata` with the real binary: edits reach the files and sidecars where
/// exiftool and exiv2 read them, the library stops calling them edits, and a write killed at
/// any moment leaves the old file or the new one, never half of one.
@Suite("Writing metadata back to the files")
struct WriteMetadataTests {
    static let exiftool = ["/usr/bin/exiftool", "/usr/local/bin/exiftool"].first(where: FileManager.default.isExecutableFile)
    static let exiv2 = ["/usr/bin/exiv2", "/usr/local/bin/exiv2"].first(where: FileManager.default.isExecutableFile)

    /// `show --json` of one photo.
    func show(_ path: String, _ sandbox: Sandbox) throws -> [String: Any] {
        let output = try sandbox.cli(["show", path, "--json"])
        return try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any] ?? [:]
    }

    @Test("edit --date --location, then write-metadata: exiftool and exiv2 read the values",
          .enabled(if: exiftool != nil && exiv2 != nil, "needs exiftool and exiv2 (libimage-exiftool-perl, exiv2)"))
    func editThenWrite() throws {
        let sandbox = Sandbox()
        let paths = PhotoFixtures.write(PhotoFixtures.series(2, description: "Trip"), into: sandbox.root.path + "/photos")
        try sandbox.importWithCLI([sandbox.root.path + "/photos"])
        let id = try #require(try show(paths[0], sandbox)["id"] as? String)
        let edit = try sandbox.cli(["edit", paths[0], "--date", "2004-12-25 18:30", "--tz", "-03:00",
                                    "--location", "-22.9068,-43.1729", "--favourite"])
        #expect(edit.status == 0, "\(edit.stderr)")

        let write = try sandbox.cli(["write-metadata"])
        #expect(write.status == 0, "\(write.stderr)")
        #expect(write.stdout.contains("written  \(paths[0]) (file and sidecar)"))
        #expect(write.stdout.contains("1 photo: 1 file and 1 sidecar written"))

        let tags = Processes.run(Self.exiftool!, ["-s3", "-n", "-DateTimeOriginal", "-OffsetTimeOriginal",
                                                  "-GPSLatitude", "-GPSLongitude", paths[0]]).stdout
        #expect(tags.split(separator: "\n") == ["2004:12:25 18:30:00", "-03:00", "-22.9068", "-43.1729"])
        let exiv2 = Processes.run(Self.exiv2!, ["-Pkv", "-g", "Exif.Photo.DateTimeOriginal", "-g", "Exif.GPSInfo.GPSLatitudeRef",
                                                paths[0]]).stdout
        #expect(exiv2.contains("2004:12:25 18:30:00") && exiv2.contains("Exif.GPSInfo.GPSLatitudeRef") && exiv2.contains("S"))
        let sidecar = paths[0] + ".xmp"
        let xmp = Processes.run(Self.exiftool!, ["-s3", "-n", "-XMP:DateTimeOriginal", "-XMP:GPSLatitude", "-XMP:Rating",
                                                 sidecar]).stdout
        #expect(xmp.split(separator: "\n") == ["2004:12:25 18:30:00-03:00", "-22.9068", "5"])
        let sidecarByExiv2 = Processes.run(Self.exiv2!, ["-Pkv", "-g", "Xmp.xmp.CreateDate", sidecar]).stdout
        #expect(sidecarByExiv2.contains("2004-12-25T18:30:00-03:00"))

        let photo = try show(paths[0], sandbox)
        #expect(photo["id"] as? String == id, "the photo keeps its id")
        #expect(photo["edited"] as? [String] == [], "the file holds the values now: not edited any more")
        #expect(photo["takenAt"] as? String == "2004-12-25T18:30:00-03:00")
        #expect(photo["takenAtSource"] as? String == "dateTimeOriginal")
        #expect(photo["favourite"] as? Bool == true)

        // Importing the folder again finds nothing new or changed.
        let again = try sandbox.cli(["import", sandbox.root.path + "/photos"])
        #expect(again.stdout.hasSuffix("2 duplicates\n"), "the rewritten file is known, the sidecar skipped: \(again.stdout)")
        // Nothing left to write into files; a second run only refreshes the favourite's sidecar.
        #expect(try sandbox.cli(["write-metadata", "--file-only"]).stdout.contains("nothing to write"))
    }

    @Test("edit, write-metadata, undo: show gives the old date again as an edit, and the next write puts it back in the file",
          .enabled(if: exiftool != nil, "needs exiftool (libimage-exiftool-perl)"))
    func undoAfterWriteBringsTheOldValueBack() throws {
        let sandbox = Sandbox()
        let paths = PhotoFixtures.write(PhotoFixtures.series(1, description: "Trip"), into: sandbox.root.path + "/photos")
        try sandbox.importWithCLI([sandbox.root.path + "/photos"])
        #expect(try sandbox.cli(["edit", paths[0], "--date", "2001-02-03 04:05"]).status == 0)
        #expect(try sandbox.cli(["write-metadata"]).status == 0)
        func fileDate() -> String {
            Processes.run(Self.exiftool!, ["-s3", "-DateTimeOriginal", paths[0]]).stdout
        }
        #expect(fileDate() == "2001:02:03 04:05:00\n")

        let undo = try sandbox.cli(["undo"])
        #expect(undo.status == 0, "\(undo.stderr)")
        #expect(undo.stdout.contains("  taken: 2001-02-03 04:05:00 → 2021-03-01 09:00:00"), "\(undo.stdout)")
        #expect(undo.stdout.contains("undid: set date of 1 photo to 2001-02-03 04:05 — the file still holds 2001-02-03 04:05:00 until you write again"),
                "\(undo.stdout)")
        var photo = try show(paths[0], sandbox)
        #expect(photo["takenAt"] as? String == "2021-03-01T09:00:00")
        #expect(photo["edited"] as? [String] == ["takenAt"], "waiting to be written")
        #expect(fileDate() == "2001:02:03 04:05:00\n", "undo alone does not touch the file")

        let write = try sandbox.cli(["write-metadata"])
        #expect(write.stdout.contains("1 photo: 1 file and 1 sidecar written"), "\(write.stdout)")
        #expect(fileDate() == "2021:03:01 09:00:00\n", "the old date is back in the file")
        photo = try show(paths[0], sandbox)
        #expect(photo["edited"] as? [String] == [] && photo["takenAtSource"] as? String == "dateTimeOriginal")

        // Redo: the step's date is an edit again (the file holds the old one now).
        let redo = try sandbox.cli(["redo"])
        #expect(redo.stdout.contains("redid: set date of 1 photo to 2001-02-03 04:05 — the file still holds 2021-03-01 09:00:00 until you write again"),
                "\(redo.stdout)")
        #expect(try show(paths[0], sandbox)["takenAt"] as? String == "2001-02-03T04:05:00")
    }

    @Test("edit --tz with an offset that does not exist exits 1 and says why; nothing is written",
          arguments: ["+25:00", "+99:59", "+12:60", "-13:00"])
    func impossibleOffsetRefused(offset: String) throws {
        let sandbox = Sandbox()
        let paths = PhotoFixtures.write(PhotoFixtures.series(1, description: "Trip"), into: sandbox.root.path + "/photos")
        try sandbox.importWithCLI([sandbox.root.path + "/photos"])
        let before = try show(paths[0], sandbox)["takenAt"] as? String
        let edit = try sandbox.cli(["edit", paths[0], "--tz", offset])
        #expect(edit.status == 1)
        #expect(edit.stderr.contains("--tz \(offset)") && edit.stderr.contains(offset == "+12:60" ? "minutes run from 00 to 59"
                                                                            : "UTC offsets run from -12:00 to +14:00"), "\(edit.stderr)")
        #expect(try show(paths[0], sandbox)["takenAt"] as? String == before)
        #expect(try sandbox.cli(["write-metadata"]).stdout.contains("nothing to write"))
    }

    @Test("a HEIC's sidecar is the whole write: exit 0, the line and summary say the file was left alone, the edit is no longer pending",
          .enabled(if: exiftool != nil && FormatTools.available("heif-enc", "convert"), "needs exiftool, heif-enc and convert"))
    func heicGetsItsSidecarAndCountsAsDone() throws {
        let sandbox = Sandbox()
        let fixture = FormatFixture(TemporaryFolder("photory-e2e-heic"))
        let heic = try fixture.heif("phone/IMG_0001.HEIC", tags: .init(dateTimeOriginal: "2021:04:11 15:47:53", model: "iPhone"))
        let original = FileManager.default.contents(atPath: heic)
        try sandbox.importWithCLI([fixture.folder.path + "/phone"])
        #expect(try sandbox.cli(["edit", heic, "--shift", "+1h"]).status == 0)

        let write = try sandbox.cli(["write-metadata"])
        #expect(write.status == 0, "\(write.stdout)\(write.stderr)")
        #expect(write.stdout.contains("written  \(heic) (sidecar): the HEIF file itself was left alone: "
                                      + "photory writes into JPEG files only, not HEIF, PNG, WebP, raw files or videos"), "\(write.stdout)")
        #expect(write.stdout.contains("1 photo: 0 files and 1 sidecar written (1 file left alone: photory writes into JPEG files only"),
                "\(write.stdout)")
        #expect(!write.stdout.contains("refused"))
        #expect(FileManager.default.contents(atPath: heic) == original, "the HEIC itself is not touched")
        let xmp = Processes.run(Self.exiftool!, ["-s3", "-XMP:DateTimeOriginal", heic + ".xmp"]).stdout
        #expect(xmp.hasPrefix("2021:04:11 16:47:53"))

        let photo = try show(heic, sandbox)
        #expect(photo["edited"] as? [String] == [], "the sidecar holds the date: not an edit any more")
        #expect(photo["takenAt"] as? String == "2021-04-11T16:47:53")
        #expect(photo["takenAtSource"] as? String == "sidecar")
        let again = try sandbox.cli(["write-metadata"])
        #expect(again.status == 0 && again.stdout.contains("nothing to write"), "\(again.stdout)")

        // Only into the file: nothing can be written, a real refusal.
        #expect(try sandbox.cli(["edit", heic, "--shift", "+1h"]).status == 0)
        let fileOnly = try sandbox.cli(["write-metadata", "--file-only"])
        #expect(fileOnly.status == 1)
        #expect(fileOnly.stdout.contains("refused  \(heic): the HEIF file was not written (photory writes into JPEG files only"),
                "\(fileOnly.stdout)")
    }

    @Test("a refused photo is reported and the command exits 1")
    func refusedPhoto() throws {
        let sandbox = Sandbox()
        let paths = PhotoFixtures.write(PhotoFixtures.series(2, description: "Trip"), into: sandbox.root.path + "/photos")
        try sandbox.importWithCLI([sandbox.root.path + "/photos"])
        #expect(try sandbox.cli(["edit", paths[0], paths[1], "--description", "Carnival"]).status == 0)
        chmod(paths[0], 0o444)
        let write = try sandbox.cli(["write-metadata", "--file-only", paths[0], paths[1]])
        #expect(write.status == 1)
        #expect(write.stdout.contains("refused  \(paths[0]): the file is read-only"))
        #expect(write.stdout.contains("written  \(paths[1]) (file)"))
        #expect(write.stdout.contains("2 photos: 1 file and 0 sidecars written, 1 refused"))
        #expect(try show(paths[0], sandbox)["edited"] as? [String] == ["description"])
        #expect(try show(paths[1], sandbox)["edited"] as? [String] == [])
        #expect(try sandbox.cli(["write-metadata", "--file-only", "--sidecar-only"]).status != 0)
    }

    /// A JPEG of about 120 MB (a real picture followed by padding after EOI), so that writing
    /// it takes long enough to be killed in the middle.
    static func largeJPEG(at path: String) throws {
        let exif = MetadataFixture.EXIF(make: "Testcam", model: "Big", dateTimeOriginal: "2020:01:01 00:00:00")
        var data = MetadataFixture.jpeg(width: 64, height: 48, exif: exif)
        data.append(Data(count: 120 << 20))
        #expect(FileManager.default.createFile(atPath: path, contents: data))
    }

    @Test("SIGKILL during write-metadata leaves the old file or a complete new one, and no temporary file",
          .enabled(if: exiftool != nil, "needs exiftool (libimage-exiftool-perl)"))
    func killedWhileWriting() throws {
        let sandbox = Sandbox()
        let folder = sandbox.root.path + "/photos"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/big.jpg"
        try Self.largeJPEG(at: path)
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        try sandbox.importWithCLI([folder])
        let binary = try E2E.binary()
        var outcomes: [String] = []
        var day = 1
        // Killed at a time after the start, then at a time after it began writing the new file.
        let kills: [Kill] = [.after(0.05), .after(0.3), .after(1.0)] + [0, 0.01, 0.03, 0.08, 0.15, 0.3].map(Kill.whileWriting)
        for kill in kills {
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            day += 1
            let date = String(format: "2004-12-%02d 18:30", day)
            #expect(try sandbox.cli(["edit", path, "--date", date]).status == 0)
            let (status, sawWriting) = Self.run(binary, ["write-metadata", "--file-only", path, "--library", sandbox.library],
                                                environment: sandbox.environment(term: "dumb", colorterm: nil), killing: kill,
                                                folder: folder)
            if case .whileWriting = kill { #expect(sawWriting, "the write was seen under way (\(kill))") }
            let after = try Data(contentsOf: URL(fileURLWithPath: path))
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0 != "big.jpg" }
            #expect(leftovers.isEmpty, "no temporary file stays (\(kill)): \(leftovers)")
            if after == before {
                #expect(status != 0, "a run that finished changed the file (\(kill))")
                outcomes.append("\(kill): old")
            } else {
                let taken = Processes.run(Self.exiftool!, ["-s3", "-DateTimeOriginal", path]).stdout
                    .trimmingCharacters(in: .whitespacesAndNewlines)
                #expect(taken == String(format: "2004:12:%02d 18:30:00", day), "a complete new file (\(kill))")
                #expect(after.count > original.count - 1024 && after.suffix(1 << 20) == original.suffix(1 << 20),
                        "the picture and the padding are all there (\(kill))")
                outcomes.append("\(kill): " + (status == 0 ? "finished" : "new"))
            }
        }
        // The library is still readable, and a last run brings it in line with the file.
        #expect(try sandbox.cli(["write-metadata", "--file-only", path]).status == 0)
        #expect(try show(path, sandbox)["edited"] as? [String] == [])
        print("write-metadata on a 120 MB JPEG, SIGKILLed: \(outcomes.joined(separator: ", "))")
    }

    enum Kill: CustomStringConvertible {
        /// Seconds after the start.
        case after(Double)
        /// Seconds after the new file appeared in the folder (a nameless O_TMPFILE or a temporary file).
        case whileWriting(Double)

        var description: String {
            switch self {
            case .after(let s): "at \(s) s"
            case .whileWriting(let s): "\(s) s into the write"
            }
        }
    }

    /// Runs the binary and SIGKILLs it as `kill` says (unless it ended first); returns its
    /// exit status (137 when killed) and whether it was seen writing into `folder`.
    static func run(_ binary: String, _ arguments: [String], environment: [String: String], killing kill: Kill,
                    folder: String) -> (status: Int32, sawWriting: Bool) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd: Int32 in [0, 1, 2] { posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0) }
        let argv = ([binary] + arguments).map { strdup($0) } + [nil]
        let env = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            env.forEach { free($0) }
        }
        var pid: pid_t = 0
        guard posix_spawn(&pid, binary, &actions, nil, argv, env) == 0 else { return (-1, false) }
        var sawWriting = false
        switch kill {
        case .after(let seconds):
            usleep(useconds_t(seconds * 1_000_000))
        case .whileWriting(let seconds):
            let deadline = Date().addingTimeInterval(E2E.timeout)
            while !sawWriting, Date() < deadline, waitpid(pid, nil, WNOHANG) == 0 {
                sawWriting = isWriting(pid, into: folder)
                if !sawWriting { usleep(1000) }
            }
            usleep(useconds_t(seconds * 1_000_000))
        }
        Glibc.kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        return ((status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f), sawWriting)
    }

    /// Whether `pid` has a file open for writing in `folder` other than a photo: an O_TMPFILE
    /// ("folder/#123 (deleted)") or a temporary file.
    static func isWriting(_ pid: pid_t, into folder: String) -> Bool {
        guard let fds = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd") else { return false }
        return fds.contains { fd in
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(fd)") else { return false }
            return target.hasPrefix(folder + "/#") || target.hasPrefix(folder + "/.big.jpg.photory-")
        }
    }
}
