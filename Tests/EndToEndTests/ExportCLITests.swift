import Fixtures
import Foundation
import Testing

/// `photory-tui export` with the real binary (issue 23): what it wrote is decoded (turbojpeg)
/// and its EXIF read by exiftool; names made unique, originals untouched, one outcome per photo,
/// exit 1 when one failed.
@Suite(.enabled(if: FormatTools.available("exiftool"), "needs exiftool"))
struct ExportCLITests {
    /// Two JPEGs named alike in two folders (640×480 with a position and a camera, and 300×200),
    /// imported; their paths.
    static func photos(_ sandbox: Sandbox) throws -> [String] {
        let withGPS = MetadataFixture.jpeg(width: 640, height: 480,
                                           exif: .init(make: "Canon", model: "Canon EOS 6D",
                                                       dateTimeOriginal: "2021:06:01 12:34:56",
                                                       gps: .init(latitude: 41.9028, longitude: 12.4964)))
        let plain = JPEGFixture.encode(width: 300, height: 200)
        let paths = [sandbox.root.path + "/photos/rome/IMG_1.jpg", sandbox.root.path + "/photos/other/IMG_1.jpg"]
        for (path, data) in zip(paths, [withGPS, plain]) {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try data.write(to: URL(fileURLWithPath: path))
        }
        try sandbox.importWithCLI([sandbox.root.path + "/photos"])
        return paths
    }

    static func exif(_ path: String, _ tags: [String]) throws -> String {
        try FormatTools.run("exiftool", ["-s", "-s", "-s", "-f"] + tags + [path])
    }

