import Testing
@testable import Library

/// Files that are not photos are named in words, so an import's list says what they are.
@Suite struct NonPhotoFileTests {
    private func ftyp(_ major: String, _ compatible: [String]) -> [UInt8] {
        let brands = [major, "\0\0\0\0"] + compatible
        let size = 8 + 4 * brands.count
        return [0, 0, 0, UInt8(size)] + Array("ftyp".utf8) + brands.flatMap { Array($0.utf8) } + [0, 0, 0, 8]
    }

    private func reason(_ bytes: [UInt8]) -> String {
        bytes.withUnsafeBytes { PhotoFormats.unknownFormatReason($0) }
    }

    private func recognise(_ bytes: [UInt8]) -> NonPhotoFile? {
        bytes.withUnsafeBytes { NonPhotoFile.recognise($0) }
    }

    @Test func otherImageFormatsAndMediaAreNamedInWords() {
        #expect(reason(ftyp("M4A ", ["M4A ", "mp42"])) == "audio (M4A), not a photo")
        #expect(reason(Array("RIFF".utf8) + [1, 2, 3, 4] + Array("WAVEfmt ".utf8)) == "audio (WAV), not a photo")
        #expect(reason([0, 0, 0, 0x0C, 0x6A, 0x50, 0x20, 0x20, 0x0D, 0x0A, 0x87, 0x0A] + ftyp("jp2 ", ["jp2 "]))
                == "JPEG 2000: an image format photory does not read")
        #expect(reason([0xFF, 0x4F, 0xFF, 0x51, 0, 0x2F]) == "JPEG 2000: an image format photory does not read")
        #expect(reason(Array("%PDF-1.7\n%\u{E2}\u{E3}".utf8)) == "PDF document, not a photo")
    }

    @Test func textAndXMLAreTextButBinaryIsNot() {
        #expect(recognise(Array("notes\nhello\n".utf8))?.isText == true)
        #expect(recognise(Array("<?xml version=\"1.0\"?>\n<plist/>".utf8))?.isText == true)
        #expect(recognise(Array("São Paulo, 2019 — praia".utf8))?.isText == true)
        #expect(recognise(Array("\n<!DOCTYPE html>\n<html>".utf8))?.name == "web page (HTML)")
        // A character cut by the sniff length is still text.
        #expect(recognise(Array("ação".utf8).dropLast())?.isText == true)
        #expect(recognise([0x01, 0x02, 0x68, 0x65]) == nil)
        #expect(recognise([0x68, 0x00, 0x65]) == nil)
        #expect(recognise([0xC3, 0x28, 0x41, 0x41, 0x41]) == nil)
    }

    @Test func sidecarsAreKnownByName() {
        for name in ["IMG_0001.THM", "IMG_0001.AAE", "photo.jpg.xmp", "a.pp3", "DSC_1.dop"] {
            #expect(NonPhotoFile.isSidecar(name: name), "\(name)")
        }
        for name in ["IMG_0001.JPG", "thm", ".thm", "clip.MOV", "notes.txt"] {
            #expect(!NonPhotoFile.isSidecar(name: name), "\(name)")
        }
    }
}
