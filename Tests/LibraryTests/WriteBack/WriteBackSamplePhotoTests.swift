import Fixtures
import Foundation
@testable import Library
import Testing

/// Write-back on copies of the real camera files in ../shared/photos (never the files themselves).
@Suite("Write-back: sample photos", .serialized)
struct WriteBackSamplePhotoTests {
    /// One or two files per maker, with the maker-note kinds whose offsets count from the TIFF
    /// header (Canon, Sony, Casio, Olympus, Panasonic, Pentax, Konica Minolta) and those with
    /// their own header (Nikon, Fujifilm, Apple), plus phones and files edited by other tools.
    static let samples = [
        "tiny/Canon_40D.jpg", "real/canon-ixus.jpg", "real/11-tests.jpg", "real/28-hex_value.jpg",
        "real/Sony_DSLR-A200.jpg", "real/large.jpg", "real/35-empty.jpg", "tiny/r_pen.jpg", "tiny/Olympus_C8080WZ.jpg",
        "tiny/Panasonic_DMC-FZ30.jpg", "tiny/Pentax_K10D.jpg", "tiny/Konica_Minolta_DiMAGE_Z3.jpg",
        "tiny/Nikon_D70.jpg", "tiny/Fujifilm_FinePix_E500.jpg", "real/iphone_hdr_YES.jpg",
        "real/Xiaomi_Mi_9T_KeyError.jpg", "real/HMD_Nokia_8.3_5G.jpg", "real/xmp_test.jpg", "real/iptc.jpg",
        "real/45-gps_ifd.jpg", "tiny/empty_gps_ifd.jpg",
        // Previews and thumbnails the EXIF block points at outside the maker note: Nikon E5700's
        // PreviewIFD, Pentax's preview, uncompressed IFD1 strips (Kodak DC210, Sony D700).
        "tiny/exiv2_exiv2-bug444.jpg", "tiny/exiv2_exiv2-bug884c.jpg", "real/kodak-dc210.jpg", "real/sony-d700.jpg",
    ]

    /// Tags a write changes on purpose, or that move with the EXIF layout (offsets of the
    /// thumbnail and previews, counted from the file's start).
    static let ours = ["DateTimeOriginal", "CreateDate", "OffsetTime", "GPS", "ThumbnailOffset", "FileSize",
                       "Composite", "System", "ExifTool", "ImageStart"]

    @Test("each sample gets the new date and place, the same picture, and keeps every other tag",
          .enabled(if: SharedPhotos.available, "../shared/photos not present"),
          .enabled(if: ExternalTool.exiftool != nil, "exiftool not installed"))
    func samplesKeepTheirTags() throws {
        let exiftool = ExternalTool.exiftool!
        let copies = TemporaryFolder("photory-writeback-samples")
        var written: [String] = [], refused: [String] = []
        for name in Self.samples where FileManager.default.fileExists(atPath: SharedPhotos.folder! + "/" + name) {
            let copy = copies.path + "/" + name.replacingOccurrences(of: "/", with: "_")
            try FileManager.default.copyItem(atPath: SharedPhotos.folder! + "/" + name, toPath: copy)
            chmod(copy, 0o644)
            let original = Array(FileManager.default.contents(atPath: copy)!)
            let arguments = ["-a", "-G1", "-s", "-n", copy]
            let before = Set(try exiftool.run(arguments).split(separator: "\n").map(String.init))
            do {
                try JPEGMetadataWriter.write(WriteBackJPEGTests.rio, to: copy)
            } catch {
                refused.append("\(name): \(error)")
                #expect(Array(FileManager.default.contents(atPath: copy)!) == original, "\(name) changed though refused")
                continue
            }
            written.append(name)
            let now = Array(FileManager.default.contents(atPath: copy)!)
            #expect(imageData(now) == imageData(original), "\(name): picture bytes changed")
            let v = try exiftool.values(["EXIF:DateTimeOriginal", "Composite:GPSLatitude", "Composite:GPSLongitude"], in: copy)
            #expect(v["EXIF:DateTimeOriginal"] == "2004:12:25 18:30:00", "\(name)")
            #expect(abs((Double(v["Composite:GPSLatitude"] ?? "") ?? 0) - -22.9068) < 1e-6, "\(name)")
            let after = Set(try exiftool.run(arguments).split(separator: "\n").map(String.init))
            let differ = before.symmetricDifference(after).filter { line in !Self.ours.contains { line.contains($0) } }
            #expect(differ.isEmpty, "\(name): other tags changed: \(differ.sorted().prefix(6))")
        }
        #expect(written.count == Self.samples.count, "refused: \(refused)")
    }

    /// Lines of `exiftool -a -G1 -s -n` a date-only write changes on purpose: the dates (and
    /// what exiftool derives from them), the file's size and times, exiftool's own version.
    static let dateLines = ["DateTimeOriginal", "CreateDate", "[System]", "[Composite]", "ExifToolVersion"]

