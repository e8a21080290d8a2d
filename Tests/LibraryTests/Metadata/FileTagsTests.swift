import Fixtures
import Foundation
import Testing
@testable import Library

/// Every tag of a file (`FileTags`), checked against exiftool where exiftool reads the same.
@Suite(.enabled(if: FormatTools.available("convert", "exiftool"), "needs ImageMagick convert and exiftool"))
struct FileTagsTests {
    let fixture = FormatFixture()

    static let tagged: [String] = [
        "-EXIF:DateTimeOriginal=2021:06:01 12:34:56", "-EXIF:Make=Canon", "-EXIF:Model=Canon EOS 5D",
        "-GPSLatitude=48.8584", "-GPSLatitudeRef=N", "-GPSLongitude=2.2945", "-GPSLongitudeRef=E",
        "-XMP-xmp:Rating=4", "-XMP-dc:Subject=holiday", "-IPTC:Keywords=beach", "-IPTC:Keywords=sun",
        "-IPTC:Caption-Abstract=At the beach",
    ]

    private func tags(_ path: String) throws -> [MetadataTag] {
        try FileTags.read(path: path).get()
    }

    private func has(_ tags: [MetadataTag], _ group: String, _ name: String) -> Bool {
        tags.contains { $0.group == group && $0.name == name }
    }

    /// exiftool's `-a -G1 -s` lines as (group, name, value).
    private func exiftool(_ path: String) throws -> [(group: String, name: String, value: String)] {
        try FormatTools.run("exiftool", ["-a", "-G1", "-s", path]).split(separator: "\n").compactMap { line in
            guard line.hasPrefix("["), let close = line.firstIndex(of: "]"), let colon = line.range(of: " : ") else { return nil }
            let group = String(line[line.index(after: line.startIndex)..<close])
            let name = line[line.index(after: close)..<colon.lowerBound].trimmingCharacters(in: .whitespaces)
            return (group, name, String(line[colon.upperBound...]))
        }
    }

    @Test func everyDateCameraPlaceRatingAndKeywordExiftoolSeesIsListedToo() throws {
        let path = try fixture.convert("beach.jpg", width: 64, height: 48)
        try FormatTools.run("exiftool", ["-q", "-q", "-overwrite_original"] + Self.tagged + [path])
        let ours = try tags(path)
        let theirs = try exiftool(path).filter { tag in
            ["DateTimeOriginal", "Make", "Model", "Rating", "Keywords"].contains(tag.name) || tag.name.hasPrefix("GPS")
        }
        #expect(theirs.count >= 9, "exiftool reads the fixture: \(theirs)")
        for tag in theirs where !tag.group.hasPrefix("Composite") {
            #expect(has(ours, tag.group, tag.name), "\(tag.group):\(tag.name) is listed")
        }
        #expect(ours.contains(MetadataTag(group: "ExifIFD", name: "DateTimeOriginal", value: "2021:06:01 12:34:56")))
        #expect(ours.contains(MetadataTag(group: "IFD0", name: "Make", value: "Canon")))
        #expect(ours.contains(MetadataTag(group: "XMP-xmp", name: "Rating", value: "4")))
        #expect(ours.contains(MetadataTag(group: "XMP-dc", name: "subject", value: "holiday")))
        #expect(ours.filter { $0.group == "IPTC" && $0.name == "Keywords" }.map(\.value) == ["beach", "sun"])
        #expect(ours.contains(MetadataTag(group: "IPTC", name: "Caption-Abstract", value: "At the beach")))
        #expect(ours.contains(MetadataTag(group: "File", name: "FileType", value: "JPEG")))
    }

    @Test func makerNoteEntriesLibexifKnowsAreNamed() throws {
        let samples = "/work/shared/photos/real"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: samples)) ?? []
        let canon = names.sorted().lazy.map { samples + "/" + $0 }.first { path in
            (try? FormatTools.run("exiftool", ["-s3", "-Make", path]))?.hasPrefix("Canon") == true
        }
        guard let canon else { return }   // no sample camera photo here
        let ours = try tags(canon)
        #expect(ours.contains { $0.group == "MakerNotes" && !$0.name.isEmpty }, "Canon maker note entries in \(canon)")
    }

    @Test(arguments: ["png", "webp", "heic", "tif"])
    func otherFormatsListTheirEXIFAndXMP(_ ext: String) throws {
        let written = FormatFixture.Tags(xmpDescription: "Harbour", dateTimeOriginal: "2022:02:03 04:05:06", make: "Google")
        let path: String
        switch ext {
        case "png": path = try fixture.png("a.png", tags: written)
        case "webp": path = try fixture.webp("a.webp", tags: written)
        case "heic":
            guard FormatTools.available("heif-enc") else { return }
            path = try fixture.heif("a.heic", tags: written)
        default:
            path = try fixture.convert("a.tif", width: 40, height: 30)
            try fixture.tag(path, written)
        }
        let ours = try tags(path)
        #expect(ours.contains(MetadataTag(group: "ExifIFD", name: "DateTimeOriginal", value: "2022:02:03 04:05:06")), "\(ours)")
        #expect(ours.contains(MetadataTag(group: "IFD0", name: "Make", value: "Google")))
        #expect(ours.contains { $0.group == "XMP-dc" && $0.name == "description" && $0.value.contains("Harbour") })
    }

    @Test func aRawFileListsItsEXIF() throws {
        var options = RawFixture.Options()
        options.model = "Tag DNG"
        let path = fixture.folder.write(RawFixture.dng(options), to: "a.dng")
        let ours = try tags(path)
        #expect(ours.contains(MetadataTag(group: "IFD0", name: "Model", value: "Tag DNG")))
        #expect(ours.contains(MetadataTag(group: "ExifIFD", name: "DateTimeOriginal", value: "2023:08:09 10:11:12")))
    }

    @Test(.enabled(if: FormatTools.available("ffmpeg"), "needs ffmpeg"))
    func aVideoListsItsContainerTags() throws {
        let path = try VideoFixture(fixture.folder).clip("a.mp4", width: 64, height: 48, seconds: 1,
                                                         tags: .init(creationTime: "2024-05-01T12:03:22Z", title: "Boat"))
        let ours = try tags(path)
        #expect(ours.contains(MetadataTag(group: "Container", name: "title", value: "Boat")), "\(ours)")
        #expect(ours.contains { $0.group == "Container" && $0.name == "creation_time" && $0.value.hasPrefix("2024-05-01T12:03:22") })
        #expect(ours.contains(MetadataTag(group: "File", name: "FileType", value: "video")))
    }

    @Test func aFileNoFormatReadsSaysWhy() throws {
        let path = fixture.folder.write(Data("just words".utf8), to: "notes.jpg")
        #expect(throws: FileMetadataError.self) { try tags(path) }
        #expect(throws: FileMetadataError.self) { try tags(fixture.folder.file("absent.jpg")) }
    }

    @Test func theTextFilterMatchesGroupNameAndValue() {
        let tag = MetadataTag(group: "ExifIFD", name: "DateTimeOriginal", value: "2021:06:01")
        #expect(tag.matches("datetime") && tag.matches("exififd") && tag.matches("2021:06") && tag.matches(""))
        #expect(!tag.matches("gps"))
    }
}
