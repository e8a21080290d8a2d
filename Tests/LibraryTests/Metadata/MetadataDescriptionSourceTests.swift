import Fixtures
import Foundation
@testable import Library
import Testing

@Suite("Metadata: XMP and IPTC descriptions")
struct MetadataDescriptionSourceTests {
    typealias L = MetadataFixture.LanguageText

    // MARK: - Each source alone

    @Test("each description source is read on its own")
    func sourcesSeparately() {
        let e = readMetadata(MetadataFixture.jpeg(exif: .init(description: "from exif")))
        #expect(e.exifDescription == "from exif" && e.xmpDescription == nil && e.iptcCaption == nil)
        let x = readMetadata(MetadataFixture.jpeg(xmp: .element("from xmp")))
        #expect(x.exifDescription == nil && x.xmpDescription == "from xmp" && x.iptcCaption == nil)
        let i = readMetadata(MetadataFixture.jpeg(iptc: .init(caption: "from iptc")))
        #expect(i.exifDescription == nil && i.xmpDescription == nil && i.iptcCaption == "from iptc")
        let all = readMetadata(MetadataFixture.jpeg(
            exif: .init(description: "A"), xmp: .attribute("B"), iptc: .init(caption: "C")))
        #expect(all.exifDescription == "A" && all.xmpDescription == "B" && all.iptcCaption == "C")
    }

    // MARK: - XMP

    @Test("XMP: x-default wins even when it is not first")
    func xmpPrefersXDefault() {
        let m = readMetadata(MetadataFixture.jpeg(xmp: .alternatives([
            L("de-DE", "Hafen"), L("x-default", "Harbour"), L("fr", "Port"),
        ])))
        #expect(m.xmpDescription == "Harbour")
        let first = readMetadata(MetadataFixture.jpeg(xmp: .element("Default", others: [L("de", "Standard")])))
        #expect(first.xmpDescription == "Default")
    }

    @Test("XMP: first entry when there is no x-default")
    func xmpFirstEntry() {
        let m = readMetadata(MetadataFixture.jpeg(xmp: .alternatives([L("de-DE", "Hafen"), L("fr", "Port")])))
        #expect(m.xmpDescription == "Hafen")
    }

    @Test("XMP: an empty x-default falls back to the first non-empty entry")
    func xmpEmptyDefault() {
        let m = readMetadata(MetadataFixture.jpeg(xmp: .alternatives([L("x-default", "  "), L("en", "Harbour")])))
        #expect(m.xmpDescription == "Harbour")
    }

    @Test("XMP: attribute form")
    func xmpAttribute() {
        #expect(readMetadata(MetadataFixture.jpeg(xmp: .attribute("Sunset & sea"))).xmpDescription == "Sunset & sea")
    }

    @Test("XMP: entities are decoded", arguments: [MetadataFixture.XMPDescription.element("<Tom> & \"Jerry\" 'ok'"),
                                                    .attribute("<Tom> & \"Jerry\" 'ok'")])
    func xmpEntities(description: MetadataFixture.XMPDescription) {
        #expect(readMetadata(MetadataFixture.jpeg(xmp: description)).xmpDescription == "<Tom> & \"Jerry\" 'ok'")
    }

    @Test("XMP: numeric references, unknown entities and stray ampersands")
    func xmpNumericEntities() {
        let packet = """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF><rdf:Description>
            <dc:description><rdf:Alt><rdf:li xml:lang='x-default'>Caf&#233; &#x1F600; &#X41; &nbsp; a&b &#xZZ; &#1114112;</rdf:li></rdf:Alt></dc:description>
            </rdf:Description></rdf:RDF></x:xmpmeta>
            """
        let m = readMetadata(jpegWith([(0xE1, Data("http://ns.adobe.com/xap/1.0/\0".utf8) + Data(packet.utf8))]))
        #expect(m.xmpDescription == "Café 😀 A &nbsp; a&b &#xZZ; &#1114112;")
    }

    @Test("XMP: multi-line text, spaces and control characters cleaned")
    func xmpCleaning() {
        let lines = readMetadata(MetadataFixture.jpeg(xmp: .element("\n   Line one\nLine two\u{1B}  \n"))).xmpDescription
        #expect(lines == "Line one\nLine two\u{1B}")
        #expect(lines?.strippingControlCharacters == "Line one Line two")
        #expect(readMetadata(MetadataFixture.jpeg(xmp: .element("   "))).xmpDescription == nil)
        let raw = Data("http://ns.adobe.com/xap/1.0/\0<x dc:description='&#0;&#9; &#x1b;'/>".utf8)
        #expect(readMetadata(jpegWith([(0xE1, raw)])).xmpDescription == nil)
    }

