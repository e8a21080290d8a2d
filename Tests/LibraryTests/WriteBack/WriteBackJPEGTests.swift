import Fixtures
import Foundation
@testable import Library
import Testing

@Suite("Write-back: EXIF into the JPEG")
struct WriteBackJPEGTests {
    typealias Entry = MetadataFixture.RawEntry

    /// A camera-like file: EXIF with a maker note, an unknown tag and a thumbnail, then XMP and IPTC.
    static func cameraFile(thumbnail: Bool = true, littleEndian: Bool = false) -> Data {
        let exif = MetadataFixture.EXIF(
            description: "Harbour", make: "Canon", model: "Canon EOS 40D", orientation: 6,
            dateTimeOriginal: "2021:07:04 18:30:05", dateTime: "2021:07:05 09:00:00",
            gps: .init(latitude: 48.8583, longitude: 2.2945, altitude: 35),
            thumbnail: thumbnail ? JPEGFixture.encode(width: 16, height: 12) : nil, littleEndian: littleEndian,
            extraEntries: [
                Entry(ifd: .exif, tag: 0x927C, value: .undefined(Array("PHOTORYNOTE\0".utf8) + Array(0..<200))),
                Entry(ifd: .ifd0, tag: 0xC7A1, value: .long([0xDEAD_BEEF])),  // a tag nobody knows
                Entry(ifd: .exif, tag: 0xA434, value: .ascii(Array("EF-S 17-55mm f/2.8".utf8) + [0])),
                Entry(ifd: .gps, tag: 0x001D, value: .ascii(Array("2021:07:04".utf8) + [0])),
            ])
        return MetadataFixture.jpeg(width: 64, height: 48, exif: exif, xmp: .element("Harbour (XMP)"),
                                    iptc: .init(caption: "Harbour (IPTC)"))
    }

    static let rio = MetadataChanges(dateTaken: "2004:12:25 18:30:00", utcOffset: "-03:00",
                                     location: .set(.init(latitude: -22.9068, longitude: -43.1729, altitude: 11.5)))

    // MARK: - What independent readers see

    @Test("exiftool reads the new date, offset and GPS from the file",
          .enabled(if: ExternalTool.exiftool != nil, "exiftool not installed (apt-get install libimage-exiftool-perl)"),
          arguments: [false, true])
    func exiftoolReadsChanges(littleEndian: Bool) throws {
        let photo = PhotoOnDisk(Self.cameraFile(littleEndian: littleEndian))
        let result = try JPEGMetadataWriter.write(Self.rio, to: photo.path)
        #expect(result.written && !result.thumbnailDropped)
        let v = try ExternalTool.exiftool!.values(
            ["EXIF:DateTimeOriginal", "EXIF:CreateDate", "EXIF:OffsetTimeOriginal", "EXIF:OffsetTimeDigitized",
             "Composite:GPSLatitude", "Composite:GPSLongitude", "Composite:GPSAltitude", "EXIF:GPSVersionID",
             "EXIF:ModifyDate", "EXIF:GPSDateStamp"], in: photo.path)
        #expect(v["EXIF:DateTimeOriginal"] == "2004:12:25 18:30:00")
        #expect(v["EXIF:CreateDate"] == "2004:12:25 18:30:00")
        #expect(v["EXIF:OffsetTimeOriginal"] == "-03:00")
        #expect(v["EXIF:OffsetTimeDigitized"] == "-03:00")
        #expect(abs((Double(v["Composite:GPSLatitude"] ?? "") ?? 0) - -22.9068) < 1e-6)
        #expect(abs((Double(v["Composite:GPSLongitude"] ?? "") ?? 0) - -43.1729) < 1e-6)
        #expect(Double(v["Composite:GPSAltitude"] ?? "") == 11.5)
        #expect(v["EXIF:GPSVersionID"] == "2 3 0 0")
        // Not ours: kept.
        #expect(v["EXIF:ModifyDate"] == "2021:07:05 09:00:00")
        #expect(v["EXIF:GPSDateStamp"] == "2021:07:04")
    }

