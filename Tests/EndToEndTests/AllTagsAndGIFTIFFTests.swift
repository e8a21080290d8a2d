import Fixtures
import Foundation
import Testing

/// GIF and TIFF files and "all the metadata", with the real binary: `show --all-tags` beside
/// exiftool, `list --json` marking an animated GIF, and the `I` layer in tmux.
@Suite(.enabled(if: FormatTools.available("convert", "exiftool"), "needs ImageMagick convert and exiftool"))
struct AllTagsAndGIFTIFFTests {
    @Test func gifsAndScannedTIFFsAreImportedAndListed() throws {
        let sandbox = Sandbox()
        let fixture = FormatFixture(TemporaryFolder("photory-e2e-gif-tiff"))
        _ = try fixture.convert("roll/anim.gif", width: 40, height: 30, source: "xc:red", ["xc:blue", "-loop", "0"])
        _ = try fixture.convert("roll/still.gif", width: 40, height: 30, source: "xc:green")
        let scan = try fixture.convert("roll/scan.tif", width: 60, height: 40, source: "xc:white", ["xc:black"])
        try fixture.tag(scan, .init(description: "Grandma's album", dateTimeOriginal: "1978:07:14 15:16:17", make: "Epson"))
        let big = fixture.folder.file("roll/big.tif")
        try FormatTools.run("convert", ["-size", "30x20", "gradient:", "-depth", "16", "TIFF64:" + big])
        let whole = try #require(FileManager.default.contents(atPath: try fixture.convert("src.gif", width: 120, height: 90, source: "plasma:fractal")))
        fixture.folder.write(whole.prefix(whole.count / 2), to: "roll/cut.gif")
        let folder = fixture.folder.path + "/roll"

        let result = try E2E.cli(["import", folder, "--library", sandbox.library], sandbox: sandbox)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("4 imported, 1 corrupt"), "\(result.stdout)")
        #expect(result.stdout.contains("\(folder)/cut.gif: the GIF is truncated"), "\(result.stdout)")

        let photos = try sandbox.photosByName()
        #expect(photos["anim.gif"]?["animated"] as? Bool == true)
        #expect(photos["still.gif"]?["animated"] == nil)
        let shown = try E2E.cli(["show", folder + "/anim.gif", "--library", sandbox.library], sandbox: sandbox)
        #expect(shown.stdout.contains("Animated    yes: the first frame is shown"), "\(shown.stdout)")
        let still = try E2E.cli(["show", folder + "/still.gif", "--library", sandbox.library], sandbox: sandbox)
        #expect(still.status == 0 && !still.stdout.contains("Animated"), "\(still.stdout)")
        #expect(photos["scan.tif"]?["takenAt"] as? String == "1978-07-14T15:16:17")
        #expect(photos["scan.tif"]?["group"] as? String == "Grandma's album")
        #expect(photos["scan.tif"]?["kind"] as? String == "photo")
        #expect((photos["big.tif"]?["width"] as? Int, photos["big.tif"]?["height"] as? Int) == (30, 20))
    }

    @Test func showAllTagsListsWhatExiftoolListsForAPhotoOrAFile() throws {
        let sandbox = Sandbox()
        let fixture = FormatFixture(TemporaryFolder("photory-e2e-tags"))
        let path = try fixture.convert("photos/beach.jpg", width: 64, height: 48)
        try FormatTools.run("exiftool", ["-q", "-q", "-overwrite_original", "-EXIF:DateTimeOriginal=2021:06:01 12:34:56",
                                         "-EXIF:Make=Canon", "-EXIF:Model=Canon EOS 5D", "-GPSLatitude=48.8584",
                                         "-GPSLatitudeRef=N", "-GPSLongitude=2.2945", "-GPSLongitudeRef=E",
                                         "-XMP-xmp:Rating=4", "-IPTC:Keywords=beach", "-IPTC:Keywords=sun",
                                         "-XMP-dc:Title=Evil\u{1B}]0;owned\u{07} title", path])
        let exiftool = try FormatTools.run("exiftool", ["-a", "-G1", "-s", path]).split(separator: "\n").compactMap { line -> (String, String)? in
            guard line.hasPrefix("["), let close = line.firstIndex(of: "]"), let colon = line.range(of: " : ") else { return nil }
            let name = line[line.index(after: close)..<colon.lowerBound].trimmingCharacters(in: .whitespaces)
            return (String(line[line.index(after: line.startIndex)..<close]), name)
        }.filter { ["DateTimeOriginal", "Make", "Model", "Rating", "Keywords"].contains($0.1) || $0.1.hasPrefix("GPS") }
            .filter { !$0.0.hasPrefix("Composite") }
        #expect(exiftool.count >= 9, "\(exiftool)")

        // A file outside the library, as JSON.
        let json = try E2E.cli(["show", "--all-tags", "--json", path, "--library", sandbox.library], sandbox: sandbox)
        #expect(json.status == 0, "\(json.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let tags = try #require(object["tags"] as? [[String: String]])
        for (group, name) in exiftool {
            #expect(tags.contains { $0["group"] == group && $0["name"] == name }, "\(group):\(name)")
        }
        #expect(tags.contains { $0["group"] == "XMP-dc" && $0["name"] == "title" && $0["value"]?.hasPrefix("Evil") == true }, "\(tags)")

        // The same photo from the library, as text: the escape sequence is gone.
        try sandbox.importWithCLI([fixture.folder.path + "/photos"])
        let text = try E2E.cli(["show", "--all-tags", path, "--library", sandbox.library], sandbox: sandbox)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("ExifIFD") && text.stdout.contains("2021:06:01 12:34:56"), "\(text.stdout)")
        #expect(text.stdout.contains("Evil") && !text.stdout.contains("\u{1B}"))

        let missing = try E2E.cli(["show", "--all-tags", fixture.folder.file("nothing.jpg"), "--library", sandbox.library], sandbox: sandbox)
        #expect(missing.status != 0)
        #expect(missing.stderr.contains("no such file"), "\(missing.stderr)")
    }

    @Test func iShowsEveryTagInTheBrowserFiltersWithSlashAndEscCloses() throws {
        let run = try BrowserRun(photos: 3)
        run.tmux.send("I")
        try run.tmux.waitFor("All tags — photo-01.jpg")
        try run.tmux.waitFor("ExifIFD")
        #expect(run.tmux.screen().contains("DateTimeOriginal"))
        run.tmux.send("/")
        run.tmux.type("model")
        try run.tmux.waitFor("Filter: model")
        try run.tmux.waitFor("matching")
        #expect(!run.tmux.screen().contains("DateTimeOriginal"))
        run.tmux.send("Escape")
        try run.tmux.waitForAbsence(of: "Filter:")
        run.tmux.send("Escape")
        try run.tmux.waitForAbsence(of: "All tags —")
        #expect(run.tmux.screen().contains("photo-01.jpg"))
    }
}
