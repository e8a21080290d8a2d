import Fixtures
import Foundation
@testable import Library
import Testing

@Suite("Metadata: frame size and hostile input")
struct MetadataFrameAndHostileInputTests {
    // MARK: - SOF

    @Test("SOF0 (baseline) and SOF2 (progressive) are frame headers", arguments: [false, true])
    func frameSize(progressive: Bool) {
        let file = MetadataFixture.jpeg(width: 123, height: 45, exif: .init(make: "M"), progressive: progressive)
        // Check the marker really is what we think it is.
        let sof: UInt8 = progressive ? 0xC2 : 0xC0
        #expect(file.indices.dropLast().contains { file[$0] == 0xFF && file[$0 + 1] == sof })
        let m = readMetadata(file)
        #expect(sawFrame(m))
        #expect(m.cameraMake == "M")
    }

    @Test("DHT (C4), JPG (C8) and DAC (CC) are not frame headers")
    func notFrames() {
        let fake: [UInt8] = [0x08, 0x00, 0x07, 0x00, 0x09, 0x03]
        var file = Data([0xFF, 0xD8])
        for marker: UInt8 in [0xC4, 0xC8, 0xCC] { file += [0xFF, marker, 0x00, 0x08] + fake }
        file += [0xFF, 0xDA, 0x00, 0x02, 0xFF, 0xD9]
        #expect(!sawFrame(readMetadata(file)))
    }

    @Test("only the first SOF counts; the walk stops at SOS")
    func firstFrameOnly() {
        // A truncated first SOF is reported even though a good one follows.
        let file = jpegWith([(0xC1, Data([8, 0]))], width: 20, height: 10)
        #expect(readMetadata(file).warnings.contains("frame header truncated"))

        // Metadata after SOS (e.g. in an MPO's second image) is not read.
        var withTrailer = MetadataFixture.jpeg(width: 16, height: 16)
        withTrailer += MetadataFixture.jpeg(width: 8, height: 8, exif: .init(make: "Second"))
        let t = readMetadata(withTrailer)
        #expect(t.cameraMake == nil && sawFrame(t))
    }

    // MARK: - Hostile input

    @Test("not a JPEG, empty, tiny")
    func notJPEG() {
        for bytes: [UInt8] in [[], [0xFF], [0xFF, 0xD8], [0xFF, 0xD8, 0xFF], [0x89, 0x50, 0x4E, 0x47, 0, 0, 0, 0],
                               [0xFF, 0xD8, 0xFF, 0xE1], [0xFF, 0xD8, 0xFF, 0xE1, 0x00], [0xFF, 0xD8, 0xFF, 0xD9]] {
            let m = readMetadata(Data(bytes))
            #expect(m.orientation == 1 && m.gps == nil && m.cameraMake == nil)
        }
        #expect(readMetadata(Data([0, 0, 0, 0])).warnings.contains { $0.contains("not a JPEG") })
    }