    @Test("exiv2 reads the new date and GPS from the file",
          .enabled(if: ExternalTool.exiv2 != nil, "exiv2 not installed (apt-get install exiv2)"))
    func exiv2ReadsChanges() throws {
        let photo = PhotoOnDisk(Self.cameraFile())
        try JPEGMetadataWriter.write(Self.rio, to: photo.path)
        let out = try ExternalTool.exiv2!.run(["-Pkv", "-K", "Exif.Photo.DateTimeOriginal", "-K", "Exif.Photo.DateTimeDigitized",
                                               "-K", "Exif.GPSInfo.GPSLatitudeRef", "-K", "Exif.GPSInfo.GPSLatitude",
                                               "-K", "Exif.GPSInfo.GPSLongitudeRef", "-K", "Exif.GPSInfo.GPSLongitude",
                                               photo.path])
        let lines = Dictionary(out.split(separator: "\n").map { line -> (String, String) in
            let parts = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
            return (String(parts[0]), parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : "")
        }, uniquingKeysWith: { a, _ in a })
        #expect(lines["Exif.Photo.DateTimeOriginal"] == "2004:12:25 18:30:00")
        #expect(lines["Exif.Photo.DateTimeDigitized"] == "2004:12:25 18:30:00")
        #expect(lines["Exif.GPSInfo.GPSLatitudeRef"] == "S")
        #expect(lines["Exif.GPSInfo.GPSLatitude"] == "22/1 54/1 244800/10000")
        #expect(lines["Exif.GPSInfo.GPSLongitudeRef"] == "W")
        #expect(lines["Exif.GPSInfo.GPSLongitude"] == "43/1 10/1 224400/10000")
    }

    @Test("maker note and unknown tags survive: exiftool -a -G1 -u sees only our tags change",
          .enabled(if: ExternalTool.exiftool != nil, "exiftool not installed"))
    func everythingElseSurvives() throws {
        let photo = PhotoOnDisk(Self.cameraFile())
        let exiftool = ExternalTool.exiftool!
        let arguments = ["-a", "-G1", "-u", "-s", "-n", "-x", "System:all", "-x", "IFD1:ThumbnailOffset", photo.path]
        let before = Set(try exiftool.run(arguments).split(separator: "\n"))
        try JPEGMetadataWriter.write(Self.rio, to: photo.path)
        let after = Set(try exiftool.run(arguments).split(separator: "\n"))
        let ours = ["DateTimeOriginal", "CreateDate", "OffsetTime", "GPSLatitude", "GPSLongitude", "GPSAltitude",
                    "GPSPosition", "GPSVersionID", "FileSize", "Composite"]
        func notOurs(_ line: Substring) -> Bool { !ours.contains { line.contains($0) } }
        #expect(before.subtracting(after).filter(notOurs).sorted() == [])
        #expect(after.subtracting(before).filter(notOurs).sorted() == [])
        #expect(after.contains { $0.contains("MakerNote") || $0.contains("0xc7a1") || $0.contains("c7a1") })
    }

    // MARK: - Bytes

    @Test("every byte outside the EXIF segment is kept: XMP, IPTC and everything from SOS on")
    func bytesOutsideEXIFKept() throws {
        let original = Array(Self.cameraFile())
        let photo = PhotoOnDisk(Data(original))
        try JPEGMetadataWriter.write(Self.rio, to: photo.path)
        let written = photo.bytes
        #expect(imageData(written) == imageData(original))
        #expect(otherSegments(written) == otherSegments(original))
        // The XMP APP1 and the Photoshop APP13 (beside the encoder's tables and frame header).
        #expect(otherSegments(original).filter { $0[1] == 0xE1 || $0[1] == 0xED }.count == 2)
        let m = readMetadata(Data(written))
        #expect(m.dateTimeOriginal == "2004:12:25 18:30:00" && m.dateTimeDigitized == "2004:12:25 18:30:00")
        #expect(m.offsetTimeOriginal == "-03:00")
        #expect(m.cameraModel == "Canon EOS 40D" && m.orientation == 6 && m.lensModel == "EF-S 17-55mm f/2.8")
        #expect(m.xmpDescription == "Harbour (XMP)" && m.iptcCaption == "Harbour (IPTC)")
        #expect(m.embeddedThumbnail != nil)
        let gps = try #require(m.gps)
        #expect(abs(gps.latitude - -22.9068) < 1e-6 && abs(gps.longitude - -43.1729) < 1e-6 && gps.altitude == 11.5)
    }

