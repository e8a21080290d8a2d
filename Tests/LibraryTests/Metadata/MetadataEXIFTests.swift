import CTurboJPEG
import Fixtures
import Foundation
@testable import Library
import Testing

@Suite("Metadata: EXIF")
struct MetadataEXIFTests {
    @Test("every EXIF field is read", arguments: [false, true])
    func allFields(littleEndian: Bool) {
        let exif = MetadataFixture.EXIF(
            description: "Harbour at dusk", make: "Canon", model: "Canon EOS 40D", orientation: 6,
            dateTimeOriginal: "2021:07:04 18:30:05", dateTime: "2021:07:05 09:00:00",
            offsetTimeOriginal: "+02:00",
            gps: .init(latitude: 48.8583, longitude: 2.2945, altitude: 35.5), littleEndian: littleEndian)
        let m = readMetadata(MetadataFixture.jpeg(width: 64, height: 48, exif: exif))
        #expect(m.exifDescription == "Harbour at dusk")
        #expect(m.cameraMake == "Canon")
        #expect(m.cameraModel == "Canon EOS 40D")
        #expect(m.orientation == 6)
        #expect(m.dateTimeOriginal == "2021:07:04 18:30:05")
        #expect(m.dateTime == "2021:07:05 09:00:00")
        #expect(m.utcOffset == "+02:00")
        let gps = try! #require(m.gps)
        #expect(abs(gps.latitude - 48.8583) < 1e-6)
        #expect(abs(gps.longitude - 2.2945) < 1e-6)
        #expect(abs((gps.altitude ?? 0) - 35.5) < 1e-6)
        #expect(m.xmpDescription == nil && m.iptcCaption == nil)
        #expect(m.embeddedThumbnail == nil)
    }

    @Test("absent tags stay nil; libexif does not invent a DateTime")
    func absentTags() {
        let m = readMetadata(MetadataFixture.jpeg(exif: .init(make: "Nikon")))
        #expect(m.cameraMake == "Nikon")
        #expect(m.dateTime == nil && m.dateTimeOriginal == nil && m.utcOffset == nil)
        #expect(m.cameraModel == nil && m.exifDescription == nil && m.gps == nil)
        #expect(m.orientation == 1)
    }

    @Test("OffsetTime is the fallback for OffsetTimeOriginal")
    func offsetTimeFallback() {
        let m = readMetadata(MetadataFixture.jpeg(exif: .init(offsetTime: "-05:00")))
        #expect(m.utcOffset == "-05:00")
        let both = readMetadata(MetadataFixture.jpeg(exif: .init(offsetTimeOriginal: "+09:00", offsetTime: "-05:00")))
        #expect(both.utcOffset == "+09:00")
    }

    @Test("orientation outside 1–8 reads as 1", arguments: [0, 9, 255, 65535])
    func orientationOutOfRange(value: Int) {
        let m = readMetadata(MetadataFixture.jpeg(exif: .init(orientation: value)))
        #expect(m.orientation == 1)
        #expect(m.warnings.contains { $0.contains("orientation") })
    }

    @Test("orientation 1–8 is kept", arguments: 1...8)
    func orientationInRange(value: Int) {
        #expect(readMetadata(MetadataFixture.jpeg(exif: .init(orientation: value))).orientation == value)
    }