    @Test("random bytes (with and without SOI) never crash")
    func randomBytes() {
        var rng = SeededRandom(seed: 42)
        for i in 0..<3000 {
            let count = Int.random(in: 0...600, using: &rng)
            var bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &rng) }
            if i % 2 == 0, bytes.count >= 2 { bytes[0] = 0xFF; bytes[1] = 0xD8 }
            // Sprinkle markers so segment handling is exercised.
            for _ in 0..<(count / 20) where count > 4 {
                let at = Int.random(in: 2..<(count - 1), using: &rng)
                bytes[at] = 0xFF
                bytes[at + 1] = [0xE1, 0xED, 0xC0, 0xC2, 0xFE, 0xFF, 0x00, 0xDA][Int.random(in: 0..<8, using: &rng)]
            }
            _ = readMetadata(Data(bytes))
        }
    }

    @Test("every truncation of a full file is read without crashing")
    func truncations() {
        let thumb = JPEGFixture.encode(width: 16, height: 12)
        let file = MetadataFixture.jpeg(
            width: 16, height: 16,
            exif: .init(description: "d", make: "m", model: "x", orientation: 6, dateTimeOriginal: "2020:01:01 00:00:00",
                        gps: .init(latitude: 1, longitude: 2, altitude: 3), thumbnail: thumb),
            xmp: .element("x", others: [.init("de", "y")]), iptc: .init(caption: "c"))
        let full = readMetadata(file)
        #expect(full.exifDescription == "d" && full.xmpDescription == "x" && full.iptcCaption == "c")
        for cut in 0..<file.count {
            let m = readMetadata(file.prefix(cut))
            if let r = m.embeddedThumbnail { #expect(r.upperBound <= cut) }
        }
    }

    @Test("random byte flips in a full file never crash; results stay in bounds")
    func mutations() {
        let thumb = JPEGFixture.encode(width: 16, height: 12)
        let file = MetadataFixture.jpeg(
            width: 16, height: 16,
            exif: .init(description: "d", make: "m", orientation: 6, gps: .init(latitude: 1, longitude: 2),
                        thumbnail: thumb, littleEndian: true),
            xmp: .attribute("x"), iptc: .init(caption: "c"))
        var rng = SeededRandom(seed: 7)
        // Mutate only the metadata part (the image data itself is never read).
        let metadataEnd = min(file.count, 2 + 4 + MetadataFixture.exifPayload(.init()).count + 2000)
        for _ in 0..<3000 {
            var bytes = [UInt8](file)
            for _ in 0..<Int.random(in: 1...8, using: &rng) {
                bytes[Int.random(in: 2..<metadataEnd, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
            }
            let m = readMetadata(Data(bytes))
            #expect((1...8).contains(m.orientation))
            if let r = m.embeddedThumbnail {
                #expect(r.lowerBound >= 0 && r.upperBound <= bytes.count)
                #expect(bytes[r.lowerBound] == 0xFF && bytes[r.lowerBound + 1] == 0xD8)
            }
            if let g = m.gps { #expect(abs(g.latitude) <= 90 && abs(g.longitude) <= 180) }
        }
    }

    @Test("segment lengths past the end, zero or one")
    func bogusLengths() {
        let exif = MetadataFixture.exifPayload(.init(make: "Bogus"))
        // Length says 0xFFFF but the file ends early.
        var past = Data([0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xFF]) + exif
        #expect(readMetadata(past).cameraMake == "Bogus")
        #expect(readMetadata(past).warnings.contains { $0.contains("past end") })
        past = Data([0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xFF, 0x45, 0x78])
        _ = readMetadata(past)
        // Lengths 0 and 1 are skipped and the walk resyncs on the next marker.
        let image = JPEGFixture.encode(width: 9, height: 7)
        for length: [UInt8] in [[0, 0], [0, 1]] {
            let file = Data([0xFF, 0xD8, 0xFF, 0xE3] + length) + image.dropFirst(2)
            let m = readMetadata(file)
            #expect(sawFrame(m))
            #expect(m.warnings.contains { $0.contains("bogus length") })
        }
        // An SOF too short to hold the size.
        let shortSOF = Data([0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x04, 0x08, 0x00])
        #expect(readMetadata(shortSOF).warnings.contains("frame header truncated"))
    }

    @Test("a long run of fill bytes and junk terminates")
    func fillAndJunk() {
        let file = Data([0xFF, 0xD8]) + Data(repeating: 0xFF, count: 200_000)
            + Data(repeating: 0x00, count: 200_000) + Data([0xFF, 0x00, 0xFF, 0xD0, 0xFF, 0x01])
        #expect(!sawFrame(readMetadata(file)))
    }

    @Test("EXIF payloads with broken TIFF structure")
    func brokenTIFF() {
        let good = [UInt8](MetadataFixture.exifPayload(.init(description: "t", make: "m",
                                                               thumbnail: JPEGFixture.encode(width: 8, height: 8))))
        var variants: [[UInt8]] = []
        variants.append(Array(good.prefix(6)))                    // signature only
        variants.append(Array(good.prefix(14)))                   // header only
        var badOrder = good; badOrder[6] = 0x58; variants.append(badOrder)
        var bigIFD = good; bigIFD[10...13] = [0xFF, 0xFF, 0xFF, 0xF0]; variants.append(bigIFD)
        var manyEntries = good; manyEntries[14] = 0xFF; manyEntries[15] = 0xFF; variants.append(manyEntries)
        var loop = good; loop[10...13] = [0, 0, 0, 8]; variants.append(loop)
        for v in variants {
            let file = jpegWith([(0xE1, Data(v))])
            let m = readMetadata(file)
            #expect((1...8).contains(m.orientation))
            #expect(sawFrame(m))
        }
    }

    @Test("concurrent reads give the same result as a single read")
    func concurrentReads() async {
        let file = MetadataFixture.jpeg(exif: .init(description: "same", make: "m", orientation: 5,
                                                    gps: .init(latitude: -1, longitude: -2),
                                                    thumbnail: JPEGFixture.encode(width: 8, height: 8)),
                                        xmp: .element("x"), iptc: .init(caption: "c"))
        let expected = readMetadata(file)
        let results = await withTaskGroup(of: Metadata.self) { group in
            for _ in 0..<64 { group.addTask { readMetadata(file) } }
            return await group.reduce(into: [Metadata]()) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0 == expected })
    }

    @Test("work is bounded: a 64 KB segment of markers-in-junk reads fast")
    func boundedWork() {
        var payload = Data("Exif\0\0MM\0*\0\0\0\u{8}".utf8)
        payload += Data((0..<60000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let file = jpegWith([(0xE1, payload), (0xE1, Data("http://ns.adobe.com/xap/1.0/\0".utf8)
                              + Data(repeating: UInt8(ascii: "<"), count: 60000))])
        // Patterns that make a naive scanner quadratic.
        func xmp(_ unit: String) -> (marker: UInt8, payload: Data) {
            (0xE1, Data("http://ns.adobe.com/xap/1.0/\0".utf8)
                + Data(String(repeating: unit, count: 60000 / unit.utf8.count).utf8))
        }
        let hostile = [xmp("<dc:description>"), xmp("<dc:description><rdf:li>"), xmp("<rdf:li></rdf:li>"),
                       xmp(" dc:description=\""), xmp("&#x41;&amp")]
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            for _ in 0..<20 { _ = readMetadata(file) }
            for segment in hostile { for _ in 0..<5 { _ = readMetadata(jpegWith([segment])) } }
        }
        #expect(elapsed < .seconds(5))
    }
}