    @Test("a file without EXIF gets a new segment after its JFIF header; the rest is kept")
    func newSegment() throws {
        let original = Array(JPEGFixture.encode(width: 40, height: 30))
        #expect(original[2] == 0xFF && original[3] == 0xE0)  // JFIF APP0 from the encoder
        let photo = PhotoOnDisk(Data(original))
        try JPEGMetadataWriter.write(.init(dateTaken: "1999:12:31 23:59:59", description: "New year"), to: photo.path)
        let written = photo.bytes
        let jfifLength = Int(original[4]) << 8 | Int(original[5])
        #expect(Array(written[0..<(4 + jfifLength)]) == Array(original[0..<(4 + jfifLength)]))
        #expect(written[4 + jfifLength] == 0xFF && written[5 + jfifLength] == 0xE1)
        #expect(written.suffix(original.count - 4 - jfifLength) == original.suffix(original.count - 4 - jfifLength))
        let m = readMetadata(Data(written))
        #expect(m.dateTimeOriginal == "1999:12:31 23:59:59" && m.exifDescription == "New year")
        #expect(m.gps == nil && m.offsetTimeOriginal == nil)
    }

    @Test("clearing the location removes the GPS data; a description goes to ImageDescription")
    func clearLocation() throws {
        let photo = PhotoOnDisk(Self.cameraFile())
        try JPEGMetadataWriter.write(.init(location: .clear, description: "Quai Branly"), to: photo.path)
        let m = readMetadata(Data(photo.bytes))
        #expect(m.gps == nil && !m.warnings.contains { $0.contains("GPS") })
        #expect(m.exifDescription == "Quai Branly")
        #expect(m.dateTimeOriginal == "2021:07:04 18:30:05")
    }

    @Test("a cleared place leaves no trace in the file: the GPS IFD's bytes are zeroed, not just unlinked")
    func clearedPlaceLeavesNoTrace() throws {
        let original = Self.cameraFile()
        let stamp = Array("2021:07:04\0".utf8)  // GPSDateStamp, only in the GPS IFD
        #expect(Array(original).firstRange(of: stamp) != nil)
        let photo = PhotoOnDisk(original)
        try JPEGMetadataWriter.write(.init(location: .clear), to: photo.path)
        #expect(photo.bytes.firstRange(of: stamp) == nil)
        #expect(readMetadata(Data(photo.bytes)).gps == nil)
        #expect(imageData(photo.bytes) == imageData(Array(original)))
    }

    @Test("a position without altitude keeps the file's altitude (only the tags we change change)")
    func noAltitude() throws {
        let photo = PhotoOnDisk(Self.cameraFile())
        try JPEGMetadataWriter.write(.init(location: .set(.init(latitude: 35.6586, longitude: 139.7454))), to: photo.path)
        let gps = try #require(readMetadata(Data(photo.bytes)).gps)
        #expect(abs(gps.latitude - 35.6586) < 1e-6 && abs(gps.longitude - 139.7454) < 1e-6 && gps.altitude == 35)
    }

    // MARK: - The file on disk

    @Test("permissions and times are kept by default; asked, the modification time moves on")
    func modeAndTimes() throws {
        let photo = PhotoOnDisk(Self.cameraFile())
        chmod(photo.path, 0o640)
        var times = [timespec(tv_sec: 1_000_000_000, tv_nsec: 123_456_789), timespec(tv_sec: 1_100_000_000, tv_nsec: 987_654_321)]
        _ = utimensat(AT_FDCWD, photo.path, &times, 0)
        let result = try JPEGMetadataWriter.write(Self.rio, to: photo.path)
        var info = stat()
        stat(photo.path, &info)
        #expect(info.st_mode & 0o7777 == 0o640)
        #expect(info.st_mtim.tv_sec == 1_100_000_000 && info.st_mtim.tv_nsec == 987_654_321)
        #expect(info.st_atim.tv_sec == 1_000_000_000)
        #expect(result.fileModified == 1_100_000_000.987654321)
        #expect(result.fileSize == Int64(info.st_size))
        #expect(result.contentID == photo.bytes.withUnsafeBytes { ContentHash.photoID(ContentHash.xxh64($0)) })

        let touched = try JPEGMetadataWriter.write(.init(description: "later"), to: photo.path, keepFileTimes: false)
        stat(photo.path, &info)
        #expect(info.st_mtim.tv_sec > 1_100_000_000 && touched.fileModified > 1_100_000_000)
        #expect(try FileManager.default.contentsOfDirectory(atPath: photo.folder.path) == ["photo.jpg"])
    }