    @Test("EXIF description: whitespace and NULs trimmed at both ends")
    func descriptionTrimming() {
        #expect(readMetadata(MetadataFixture.jpeg(exif: .init(description: "  \t Beach day \0\0\0")))
            .exifDescription == "Beach day")
        // An ASCII value ends at its first NUL: what follows is junk (exiftool reads it so too).
        #expect(readMetadata(MetadataFixture.jpeg(exif: .init(description: "\0\0 Beach"))).exifDescription == nil)
        #expect(readMetadata(MetadataFixture.jpeg(exif: .init(description: "ICM107B\0Trust.Gemini11H")))
            .exifDescription == "ICM107B")
        let cut = readMetadata(MetadataFixture.jpeg(exif: .init(make: "Canon\0junk", model: "EOS\0x",
                                                                dateTimeOriginal: "2024:01:02 03:04:05\0zz")))
        #expect(cut.cameraMake == "Canon" && cut.cameraModel == "EOS")
        #expect(cut.dateTimeOriginal == "2024:01:02 03:04:05")
        #expect(readMetadata(MetadataFixture.jpeg(exif: .init(description: "        "))).exifDescription == nil)
        #expect(readMetadata(MetadataFixture.jpeg(exif: .init(description: "\0\0\0\0"))).exifDescription == nil)
        // Many cameras pad ASCII fields with spaces.
        #expect(readMetadata(MetadataFixture.jpeg(exif: .init(make: "NIKON     ", model: "E950\0  ")))
            .cameraModel == "E950")
    }

    /// The library keeps the true string; what shows it removes controls and whole escape
    /// sequences (line breaks become a space).
    @Test("strings are kept as the file has them, and show without controls or escape sequences")
    func controlCharacters() {
        let m = readMetadata(MetadataFixture.jpeg(exif: .init(
            description: "red\u{1B}[31m alert\u{07}\u{202E}!", make: "A\r\nB", model: "x\u{7F}\u{85}y")))
        #expect(m.exifDescription == "red\u{1B}[31m alert\u{07}\u{202E}!")
        #expect(m.exifDescription?.strippingControlCharacters == "red alert!")
        #expect(m.cameraMake?.strippingControlCharacters == "A B")
        #expect(m.cameraModel?.strippingControlCharacters == "xy")
        let evil = "\u{1B}]0;PWNED\u{07}\u{1B}[2J\u{1B}[31mEvil\u{1B}[0m"
        let e = readMetadata(MetadataFixture.jpeg(exif: .init(description: evil)))
        #expect(e.exifDescription == evil)
        #expect(DescriptionResolver.resolve(e)?.text.strippingControlCharacters == "Evil")
    }

    @Test("EXIF ASCII: UTF-8 when valid, else Latin-1")
    func asciiEncodings() {
        let latin1 = MetadataFixture.RawEntry(ifd: .ifd0, tag: 0x010E, value: .ascii([0x43, 0x61, 0x66, 0xE9, 0]))
        #expect(readMetadata(MetadataFixture.jpeg(exif: .init(extraEntries: [latin1]))).exifDescription == "Café")
        #expect(readMetadata(MetadataFixture.jpeg(exif: .init(description: "Zürich – 東京"))).exifDescription
            == "Zürich – 東京")
    }

    // MARK: - GPS

    @Test("GPS reference letters give the signs", arguments: [
        (-33.8568, 151.2153, -12.0), (40.6892, -74.0445, 93.0), (-22.9519, -43.2105, 0.0), (51.5, 0.1, nil),
    ] as [(Double, Double, Double?)])
    func gpsSigns(lat: Double, lon: Double, alt: Double?) throws {
        let m = readMetadata(MetadataFixture.jpeg(exif: .init(gps: .init(latitude: lat, longitude: lon, altitude: alt))))
        let gps = try #require(m.gps)
        #expect(abs(gps.latitude - lat) < 1e-6)
        #expect(abs(gps.longitude - lon) < 1e-6)
        if let alt {
            #expect(abs((gps.altitude ?? .nan) - alt) < 1e-6)
        } else {
            #expect(gps.altitude == nil)
        }
    }

    @Test("invalid GPS is dropped")
    func gpsInvalid() {
        typealias R = MetadataFixture.Rational
        let good = [R(10, 1), R(20, 1), R(30, 1)]
        let cases: [MetadataFixture.GPS] = [
            // zero denominator
            .init(latitudeRef: "N", latitude: [R(10, 1), R(20, 0), R(30, 1)], longitudeRef: "E", longitude: good),
            // missing rationals
            .init(latitudeRef: "N", latitude: [R(10, 1), R(20, 1)], longitudeRef: "E", longitude: good),
            // longitude missing
            .init(latitudeRef: "N", latitude: good, longitudeRef: "E", longitude: nil),
            // latitude out of range
            .init(latitudeRef: "N", latitude: [R(95, 1), R(0, 1), R(0, 1)], longitudeRef: "E", longitude: good),
            // longitude out of range
            .init(latitudeRef: "N", latitude: good, longitudeRef: "W", longitude: [R(181, 1), R(0, 1), R(0, 1)]),
            // bogus reference
            .init(latitudeRef: "Q", latitude: good, longitudeRef: "E", longitude: good),
            // all-zero "no fix" placeholder, 0/0 denominators
            .init(latitudeRef: "N", latitude: [R(0, 0), R(0, 0), R(0, 0)], longitudeRef: "E",
                  longitude: [R(0, 0), R(0, 0), R(0, 0)]),
            // all-zero position
            .init(latitudeRef: "N", latitude: [R(0, 1), R(0, 1), R(0, 1)], longitudeRef: "E",
                  longitude: [R(0, 1), R(0, 1), R(0, 1)]),
        ]
        for (i, gps) in cases.enumerated() {
            let m = readMetadata(MetadataFixture.jpeg(exif: .init(make: "X", gps: gps)))
            #expect(m.gps == nil, "case \(i)")
            #expect(m.cameraMake == "X", "case \(i): the rest of EXIF is still read")
        }
    }

    @Test("GPS altitude with a zero denominator is dropped, position kept")
    func gpsBadAltitude() throws {
        var gps = MetadataFixture.GPS(latitude: 10, longitude: 20)
        gps.altitudeRef = 1
        gps.altitude = .init(5, 0)
        let m = readMetadata(MetadataFixture.jpeg(exif: .init(gps: gps)))
        let read = try #require(m.gps)
        #expect(read.altitude == nil)
        #expect(abs(read.latitude - 10) < 1e-9)
    }

    @Test("GPS seconds of 0/0 read as 0 seconds, not as no place")
    func gpsZeroOverZeroSeconds() throws {
        let gps = MetadataFixture.GPS(latitudeRef: "N", latitude: [.init(48, 1), .init(5332358, 100000), .init(0, 0)],
                                      longitudeRef: "E", longitude: [.init(2, 1), .init(21, 1), .init(0, 0)])
        let read = try #require(readMetadata(MetadataFixture.jpeg(exif: .init(gps: gps))).gps)
        #expect(abs(read.latitude - (48 + 53.32358 / 60)) < 1e-9)
        #expect(abs(read.longitude - 2.35) < 1e-9)
    }

    // MARK: - Thumbnail

    @Test("embedded thumbnail range points at the thumbnail JPEG in the file", arguments: [false, true])
    func embeddedThumbnail(littleEndian: Bool) throws {
        let thumb = JPEGFixture.encode(width: 40, height: 30, quality: 70)
        let file = MetadataFixture.jpeg(width: 320, height: 240, exif: .init(
            description: "with thumb", thumbnail: thumb, littleEndian: littleEndian))
        let m = readMetadata(file)
        let range = try #require(m.embeddedThumbnail)
        #expect(range.count == thumb.count)
        #expect(file[range] == thumb)
        #expect(m.exifDescription == "with thumb")

        // And the bytes decode as a JPEG header of the thumbnail's size.
        let handle = try #require(tjInitDecompress())
        defer { tjDestroy(handle) }
        var w: Int32 = 0, h: Int32 = 0, sub: Int32 = 0, cs: Int32 = 0
        let rc = file[range].withUnsafeBytes { b in
            tjDecompressHeader3(handle, b.baseAddress!.assumingMemoryBound(to: UInt8.self), UInt(b.count),
                                &w, &h, &sub, &cs)
        }
        #expect(rc == 0)
        #expect(w == 40 && h == 30)
    }

    @Test("a thumbnail that does not start with SOI is not reported")
    func thumbnailNotJPEG() {
        let notJPEG = Data(repeating: 0x42, count: 300)
        let m = readMetadata(MetadataFixture.jpeg(exif: .init(thumbnail: notJPEG)))
        #expect(m.embeddedThumbnail == nil)
    }

    @Test("a thumbnail length past the end of the file is not reported")
    func thumbnailPastEnd() throws {
        let thumb = JPEGFixture.encode(width: 16, height: 16)
        let file = MetadataFixture.jpeg(exif: .init(thumbnail: thumb))
        let range = try #require(readMetadata(file).embeddedThumbnail)
        // Cut the file inside the thumbnail.
        let cut = file.prefix(range.lowerBound + 10)
        #expect(readMetadata(Data(cut)).embeddedThumbnail == nil)
    }

    // MARK: - Placement

    @Test("EXIF after a COM segment is found")
    func exifAfterComment() {
        let exif = MetadataFixture.exifPayload(.init(description: "behind a comment", orientation: 3))
        let file = jpegWith([(0xFE, Data("Created with GIMP".utf8)), (0xE1, exif)])
        let m = readMetadata(file)
        #expect(m.exifDescription == "behind a comment")
        #expect(m.orientation == 3)
    }

    @Test("EXIF after JFIF APP0, COM and an ICC APP2 is found, with its thumbnail")
    func exifAfterOtherSegments() throws {
        let thumb = JPEGFixture.encode(width: 24, height: 16)
        let exif = MetadataFixture.exifPayload(.init(make: "Pentax", thumbnail: thumb))
        let jfif = Data([0x4A, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0])
        let icc = Data("ICC_PROFILE\0".utf8) + Data(repeating: 7, count: 500)
        let file = jpegWith([(0xE0, jfif), (0xFE, Data("hello".utf8)), (0xE2, icc), (0xE1, exif)])
        let m = readMetadata(file)
        #expect(m.cameraMake == "Pentax")
        let range = try #require(m.embeddedThumbnail)
        #expect(file[range] == thumb)
    }

    @Test("fill bytes and junk before the EXIF marker are tolerated")
    func junkBeforeMarker() {
        let exif = MetadataFixture.exifPayload(.init(model: "Junk Cam"))
        var file = Data([0xFF, 0xD8, 0x00, 0x13, 0x37, 0xFF, 0xFF, 0xFF, 0xE1])
        file += [UInt8((exif.count + 2) >> 8), UInt8((exif.count + 2) & 0xFF)] + exif
        let image = JPEGFixture.encode(width: 8, height: 8)
        file += image.dropFirst(2)
        let m = readMetadata(file)
        #expect(m.cameraModel == "Junk Cam")
        #expect(sawFrame(m))
        #expect(m.warnings.contains { $0.contains("junk") })
    }
}