    @Test("XMP: odd but seen shapes")
    func xmpShapes() {
        func read(_ body: String) -> String? {
            let payload = Data("http://ns.adobe.com/xap/1.0/\0".utf8) + Data(body.utf8)
            return readMetadata(jpegWith([(0xE1, payload)])).xmpDescription
        }
        // Plain text content, no rdf:Alt.
        #expect(read("<rdf:Description><dc:description>plain</dc:description></rdf:Description>") == "plain")
        // Self-closing description, then a real one elsewhere in the packet.
        #expect(read("<dc:description/><x dc:description = 'later'/>") == "later")
        // Self-closing li.
        #expect(read("<dc:description><rdf:Alt><rdf:li xml:lang=\"x-default\"/><rdf:li>b</rdf:li></rdf:Alt></dc:description>") == "b")
        // A longer element name is not dc:description.
        #expect(read("<dc:descriptionX>no</dc:descriptionX>") == nil)
        // Unterminated packet.
        #expect(read("<dc:description><rdf:Alt><rdf:li xml:lang=\"x-default\">cut off") == "cut off")
        #expect(read("<dc:description><rdf:Alt><rdf:li xml:lang=\"x-def") == nil)
        #expect(read("<x dc:description=\"unterminated") == nil)
        #expect(read("dc:description") == nil)
        #expect(read("") == nil)
    }

    @Test("XMP: extended XMP segments are not taken for the main packet")
    func xmpExtension() {
        let ext = Data("http://ns.adobe.com/xmp/extension/\0".utf8) + Data("<dc:description>ext</dc:description>".utf8)
        let main = MetadataFixture.xmpPayload(.element("main"))
        #expect(readMetadata(jpegWith([(0xE1, ext), (0xE1, main)])).xmpDescription == "main")
    }

    // MARK: - IPTC

    @Test("IPTC: UTF-8 caption with the 1:90 marker")
    func iptcUTF8Marked() {
        let m = readMetadata(MetadataFixture.jpeg(iptc: .init(caption: "Zürich – 東京", utf8Marker: true)))
        #expect(m.iptcCaption == "Zürich – 東京")
    }

    @Test("IPTC: no 1:90 marker — valid UTF-8 read as UTF-8, else Latin-1")
    func iptcUnmarked() {
        #expect(readMetadata(MetadataFixture.jpeg(iptc: .init(caption: "Zürich", utf8Marker: false))).iptcCaption
            == "Zürich")
        let latin1 = MetadataFixture.IPTC(captionBytes: [0x5A, 0xFC, 0x72, 0x69, 0x63, 0x68], utf8Marker: false)
        #expect(readMetadata(MetadataFixture.jpeg(iptc: latin1)).iptcCaption == "Zürich")
    }

    @Test("IPTC: marked UTF-8 with invalid bytes still yields text")
    func iptcMarkedInvalid() {
        let bad = MetadataFixture.IPTC(captionBytes: [0x41, 0xFF, 0x42], utf8Marker: true)
        #expect(readMetadata(MetadataFixture.jpeg(iptc: bad)).iptcCaption == "A\u{FFFD}B")
    }

    @Test("IPTC: trimming and control characters")
    func iptcCleaning() {
        let m = readMetadata(MetadataFixture.jpeg(iptc: .init(caption: " \0 Caption\u{1B}[0m \0")))
        #expect(m.iptcCaption == "Caption\u{1B}[0m")
        #expect(m.iptcCaption?.strippingControlCharacters == "Caption")
    }

    @Test("IPTC: long caption with an extended dataset length")
    func iptcExtendedLength() {
        let long = String(repeating: "abcdefgh", count: 5000)  // 40 000 bytes ≥ 0x8000
        // Too large for one APP13 segment, so build the IIM directly.
        let payload = MetadataFixture.iptcPayload(.init(caption: long))
        var warnings: [String] = [], keywords: [String] = []
        let caption = payload.withUnsafeBytes { IPTCReader.caption(inPhotoshopSegment: $0, keywords: &keywords, warnings: &warnings) }
        #expect(caption == long)
    }

    @Test("IPTC: truncated resources and datasets do not crash")
    func iptcTruncated() {
        let payload = MetadataFixture.iptcPayload(.init(caption: "truncate me"))
        for cut in 0..<payload.count {
            var warnings: [String] = [], keywords: [String] = []
            _ = payload.prefix(cut).withUnsafeBytes { IPTCReader.caption(inPhotoshopSegment: $0, keywords: &keywords, warnings: &warnings) }
        }
        // The full one is fine.
        var warnings: [String] = [], keywords: [String] = []
        #expect(payload.withUnsafeBytes { IPTCReader.caption(inPhotoshopSegment: $0, keywords: &keywords, warnings: &warnings) }
            == "truncate me")
    }
}