    @Test("a symbolic link is followed: the photo it points at is rewritten, the link stays")
    func symbolicLink() throws {
        let photo = PhotoOnDisk(Self.cameraFile())
        let link = photo.folder.path + "/link.jpg"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "photo.jpg")
        let result = try JPEGMetadataWriter.write(.init(description: "via link"), to: link)
        #expect(result.path.hasSuffix("/photo.jpg"))
        #expect(readMetadata(Data(photo.bytes)).exifDescription == "via link")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == "photo.jpg")
    }

    @Test("only a favourite: the JPEG is not rewritten")
    func favouriteOnly() throws {
        let original = Self.cameraFile()
        let photo = PhotoOnDisk(original)
        let result = try JPEGMetadataWriter.write(.init(favourite: true), to: photo.path)
        #expect(!result.written)
        #expect(Data(photo.bytes) == original)
    }

    // MARK: - Refusals

    static func refusal(_ data: Data, _ changes: MetadataChanges = rio,
                        prepare: (PhotoOnDisk) -> Void = { _ in }) -> (WriteBackError?, PhotoOnDisk) {
        let photo = PhotoOnDisk(data)
        prepare(photo)
        do {
            try JPEGMetadataWriter.write(changes, to: photo.path)
            return (nil, photo)
        } catch {
            return (error, photo)
        }
    }

    @Test("not a JPEG, whatever its name, is refused and left as it is")
    func notJPEG() {
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 0, count: 64))
        let (error, photo) = Self.refusal(png)
        guard case .notJPEG(let path, let start)? = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(path == photo.path && start == "89 50 4E 47")
        #expect(error!.description.contains("photo.jpg: not a JPEG file"))
        #expect(Data(photo.bytes) == png)
        let (empty, _) = Self.refusal(Data())
        #expect(empty?.description.contains("the file is empty") == true)
    }

    @Test("a broken JPEG structure is refused and left as it is; no temporary file remains", arguments: [
        "truncated segment", "no SOS", "junk between segments", "EOI before the scan", "image data cut off",
    ])
    func brokenStructure(kind: String) throws {
        let good = Array(Self.cameraFile())
        var broken: [UInt8]
        let sos = imageData(good).startIndex
        switch kind {
        case "truncated segment": broken = Array(good[0..<40])
        case "no SOS": broken = Array(good[0..<sos])
        case "junk between segments": broken = Array(good[0..<sos]) + [0x00, 0x12] + Array(good[sos...])
        case "image data cut off": broken = Array(good[0..<(sos + (good.count - sos) / 2)])
        default: broken = Array(good[0..<sos]) + [0xFF, 0xD9] + Array(good[sos...])
        }
        let (error, photo) = Self.refusal(Data(broken))
        guard case .brokenJPEG(let path, _)? = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(path == photo.path)
        #expect(photo.bytes == broken)
        #expect(try FileManager.default.contentsOfDirectory(atPath: photo.folder.path) == ["photo.jpg"])
    }

    @Test("a read-only file is refused and left as it is (even for root)")
    func readOnlyFile() throws {
        let original = Self.cameraFile()
        let (error, photo) = Self.refusal(original) { chmod($0.path, 0o444) }
        guard case .readOnly(_, let reason)? = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(reason == "the file is read-only")
        #expect(Data(photo.bytes) == original)
    }

    @Test("a file in a read-only folder is refused and left as it is")
    func readOnlyFolder() throws {
        let original = Self.cameraFile()
        let (error, photo) = Self.refusal(original) { chmod($0.folder.path, 0o555) }
        chmod(photo.folder.path, 0o755)
        guard case .readOnly(_, let reason)? = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(reason.contains("folder is read-only"))
        #expect(Data(photo.bytes) == original)
        #expect(try FileManager.default.contentsOfDirectory(atPath: photo.folder.path) == ["photo.jpg"])
    }

    @Test("bad values are refused before anything is written", arguments: [
        MetadataChanges(dateTaken: "2004-12-25 18:30:00"), MetadataChanges(dateTaken: "2004:13:25 18:30:00"),
        MetadataChanges(dateTaken: "2004:12:25 18:30:00", utcOffset: "+2"),
        MetadataChanges(location: .set(.init(latitude: 91, longitude: 0))),
    ])
    func badValues(changes: MetadataChanges) {
        let original = Self.cameraFile()
        let (error, photo) = Self.refusal(original, changes)
        guard case .invalidValue? = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(Data(photo.bytes) == original)
    }

    // MARK: - 64 KB

    @Test("EXIF near 64 KB with a thumbnail: the thumbnail is dropped to make room, nothing else")
    func bigEXIFDropsThumbnail() throws {
        let thumbnail = JPEGFixture.encode(width: 160, height: 120, quality: 100, color: { x, y in
            (UInt8(truncatingIfNeeded: x * 7 ^ y * 13), UInt8(truncatingIfNeeded: x * y), UInt8(truncatingIfNeeded: x &+ y * 3)) })
        var big = MetadataFixture.EXIF(make: "Canon", thumbnail: thumbnail)
        func padded(_ count: Int) -> Data {
            big.extraEntries = [Entry(ifd: .exif, tag: 0x927C, value: .undefined(Array(repeating: 0x5A, count: count)))]
            return MetadataFixture.exifPayload(big)
        }
        // 40 bytes short of the limit: the new date and GPS cannot fit beside the thumbnail.
        let payload = padded(65_533 - 40 - padded(0).count)
        #expect(payload.count == 65_533 - 40)
        #expect(thumbnail.count > 5_000)
        let original = Array(JPEGFixture.inserting(segments: [(0xE1, payload)], into: JPEGFixture.encode(width: 64, height: 48)))
        let photo = PhotoOnDisk(Data(original))
        let result = try JPEGMetadataWriter.write(Self.rio, to: photo.path)
        #expect(result.thumbnailDropped)
        let written = photo.bytes
        let m = readMetadata(Data(written))
        #expect(m.embeddedThumbnail == nil && m.cameraMake == "Canon" && m.dateTimeOriginal == "2004:12:25 18:30:00")
        #expect(imageData(written) == imageData(original))
        let exifLength = Int(written[4]) << 8 | Int(written[5])
        #expect(exifLength <= 65_535)
    }

    @Test("EXIF that cannot fit even without a thumbnail is refused, the file unchanged")
    func tooBig() throws {
        var big = MetadataFixture.EXIF(make: "Canon")
        big.extraEntries = [Entry(ifd: .exif, tag: 0x927C, value: .undefined(Array(repeating: 0x5A, count: 65_400)))]
        let original = JPEGFixture.inserting(segments: [(0xE1, MetadataFixture.exifPayload(big))],
                                             into: JPEGFixture.encode(width: 64, height: 48))
        let (error, photo) = Self.refusal(original)
        guard case .exifTooLarge(_, let bytes)? = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(bytes > 65_533)
        #expect(Data(photo.bytes) == original)
    }
}

