import Testing
@testable import Library

@Suite struct DescriptionResolverTests {
    private func metadata(exif: String? = nil, xmp: String? = nil, iptc: String? = nil,
                          make: String? = nil, model: String? = nil) -> Metadata {
        var m = Metadata()
        m.exifDescription = exif
        m.xmpDescription = xmp
        m.iptcCaption = iptc
        m.cameraMake = make
        m.cameraModel = model
        return m
    }

    @Test func exifComesFirst() {
        let r = DescriptionResolver.resolve(metadata(exif: "Beach", xmp: "Sea", iptc: "Sand"))
        #expect(r?.text == "Beach")
        #expect(r?.source == .exif)
    }

    @Test func xmpWhenExifIsBlankOrPlaceholder() {
        #expect(DescriptionResolver.resolve(metadata(exif: "   ", xmp: "Sea", iptc: "Sand"))?.source == .xmp)
        #expect(DescriptionResolver.resolve(metadata(exif: "OLYMPUS DIGITAL CAMERA", xmp: "Sea"))?.text == "Sea")
    }

    @Test func iptcLast() {
        let r = DescriptionResolver.resolve(metadata(exif: "SONY DSC", xmp: "\0\0", iptc: " Sand "))
        #expect(r?.text == "Sand")
        #expect(r?.source == .iptc)
    }

    @Test func noneWhenAllUnusable() {
        #expect(DescriptionResolver.resolve(metadata()) == nil)
        #expect(DescriptionResolver.resolve(metadata(exif: "\0 \t", xmp: "", iptc: "olympus digital camera")) == nil)
    }

    @Test func cameraNameIsNotADescription() {
        #expect(DescriptionResolver.usable("Canon EOS 6D", make: "Canon", model: "Canon EOS 6D") == nil)
        #expect(DescriptionResolver.usable("NIKON D70", make: "NIKON", model: "D70") == nil)
        #expect(DescriptionResolver.usable("Birthday", make: "NIKON", model: "D70") == "Birthday")
    }

    @Test(arguments: ["000001", "1", "2019", "DSC00006", "IMG_1234", "img_1234.JPG", "DSCN0042", "P1010001",
                      "_DSC1234", "DSC_0001", "PICT0001", "IMG_20190605_123456", "20190605_123456",
                      "SANYO DIGITAL CAMERA", "KONICA MINOLTA DIGITAL CAMERA", "Kodak EasyShare Digital Camera",
                      "FUJIFILM DIGITAL STILL CAMERA", "  000001  ", "----"])
    func cameraFillerIsNotADescription(_ filler: String) {
        #expect(DescriptionResolver.usable(filler) == nil)
        #expect(DescriptionResolver.resolve(metadata(exif: filler, xmp: "Sea"))?.text == "Sea")
    }

    @Test(arguments: ["Beach 2019", "Room 101", "Boeing 747", "A380", "R2D2", "Summer2019 trip", "12.5 km",
                      "Porträtt på Eva", "My digital camera bag", "Gran Turismo 5", "Berlin", "IMG", "100 years"])
    func descriptionsWithDigitsAreKept(_ text: String) {
        #expect(DescriptionResolver.usable(text) == text)
    }

    @Test func theFilesOwnNameIsNotADescription() {
        #expect(DescriptionResolver.usable("holiday_shot", fileName: "holiday_shot.jpg") == nil)
        #expect(DescriptionResolver.usable("Holiday_Shot.JPG", fileName: "holiday_shot.jpg") == nil)
        #expect(DescriptionResolver.usable("holiday_shot", fileName: "other.jpg") == "holiday_shot")
        #expect(DescriptionResolver.resolve(metadata(exif: "vacation-snap", iptc: "Sand"), fileName: "vacation-snap.jpeg")?.text
                == "Sand")
    }

    @Test func trimsWhitespaceNulsAndControlCharacters() {
        #expect(DescriptionResolver.usable("  Trip\0\0 ") == "Trip")
        // The true string is kept; whether it is blank is judged by what would show.
        #expect(DescriptionResolver.usable("Tr\u{1B}[31mip") == "Tr\u{1B}[31mip")
        #expect(DescriptionResolver.usable("\u{1B}]0;title\u{07}\u{1B}[2J") == nil)
        #expect(DescriptionResolver.groupKey("\u{1B}[31mEvil\u{1B}[0m") == DescriptionResolver.groupKey("evil"))
    }

    @Test func groupKeyIgnoresCaseAndSpacing() {
        #expect(DescriptionResolver.groupKey("Summer  in\tRome") == DescriptionResolver.groupKey("summer in rome"))
        #expect(DescriptionResolver.groupKey("Caf\u{E9}") == DescriptionResolver.groupKey("Cafe\u{301}"))
    }
}