    @Test("a date-only write keeps everything else of every photo in real/ and tiny/: every tag (empty ones too, maker notes), the preview and thumbnail bytes",
          .enabled(if: SharedPhotos.available, "../shared/photos not present"),
          .enabled(if: ExternalTool.exiftool != nil, "exiftool not installed"))
    func dateOnlyWriteKeepsEverything() throws {
        let exiftool = ExternalTool.exiftool!
        let copies = TemporaryFolder("photory-writeback-everything")
        var names: [String] = []
        for sub in ["real", "tiny"] {
            let folder = SharedPhotos.folder! + "/" + sub
            guard let found = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            for name in found.sorted() where ["jpg", "jpeg", "mpo"].contains((name as NSString).pathExtension.lowercased()) {
                let copy = sub + "_" + name
                try FileManager.default.copyItem(atPath: folder + "/" + name, toPath: copies.path + "/" + copy)
                chmod(copies.path + "/" + copy, 0o644)
                names.append(copy)
            }
        }
        #expect(names.count >= 100)
        let originals = Dictionary(uniqueKeysWithValues: names.map { ($0, Array(FileManager.default.contents(atPath: copies.path + "/" + $0)!)) })

        /// Per file: exiftool's lines, the extracted preview and thumbnail (base64), exiv2's
        /// extracted thumbnail (the IFD1 one, JPEG or uncompressed TIFF strips).
        func state(_ label: String) throws -> (lines: [String: [String]], images: [String: [String: String]], exiv2: [String: Data]) {
            let text = try exiftool.run(["-a", "-G1", "-s", "-n", "-ext", "*", copies.path])
            var lines: [String: [String]] = [:]
            var current = ""
            for line in text.split(separator: "\n").map(String.init) {
                if line.hasPrefix("======== ") { current = (line.dropFirst(9) as Substring).split(separator: "/").last.map(String.init) ?? "" }
                else { lines[current, default: []].append(line) }
            }
            let json = try exiftool.run(["-j", "-b", "-PreviewImage", "-ThumbnailImage", "-ext", "*", copies.path])
            var images: [String: [String: String]] = [:]
            for item in (try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]) ?? [] {
                let file = ((item["SourceFile"] as? String ?? "") as NSString).lastPathComponent
                images[file] = item.filter { $0.key != "SourceFile" }.mapValues { "\($0)" }
            }
            var exiv2: [String: Data] = [:]
            if let tool = ExternalTool.exiv2 {
                let out = copies.path + "-" + label
                try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
                _ = try tool.run(["-et", "-l", out] + names.map { copies.path + "/" + $0 })
                for file in try FileManager.default.contentsOfDirectory(atPath: out) {
                    exiv2[file] = FileManager.default.contents(atPath: out + "/" + file)
                }
            }
            return (lines, images, exiv2)
        }

        let before = try state("before")
        var refused: [String] = []
        for name in names {
            do {
                try JPEGMetadataWriter.write(.init(dateTaken: "2004:12:25 18:30:00"), to: copies.path + "/" + name)
            } catch .damagedEXIF {
                // Refused, naming why: the file must be as it was.
                refused.append(name)
                #expect(Array(FileManager.default.contents(atPath: copies.path + "/" + name)!) == originals[name], "\(name)")
            } catch {
                Issue.record("\(name) refused: \(error)")
            }
        }
        #expect(refused.allSatisfy { $0.hasPrefix("tiny_") } && refused.count <= 2, "refused: \(refused)")
        let after = try state("after")
        for name in names where !refused.contains(name) {
            let kept = { (lines: [String]) in Set(lines.filter { line in !Self.dateLines.contains { line.contains($0) } }) }
            let old = kept(before.lines[name] ?? []); var new = kept(after.lines[name] ?? [])
            // A photo without EXIF gets a new block: its byte order is new, nothing else.
            if !old.contains(where: { $0.contains("ExifByteOrder") }) { new = new.filter { !$0.contains("ExifByteOrder") } }
            // A warning may go (an empty GPS IFD, say); none may come, no other line may change.
            let lost = old.subtracting(new).filter { !$0.contains("Warning") }
            #expect(lost.sorted() == [] && new.subtracting(old).sorted() == [], "\(name): lost \(lost.sorted().prefix(4)), new \(new.subtracting(old).sorted().prefix(4))")
            let tagName = { (line: String) in String(line.prefix { $0 != ":" }).trimmingCharacters(in: .whitespaces) }
            let lostNames = Set((before.lines[name] ?? []).map(tagName)).subtracting((after.lines[name] ?? []).map(tagName))
            #expect(lostNames.sorted() == [], "\(name): tags lost")
            for image in ["PreviewImage", "ThumbnailImage"] {
                #expect(after.images[name]?[image] == before.images[name]?[image], "\(name): its \(image) changed")
            }
        }
        #expect(after.exiv2 == before.exiv2, "exiv2's thumbnails changed: \(Set(after.exiv2.keys).symmetricDifference(before.exiv2.keys).sorted()) \(before.exiv2.keys.filter { after.exiv2[$0] != before.exiv2[$0] }.sorted())")
    }
}