/// A maker note whose offsets count from the TIFF header (Canon's kind) stays readable after
/// libexif moved it.
@Suite("Write-back: maker note offsets")
struct WriteBackMakerNoteTests {
    /// A Canon-style note at the place libexif puts it: two ASCII values after its IFD,
    /// addressed from the TIFF header.
    static func canonFile() -> Data {
        func note(at offset: Int) -> [UInt8] {
            var b: [UInt8] = [0, 2]  // big-endian, as the fixture's EXIF
            func u16(_ v: Int) { b += [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
            func u32(_ v: Int) { b += [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
            let data = offset + 2 + 24 + 4
            u16(0x0006); u16(2); u32(32); u32(data)
            u16(0x0007); u16(2); u32(24); u32(data + 32)
            u32(0)
            b += Array("Canon EOS TEST IMAGE TYPE".utf8) + [UInt8](repeating: 0, count: 7)
            b += Array("Firmware Version 1.2.3".utf8) + [0, 0]
            return b
        }
        func exif(_ bytes: [UInt8]) -> MetadataFixture.EXIF {
            .init(make: "Canon", model: "Canon EOS 40D",
                  extraEntries: [.init(ifd: .exif, tag: 0x927C, value: .undefined(bytes))])
        }
        let placeholder = MetadataFixture.exifPayload(exif(note(at: 0)))
        let offset = placeholder.withUnsafeBytes { MakerNoteOffsets.location(in: UnsafeRawBufferPointer(rebasing: $0[6...]))!.0 }
        return MetadataFixture.jpeg(exif: exif(note(at: offset)))
    }

    @Test("exiftool reads the same Canon values after the note moved",
          .enabled(if: ExternalTool.exiftool != nil, "exiftool not installed"))
    func canonNoteReadable() throws {
        let photo = PhotoOnDisk(Self.canonFile())
        let tags = ["Canon:CanonImageType", "Canon:CanonFirmwareVersion"]
        let before = try ExternalTool.exiftool!.values(tags, in: photo.path)
        #expect(before["MakerNotes:CanonImageType"] == "Canon EOS TEST IMAGE TYPE")
        // A long description moves the note by some hundred bytes.
        try JPEGMetadataWriter.write(.init(description: String(repeating: "moved ", count: 50)), to: photo.path)
        let after = try ExternalTool.exiftool!.values(tags, in: photo.path)
        #expect(after == before)
    }
}

@Suite("Write-back: maker note data past its declared size")
struct WriteBackLongMakerNoteTests {
    /// A Nikon type-3 note (its own TIFF header) that declares 10 bytes fewer than it uses,
    /// as the COOLPIX P6000 does: the end of NEFBitDepth and the empty NikonScanIFD lie after it.
    static func nikonFile() -> Data {
        var b = Array("Nikon\0".utf8) + [2, 0x10, 0, 0] + Array("MM".utf8) + [0, 0x2A, 0, 0, 0, 8]
        func u16(_ v: Int) { b += [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        func u32(_ v: Int) { b += [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        // IFD at 8 (from the note's TIFF header): version, NikonScanIFD, NEFBitDepth; values after it.
        u16(3)
        u16(0x0001); u16(7); u32(4); b += Array("0210".utf8)
        u16(0x0E10); u16(4); u32(1); u32(8 + 2 + 36 + 4 + 8)
        u16(0x0E22); u16(3); u32(4); u32(8 + 2 + 36 + 4)
        u32(0)
        u16(8); u16(12); u16(14); u16(16)  // NEFBitDepth
        u16(0); u32(0)  // NikonScanIFD: no entries
        let declared = b.count - 10
        let exif = MetadataFixture.EXIF(make: "NIKON", model: "COOLPIX P6000", dateTimeOriginal: "2008:10:22 16:28:39",
                                        extraEntries: [.init(ifd: .exif, tag: 0x927C, value: .undefined(b))])
        var payload = [UInt8](MetadataFixture.exifPayload(exif))
        // Declare the note shorter than its data: its entry's count (big-endian, type 7).
        let entry = [0x92, 0x7C, 0, 7] + [0, 0, UInt8(b.count >> 8), UInt8(b.count & 0xFF)]
        let at = (0...(payload.count - 8)).first { Array(payload[$0..<($0 + 8)]) == entry }!
        payload[at + 6] = UInt8(declared >> 8)
        payload[at + 7] = UInt8(declared & 0xFF)
        return JPEGFixture.inserting(segments: [(0xE1, Data(payload))], into: JPEGFixture.encode(width: 64, height: 48))
    }

    @Test("a date write keeps the note's data past its declared size: exiftool reads the same maker-note tags, no new warning",
          .enabled(if: ExternalTool.exiftool != nil, "exiftool not installed"))
    func nikonNoteKept() throws {
        let photo = PhotoOnDisk(Self.nikonFile())
        let arguments = ["-a", "-G1", "-s", "-n", "-MakerNotes:all", "-Warning", photo.path]
        let before = try ExternalTool.exiftool!.run(arguments)
        #expect(before.contains("NEFBitDepth                     : 8 12 14 16"))
        #expect(!before.contains("Warning"))
        // A longer date field set moves the note; the description moves it further.
        try JPEGMetadataWriter.write(.init(dateTaken: "2008:10:22 17:28:39", utcOffset: "+02:00",
                                           description: String(repeating: "moved ", count: 20)), to: photo.path)
        #expect(try ExternalTool.exiftool!.run(arguments) == before)
    }

    @Test("a saved note that is not the original's length is not passed off as kept")
    func wrongLengthIsRefused() throws {
        let file = [UInt8](Self.nikonFile())
        let payload = try file.withUnsafeBytes { try #require(try JPEGLayout($0).exifPayload) }
        let original = Array(file[payload])
        var saved = original
        let note = try original.withUnsafeBytes {
            try #require(MakerNoteOffsets.location(in: UnsafeRawBufferPointer(rebasing: $0[6...])))
        }
        // The note needs 10 bytes past its declared size: a saved block holding only the
        // declared bytes is refused; holding what it needs, it is kept as it was.
        #expect(!original.withUnsafeBytes { MakerNoteOffsets.fix(&saved, original: $0, length: note.1 + 10) })
        #expect(original.withUnsafeBytes { MakerNoteOffsets.fix(&saved, original: $0, length: note.1) })
        #expect(saved == original)
        let message = WriteBackError.makerNoteNotKept(path: "/photos/DSCN0010.jpg", reason: "the rewritten EXIF would not hold its 3308 bytes as they were").description
        #expect(message == "/photos/DSCN0010.jpg: its maker note cannot be kept as it was, not rewritten (the rewritten EXIF would not hold its 3308 bytes as they were)")
    }
}

@Suite("Write-back: the GPS IFD")
struct WriteBackGPSTests {
    /// A GPS IFD as the COOLPIX P6000 writes it: no version, an altitude reference without an
    /// altitude, time, satellites, datum and date.
    static func coolpixGPSFile() -> Data {
        typealias R = MetadataFixture.Rational
        let gps: [MetadataFixture.RawEntry] = [
            .init(ifd: .gps, tag: 0x0001, value: .ascii(Array("N\0".utf8))),
            .init(ifd: .gps, tag: 0x0002, value: .rational([R(43, 1), R(28, 1), R(3, 1)])),
            .init(ifd: .gps, tag: 0x0003, value: .ascii(Array("E\0".utf8))),
            .init(ifd: .gps, tag: 0x0004, value: .rational([R(11, 1), R(53, 1), R(6, 1)])),
            .init(ifd: .gps, tag: 0x0005, value: .byte([0])),
            .init(ifd: .gps, tag: 0x0007, value: .rational([R(14, 1), R(27, 1), R(724, 100)])),
            .init(ifd: .gps, tag: 0x0008, value: .ascii(Array("06\0".utf8))),
            .init(ifd: .gps, tag: 0x0012, value: .ascii(Array("WGS-84   \0".utf8))),
            .init(ifd: .gps, tag: 0x001D, value: .ascii(Array("2008:10:23\0".utf8))),
        ]
        return MetadataFixture.jpeg(exif: .init(make: "NIKON", dateTimeOriginal: "2008:10:22 16:28:39", extraEntries: gps))
    }

    static let paris = MetadataChanges(location: .set(.init(latitude: 48.8534, longitude: 2.3488)))

    @Test("a new place changes the position tags only: exiftool sees every other GPS tag as it was",
          .enabled(if: ExternalTool.exiftool != nil, "exiftool not installed"))
    func onlyThePositionChanges() throws {
        let photo = PhotoOnDisk(Self.coolpixGPSFile())
        let arguments = ["-a", "-G1", "-s", "-n", "-GPS:all", "-Warning", photo.path]
        func lines() throws -> Set<String> { Set(try ExternalTool.exiftool!.run(arguments).split(separator: "\n").map(String.init)) }
        let before = try lines()
        #expect(before.contains { $0.contains("GPSAltitudeRef") })
        try JPEGMetadataWriter.write(Self.paris, to: photo.path)
        let after = try lines()
        let changed = before.symmetricDifference(after).filter { !$0.contains("GPSLatitude") && !$0.contains("GPSLongitude") }
        #expect(changed.sorted() == [])
        #expect(after.contains { $0.contains("GPSLatitude ") && $0.contains("48.8534") })
    }

    @Test("exiv2 agrees: every GPS key but the position is as it was",
          .enabled(if: ExternalTool.exiv2 != nil, "exiv2 not installed"))
    func exiv2SeesTheSame() throws {
        let photo = PhotoOnDisk(Self.coolpixGPSFile())
        func lines() throws -> Set<String> {
            Set(try ExternalTool.exiv2!.run(["-pa", "-g", "Exif.GPSInfo.", photo.path]).split(separator: "\n").map(String.init))
        }
        let before = try lines()
        try JPEGMetadataWriter.write(Self.paris, to: photo.path)
        let after = try lines()
        #expect(before.count == 9 && after.count == 9)
        let changed = before.symmetricDifference(after).filter { !$0.contains("GPSLatitude ") && !$0.contains("GPSLongitude ") }
        #expect(changed.sorted() == [])
    }
}
