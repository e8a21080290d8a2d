import Foundation
@testable import Library
import Testing

/// Reads the shared sample photos (/work/shared/photos, see its SOURCES.md) when present.
@Suite("Metadata: shared sample photos", .enabled(if: SamplePhotos.available))
struct MetadataSamplePhotoTests {
    @Test("every sample file is read without crashing, quickly")
    func readsEverything() throws {
        let files = SamplePhotos.allFiles()
        #expect(files.count > 100)
        var total = Duration.zero
        let clock = ContinuousClock()
        for url in files {
            let data = try Data(contentsOf: url)
            var m = Metadata()
            total += clock.measure { m = readMetadata(data) }
            #expect((1...8).contains(m.orientation), "\(url.lastPathComponent)")
            if let r = m.embeddedThumbnail {
                #expect(r.upperBound <= data.count && data[r.lowerBound] == 0xFF && data[r.lowerBound + 1] == 0xD8,
                        "\(url.lastPathComponent)")
            }
            if let g = m.gps {
                #expect(abs(g.latitude) <= 90 && abs(g.longitude) <= 180, "\(url.lastPathComponent)")
            }
            if ProcessInfo.processInfo.environment["PHOTORY_DUMP_METADATA"] != nil {
                print(SamplePhotos.describe(url, m))
            }
        }
        // A few ms per file at most even in a debug build (≈150 files).
        #expect(total < .seconds(3))
    }

    @Test("cameras and sizes match SOURCES.md", arguments: [
        ("real/canon-ixus.jpg", "Canon", "Canon DIGITAL IXUS", 640, 480),
        ("real/nikon-e950.jpg", "NIKON", "E950", 800, 600),
        ("real/iphone_hdr_YES.jpg", "Apple", "iPhone 6", 3264, 2448),
        ("tiny/Canon_40D.jpg", "Canon", "Canon EOS 40D", 100, 68),
        ("real/exiv2_exiv2-bug876.jpg", "Canon", "Canon EOS 6D", 1500, 1000),   // progressive
        ("tiny/32-lens_data.jpeg", "NIKON CORPORATION", "NIKON D300", 200, 133), // progressive
        ("real/iptc.jpg", "Nokia", "N70-1", 640, 480),
        ("real/xmp_test.jpg", "Canon", "Canon EOS Rebel T6", 2000, 1072),
    ])
    func cameras(path: String, make: String, model: String, width: Int, height: Int) throws {
        let m = try SamplePhotos.read(path)
        #expect(m.cameraMake == make)
        #expect(m.cameraModel == model)
        let header = try JPEGDecoder.header(try Data(contentsOf: SamplePhotos.root.appendingPathComponent(path)))
        #expect(header.width == width && header.height == height)
    }

    @Test("descriptions found in the samples (checked by hand against the raw segments)")
    func descriptions() throws {
        let berlin = try SamplePhotos.read("real/33-type_error.jpg")
        #expect(berlin.exifDescription == "El cielo sobre Berlin (Heaven above Berlin)")
        #expect(berlin.xmpDescription == "El cielo sobre Berlin (Heaven above Berlin)")
        let austin = try SamplePhotos.read("tiny/exiv2_exiv2-bug1062.jpg")
        #expect(austin.xmpDescription == "Mrs Johnson's Austin Office")
        #expect(austin.iptcCaption == "Mrs Johnson's Austin Office")
        #expect(austin.exifDescription == nil)
        let stromboli = try SamplePhotos.read("tiny/exiv2_exiv2-bug495.jpg")
        #expect(stromboli.iptcCaption == "Die Insel Stromboli mit dem Vulkan Stromboli, 1000m hoch")
        let eva = try SamplePhotos.read("tiny/exiv2_exiv2-bug501.jpg")
        #expect(eva.exifDescription == "Porträtt på Eva")
        #expect(eva.iptcCaption == "Porträtt på Eva")
        let table = try SamplePhotos.read("broken/exiv2_table.jpg")
        #expect(table.exifDescription == "Well it is a smiley that happens to be green")
        #expect(table.iptcCaption == "Smiley green faced dude (iptc caption)")
        // Camera boilerplate is returned as written; the model decides it is a placeholder.
        #expect(try SamplePhotos.read("real/olympus-c960.jpg").exifDescription == "OLYMPUS DIGITAL CAMERA")
        // xmp_test.jpg has an XMP packet (Lightroom) but no dc:description; iptc.jpg has IPTC
        // (city, country, keywords) but no 2:120 caption.
        let xmp = try SamplePhotos.read("real/xmp_test.jpg")
        #expect(xmp.xmpDescription == nil && xmp.exifDescription == nil)
        #expect(try SamplePhotos.read("real/iptc.jpg").iptcCaption == nil)
    }

    @Test("GPS, offsets and thumbnails in the samples")
    func gpsAndMore() throws {
        let nikon = try #require(try SamplePhotos.read("real/DSCN0010.jpg").gps)
        #expect(abs(nikon.latitude - 43.467448) < 1e-5 && abs(nikon.longitude - 11.885127) < 1e-5)
        let sf = try #require(try SamplePhotos.read("real/exiv2_exiv2-bug2565.jpg").gps)
        #expect(sf.longitude < -122 && sf.latitude > 37)
        let deathValley = try #require(try SamplePhotos.read("tiny/exiv2_FurnaceCreekInn.jpg").gps)
        #expect(abs((deathValley.altitude ?? 0) - -14.28) < 0.01)
        #expect(try SamplePhotos.read("tiny/empty_gps_ifd.jpg").gps == nil)
        #expect(try SamplePhotos.read("real/HMD_Nokia_8.3_5G.jpg").utcOffset == "+03:00")
        let ixus = try SamplePhotos.read("real/canon-ixus.jpg")
        let range = try #require(ixus.embeddedThumbnail)
        #expect(range.count > 1000)
    }

    @Test("orientation samples carry orientations 1–8", arguments: 1...8)
    func orientations(value: Int) throws {
        #expect(try SamplePhotos.read("orientation/landscape_\(value).jpg").orientation == value)
        #expect(try SamplePhotos.read("orientation/portrait_\(value).jpg").orientation == value)
    }
}

