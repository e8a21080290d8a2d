import Fixtures
import Foundation
@testable import Library
import Testing

@Suite("Metadata: lens, exposure, digitized date and offsets")
struct MetadataExposureTests {
    typealias Entry = MetadataFixture.RawEntry
    typealias R = MetadataFixture.Rational

    static func ascii(_ tag: UInt16, _ text: String) -> Entry {
        Entry(ifd: .exif, tag: tag, value: .ascii(Array(text.utf8) + [0]))
    }

    @Test("what the info panel shows is read from the EXIF IFD", arguments: [false, true])
    func allFields(littleEndian: Bool) {
        let exif = MetadataFixture.EXIF(
            dateTimeOriginal: "2021:07:04 18:30:05", offsetTimeOriginal: "+02:00", littleEndian: littleEndian,
            extraEntries: [
                Self.ascii(0x9004, "2021:07:04 18:31:00"),
                Self.ascii(0x9012, "-03:00"),
                Self.ascii(0xA433, "Canon"),
                Self.ascii(0xA434, "EF24-105mm f/4L IS USM"),
                Entry(ifd: .exif, tag: 0x829A, value: .rational([R(1, 250)])),
                Entry(ifd: .exif, tag: 0x829D, value: .rational([R(28, 10)])),
                Entry(ifd: .exif, tag: 0x8827, value: .short([200])),
                Entry(ifd: .exif, tag: 0x920A, value: .rational([R(35, 1)])),
            ])
        let m = readMetadata(MetadataFixture.jpeg(exif: exif))
        #expect(m.dateTimeDigitized == "2021:07:04 18:31:00")
        #expect(m.offsetTimeOriginal == "+02:00")
        #expect(m.offsetTimeDigitized == "-03:00")
        #expect(m.lensModel == "Canon EF24-105mm f/4L IS USM")
        #expect(m.exposureTime == 0.004)
        #expect(m.fNumber == 2.8)
        #expect(m.isoSpeed == 200)
        #expect(m.focalLength == 35)
        #expect(ExposureSummary.text(m) == "1/250 s · f/2.8 · ISO 200 · 35 mm")
    }

    @Test("lens: the model alone when it already names the make, the make when there is no model")
    func lensNames() {
        let both = readMetadata(MetadataFixture.jpeg(exif: .init(extraEntries: [
            Self.ascii(0xA433, "Apple"), Self.ascii(0xA434, "apple iPhone 12 back camera 4.2mm f/1.6")])))
        #expect(both.lensModel == "apple iPhone 12 back camera 4.2mm f/1.6")
        let makeOnly = readMetadata(MetadataFixture.jpeg(exif: .init(extraEntries: [Self.ascii(0xA433, "Sigma")])))
        #expect(makeOnly.lensModel == "Sigma")
        let modelOnly = readMetadata(MetadataFixture.jpeg(exif: .init(extraEntries: [Self.ascii(0xA434, "FE 24-70mm F2.8 GM")])))
        #expect(modelOnly.lensModel == "FE 24-70mm F2.8 GM")
    }

    @Test("absent or zero exposure values stay nil, and there is no summary")
    func absentValues() {
        let none = readMetadata(MetadataFixture.jpeg(exif: .init(make: "Nikon")))
        #expect(none.dateTimeDigitized == nil && none.lensModel == nil && none.exposureTime == nil)
        #expect(none.offsetTimeOriginal == nil && none.offsetTimeDigitized == nil)
        #expect(ExposureSummary.text(none) == nil)
        let zeros = readMetadata(MetadataFixture.jpeg(exif: .init(extraEntries: [
            Entry(ifd: .exif, tag: 0x829A, value: .rational([R(0, 1)])),
            Entry(ifd: .exif, tag: 0x829D, value: .rational([R(5, 0)])),
            Entry(ifd: .exif, tag: 0x8827, value: .short([0])),
            Entry(ifd: .exif, tag: 0x920A, value: .rational([R(0, 0)])),
        ])))
        #expect(zeros.exposureTime == nil && zeros.fNumber == nil && zeros.isoSpeed == nil && zeros.focalLength == nil)
    }

    @Test("OffsetTime alone is the photo's offset but not OffsetTimeOriginal")
    func offsetTimeOnly() {
        let m = readMetadata(MetadataFixture.jpeg(exif: .init(offsetTime: "+05:30")))
        #expect(m.utcOffset == "+05:30")
        #expect(m.offsetTimeOriginal == nil)
    }

    @Test("shutter speeds read as a photographer writes them", arguments: [
        (0.004, "1/250 s"), (1.0 / 3, "0.3 s"), (1.0 / 8000, "1/8000 s"), (0.5, "0.5 s"),
        (2, "2 s"), (1.3, "1.3 s"), (30, "30 s"), (0.0166, "1/60 s"),
    ] as [(Double, String)])
    func shutter(seconds: Double, text: String) {
        #expect(ExposureSummary.shutter(seconds) == text)
    }

    @Test("partial summaries leave out what is unknown")
    func partial() {
        #expect(ExposureSummary.text(exposureTime: nil, fNumber: 8, isoSpeed: nil, focalLength: 4.2)
            == "f/8 · 4.2 mm")
        #expect(ExposureSummary.text(exposureTime: nil, fNumber: nil, isoSpeed: 3200, focalLength: nil) == "ISO 3200")
        #expect(ExposureSummary.aperture(1.4) == "f/1.4")
    }
}