    @Test func copiesByteForByteWithUniqueNamesAndTheEXIFKept() throws {
        let sandbox = Sandbox()
        let paths = try Self.photos(sandbox)
        let originals = try paths.map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
        let out = sandbox.root.path + "/out"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        try Data("already here".utf8).write(to: URL(fileURLWithPath: out + "/IMG_1.jpg"))

        let result = try sandbox.cli(["export"] + paths + ["--to", out])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("2 copied"), "\(result.stdout)")
        // The file there stays; the two new ones get numbers.
        #expect(try String(contentsOfFile: out + "/IMG_1.jpg", encoding: .utf8) == "already here")
        #expect(try Data(contentsOf: URL(fileURLWithPath: out + "/IMG_1.2.jpg")) == originals[0])
        #expect(try Data(contentsOf: URL(fileURLWithPath: out + "/IMG_1.3.jpg")) == originals[1])
        #expect(try Self.exif(out + "/IMG_1.2.jpg", ["-GPSLatitude#", "-Make"]).contains("Canon"))
        #expect(try Self.exif(out + "/IMG_1.2.jpg", ["-GPSLatitude#"]).hasPrefix("41.90"))
        #expect(try paths.map { try Data(contentsOf: URL(fileURLWithPath: $0)) } == originals, "originals untouched")
    }

    @Test func stripGPSTakesThePositionOutAndKeepsTheRest() throws {
        let sandbox = Sandbox()
        let paths = try Self.photos(sandbox)
        let original = try Data(contentsOf: URL(fileURLWithPath: paths[0]))
        let out = sandbox.root.path + "/out"
        let result = try sandbox.cli(["export", paths[0], "--to", out, "--strip-gps", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let records = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(records.count == 1 && records[0]["outcome"] as? String == "converted"
            && records[0]["destination"] as? String == out + "/IMG_1.jpg", "\(result.stdout)")
        let written = out + "/IMG_1.jpg"
        #expect(try FormatTools.run("exiftool", ["-gps:all", written]).isEmpty, "no GPS tag left")
        #expect(try Self.exif(written, ["-Make", "-DateTimeOriginal"]) == "Canon\n2021:06:01 12:34:56\n")
        // The picture is the same: every byte from the image data on.
        let decoded = try #require(JPEGFixture.decode(try Data(contentsOf: URL(fileURLWithPath: written))))
        let before = try #require(JPEGFixture.decode(original))
        #expect(decoded.width == 640 && decoded.rgb == before.rgb)
        #expect(try Data(contentsOf: URL(fileURLWithPath: paths[0])) == original, "original untouched")
    }

    /// Nothing of the place leaks with --strip-gps: not the EXIF position, not the XMP one nor
    /// the XMP and IPTC place names, not a picture or video after the JPEG's end (an MPO's
    /// second picture, a Motion Photo's video) that carries its own position, not the sidecar.
    @Test func stripGPSLeavesNothingOfThePlaceAnywhere() throws {
        let sandbox = Sandbox()
        let path = sandbox.root.path + "/photos/rome/IMG_2.jpg"
        try FileManager.default.createDirectory(atPath: sandbox.root.path + "/photos/rome", withIntermediateDirectories: true)
        let gps = MetadataFixture.GPS(latitude: 41.9028, longitude: 12.4964)
        try MetadataFixture.jpeg(width: 640, height: 480, exif: .init(make: "Canon", model: "Canon EOS 6D", gps: gps))
            .write(to: URL(fileURLWithPath: path))
        _ = try FormatTools.run("exiftool", ["-q", "-overwrite_original",
            "-XMP-exif:GPSLatitude=41.9028", "-XMP-exif:GPSLongitude=12.4964", "-XMP-exif:GPSAltitude=21",
            "-XMP-photoshop:City=Roma", "-XMP-photoshop:Country=Italia", "-XMP-iptcCore:Location=Colosseo",
            "-XMP-iptcExt:LocationShownCity=Roma", "-XMP-xmp:Rating=4", "-XMP-dc:Subject=holiday",
            "-IPTC:City=Roma", "-IPTC:Sub-location=Colosseo", "-IPTC:Country-PrimaryLocationName=Italia",
            "-IPTC:Keywords=holiday", path])
        // A second picture after the end of the first, with its own position (as an MPO or a Motion Photo has).
        let second = MetadataFixture.jpeg(width: 64, height: 48, exif: .init(make: "Canon", gps: gps))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: second + Data("Roma".utf8))
        try handle.close()
        try Data("<x:xmpmeta xmlns:x='adobe:ns:meta/'><rdf:RDF xmlns:rdf='http://www.w3.org/1999/02/22-rdf-syntax-ns#'><rdf:Description xmlns:exif='http://ns.adobe.com/exif/1.0/' exif:GPSLatitude='41,54.168N'/></rdf:RDF></x:xmpmeta>".utf8)
            .write(to: URL(fileURLWithPath: path + ".xmp"))
        try sandbox.importWithCLI([sandbox.root.path + "/photos"])
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        let before = try Self.exif(path, ["-XMP-photoshop:City", "-IPTC:City", "-GPSLatitude#"])
        #expect(before.contains("Roma") && before.contains("41.90"), "the fixture carries the place: \(before)")

        let out = sandbox.root.path + "/out"
        let result = try sandbox.cli(["export", path, "--to", out, "--strip-gps", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let records = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect((records.first?["reason"] as? String)?.contains("left out") == true, "\(result.stdout)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out) == ["IMG_2.jpg"], "no sidecar exported")
        let written = out + "/IMG_2.jpg"
        let everything = try FormatTools.run("exiftool", ["-a", "-G1", "-ee", "-u", written])
        for trace in ["Roma", "Italia", "Colosseo", "GPS", "41.9", "41 deg", "Location", "City"] {
            #expect(!everything.contains(trace), "\(trace) left in:\n\(everything)")
        }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: written))
        #expect(bytes.range(of: Data("Roma".utf8)) == nil && bytes.range(of: Data("Colosseo".utf8)) == nil)
        // The rest stays: camera, rating, keywords, the picture itself.
        #expect(try Self.exif(written, ["-Make", "-XMP-xmp:Rating", "-XMP-dc:Subject", "-IPTC:Keywords"]) == "Canon\n4\nholiday\nholiday\n")
        let decoded = try #require(JPEGFixture.decode(bytes))
        #expect(decoded.width == 640 && decoded.rgb == JPEGFixture.decode(original)?.rgb)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original, "original untouched")
    }

    @Test func maxSizeScalesDownAndReencodesWithTheEXIF() throws {
        let sandbox = Sandbox()
        let paths = try Self.photos(sandbox)
        let out = sandbox.root.path + "/out"
        let result = try sandbox.cli(["export", paths[0], paths[1], "--to", out, "--max-size", "160"])
        #expect(result.status == 0 && result.stdout.contains("2 converted"), "\(result.stdout)\(result.stderr)")
        let first = try #require(JPEGFixture.decode(try Data(contentsOf: URL(fileURLWithPath: out + "/IMG_1.jpg"))))
        let second = try #require(JPEGFixture.decode(try Data(contentsOf: URL(fileURLWithPath: out + "/IMG_1.2.jpg"))))
        #expect(first.width == 160 && first.height == 120)
        #expect(second.width == 160 && (106...107).contains(second.height))
        #expect(try Self.exif(out + "/IMG_1.jpg", ["-Make", "-Orientation#"]) == "Canon\n1\n")
        #expect(try Self.exif(out + "/IMG_1.jpg", ["-GPSLatitude#"]).hasPrefix("41.90"), "GPS kept unless stripped")
    }

    /// The copy is the photo as photory shows it, whatever the options: its date, place (or no
    /// place) and turn edited in the library, not yet written to the file, are in every copy.
    @Test func editsKeptInTheLibraryAreInEveryCopy() throws {
        let sandbox = Sandbox()
        let paths = try Self.photos(sandbox)
        let edit = try sandbox.cli(["edit", paths[0], "--rotate", "90", "--date", "2015-05-05 10:00", "--location", "10,20"])
        #expect(edit.status == 0, "\(edit.stderr)")
        #expect(try sandbox.cli(["edit", paths[1], "--clear-location"]).status == 0)
        let original = try Data(contentsOf: URL(fileURLWithPath: paths[0]))
        for (folder, options) in [("plain", [String]()), ("small", ["--max-size", "320"])] {
            let out = sandbox.root.path + "/" + folder
            let result = try sandbox.cli(["export", paths[0], "--to", out] + options)
            #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
            let written = out + "/IMG_1.jpg"
            #expect(try Self.exif(written, ["-DateTimeOriginal", "-GPSLatitude#", "-GPSLongitude#"])
                    .hasPrefix("2015:05:05 10:00:00\n10\n20"), "\(folder)")
            // Upright either way: turned by its Orientation tag, or in its pixels.
            let turned = try Self.exif(written, ["-Orientation#", "-ImageWidth", "-ImageHeight"])
            #expect(turned == "6\n640\n480\n" || turned == "1\n240\n320\n", "\(folder): \(turned)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: paths[0])) == original, "original untouched")
        // A place removed in the library is not in the copy; nor with --strip-gps, edits or not.
        let cleared = try sandbox.cli(["export", paths[1], paths[0], "--to", sandbox.root.path + "/cleared", "--strip-gps"])
        #expect(cleared.status == 0, "\(cleared.stdout)")
        #expect(try FormatTools.run("exiftool", ["-gps:all", sandbox.root.path + "/cleared/IMG_1.2.jpg"]).isEmpty)
        #expect(try Self.exif(sandbox.root.path + "/cleared/IMG_1.2.jpg", ["-DateTimeOriginal"]) == "2015:05:05 10:00:00\n")
    }

    /// A HEIC converted to JPEG keeps its EXIF (the date, the camera), as a JPEG's copy does.
    @Test(.enabled(if: FormatTools.available("heif-enc"), "needs heif-enc"))
    func aHEICConvertedToJPEGKeepsItsEXIF() throws {
        let sandbox = Sandbox()
        let fixture = FormatFixture(TemporaryFolder("photory-e2e-export-heic"))
        let heic = try fixture.heif("IMG_5195.HEIC", width: 320, height: 240,
                                    tags: .init(dateTimeOriginal: "2019:07:14 09:30:00", make: "Apple", model: "iPhone XS",
                                                gps: (48.8584, 2.2945)))
        try sandbox.importWithCLI([heic])
        let out = sandbox.root.path + "/out"
        let result = try sandbox.cli(["export", heic, "--to", out, "--format", "jpeg"])
        #expect(result.status == 0 && result.stdout.contains("1 converted"), "\(result.stdout)\(result.stderr)")
        #expect(try Self.exif(out + "/IMG_5195.jpg", ["-DateTimeOriginal", "-Make", "-Model", "-GPSLatitude#"])
                .hasPrefix("2019:07:14 09:30:00\nApple\niPhone XS\n48.85"))
        let stripped = try sandbox.cli(["export", heic, "--to", out, "--format", "jpeg", "--strip-gps"])
        #expect(stripped.status == 0, "\(stripped.stdout)")
        #expect(try FormatTools.run("exiftool", ["-gps:all", out + "/IMG_5195.2.jpg"]).isEmpty)
        #expect(try Self.exif(out + "/IMG_5195.2.jpg", ["-Make"]) == "Apple\n")
    }

    @Test func aPhotoThatCannotBeExportedIsNamedAndTheOthersGoOn() throws {
        let sandbox = Sandbox()
        let paths = try Self.photos(sandbox)
        try FileManager.default.removeItem(atPath: paths[1])
        let out = sandbox.root.path + "/out"
        let result = try sandbox.cli(["export", paths[1], paths[0], "--to", out])
        #expect(result.status == 1)
        #expect(result.stdout.contains("failed    \(paths[1]): file missing"), "\(result.stdout)")
        #expect(result.stdout.contains("1 copied, 1 failed"), "\(result.stdout)")
        #expect(FileManager.default.fileExists(atPath: out + "/IMG_1.jpg"))
        let unknown = try sandbox.cli(["export", "/no/such.jpg", "--to", out])
        #expect(unknown.status == 1 && unknown.stderr.contains("/no/such.jpg"), "\(unknown.stderr)")
        // A folder that cannot be made is named with the system's reason.
        let proc = try sandbox.cli(["export", paths[0], "--to", "/proc/photory-nope"])
        #expect(proc.status == 1 && proc.stdout.contains("cannot make its folder: /proc/photory-nope: No such file or directory"),
                "\(proc.stdout)")
        let badSize = try sandbox.cli(["export", paths[0], "--to", out, "--max-size", "0"])
        #expect(badSize.status != 0 && badSize.stderr.contains("--max-size"), "\(badSize.stderr)")
    }

    @Test func anAlbumIsExportedByName() throws {
        let sandbox = Sandbox()
        let paths = try Self.photos(sandbox)
        #expect(try sandbox.cli(["album", "add", "Rome", paths[0]]).status == 0)
        let out = sandbox.root.path + "/out"
        let result = try sandbox.cli(["export", "--album", "rome", "--to", out])
        #expect(result.status == 0 && result.stdout.contains("1 copied"), "\(result.stdout)\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out) == ["IMG_1.jpg"])
    }
}