enum SamplePhotos {
    static let root = URL(fileURLWithPath: "/work/shared/photos")
    static var available: Bool { FileManager.default.fileExists(atPath: root.path) }

    static func read(_ path: String) throws -> Metadata {
        readMetadata(try Data(contentsOf: root.appendingPathComponent(path)))
    }

    static func allFiles() -> [URL] {
        ["real", "tiny", "orientation", "broken"].flatMap { folder -> [URL] in
            let dir = root.appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
            return names.sorted().map { dir.appendingPathComponent($0) }
        }
    }

    static func describe(_ url: URL, _ m: Metadata) -> String {
        let name = url.deletingLastPathComponent().lastPathComponent + "/" + url.lastPathComponent
        var parts = ["o=\(m.orientation)"]
        if let v = m.cameraMake { parts.append("make=\(v)") }
        if let v = m.cameraModel { parts.append("model=\(v)") }
        if let v = m.dateTimeOriginal { parts.append("dto=\(v)") }
        if let v = m.dateTime { parts.append("dt=\(v)") }
        if let v = m.utcOffset { parts.append("tz=\(v)") }
        if let v = m.gps { parts.append("gps=\(v.latitude),\(v.longitude),\(v.altitude.map { "\($0)" } ?? "-")") }
        if let v = m.exifDescription { parts.append("exifDesc=«\(v)»") }
        if let v = m.xmpDescription { parts.append("xmpDesc=«\(v)»") }
        if let v = m.iptcCaption { parts.append("iptc=«\(v)»") }
        if let v = m.embeddedThumbnail { parts.append("thumb=\(v)") }
        if !m.warnings.isEmpty { parts.append("warn=\(m.warnings)") }
        return "META " + name + " " + parts.joined(separator: " ")
    }
}
