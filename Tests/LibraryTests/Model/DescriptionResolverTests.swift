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
