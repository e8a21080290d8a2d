import Fixtures
import Foundation
import Testing
@testable import Library

/// GIF through giflib: the first frame, the animated mark, and broken files.
@Suite(.enabled(if: FormatTools.available("convert"), "needs ImageMagick convert"))
struct GIFFormatTests {
    let fixture = FormatFixture()
    static let full = 1 << 20

    @Test func aStillGIFShowsItsPictureAndIsNotAnimated() throws {
        let path = try fixture.convert("still.gif", width: 60, height: 40, source: "xc:red")
        #expect(try formatName(path) == "GIF")
        let info = try inspectFile(path)
        #expect((info.width, info.height) == (60, 40))
        #expect(info.metadata.frameCount == 1)
        let preview = try previewFile(path, Self.full, Self.full)
        #expect((preview.width, preview.height) == (60, 40))
        #expect(close(preview.pixel(30, 20), (255, 0, 0), tolerance: 2))
    }

    @Test func anAnimatedGIFShowsItsFirstFrameAndIsMarkedWhenImported() throws {
        let path = try fixture.convert("anim.gif", width: 48, height: 32, source: "xc:red", ["xc:blue", "xc:lime", "-loop", "0"])
        let info = try inspectFile(path)
        #expect(info.metadata.frameCount == 2, "the walk stops at the second frame")
        let preview = try previewFile(path, Self.full, Self.full)
        #expect(close(preview.pixel(10, 10), (255, 0, 0), tolerance: 2), "the first frame, not a later one")

        var library = PhotoLibrary()
        let summary = Importer().run([path], into: &library)
        #expect(summary.count(.imported) == 1)
        let photo = try #require(library.photos.first)
        #expect(photo.animated)
        #expect(photo.kind == .photo)
        // Kept in the library file.
        let folder = TemporaryFolder()
        let store = LibraryStore(path: folder.file("lib.json"))
        try store.save(library)
        #expect(try store.load().photos.first?.animated == true)
    }

    @Test func transparencyIsCompositedAndAnInterlacedGIFDecodesInOrder() throws {
        let path = try fixture.convert("stripes.gif", width: 40, height: 40, source: "gradient:white-black", ["-interlace", "GIF"])
        let preview = try previewFile(path, Self.full, Self.full)
        #expect(preview.pixel(20, 0).r > 200 && preview.pixel(20, 39).r < 50, "top white, bottom black: rows in place")
        let clear = try fixture.convert("clear.gif", width: 20, height: 20, source: "xc:none")
        let shown = try previewFile(clear, Self.full, Self.full)
        #expect(shown.pixel(10, 10).a == 255, "transparent pixels are shown over the background")
    }

    @Test func brokenGIFsGetAReasonNotACrash() throws {
        let path = try fixture.convert("big.gif", width: 200, height: 150, source: "plasma:fractal")
        let bytes = try FileBytes.read(path)
        let cut = fixture.folder.write(Data(bytes.prefix(bytes.count / 2)), to: "cut.gif")
        #expect(throws: PhotoFormatError.corrupt("the GIF is truncated: its first frame ends early")) { try inspectFile(cut) }
        #expect(throws: PreviewImage.Failure.self) { try previewFile(cut, 50, 50) }
        let header = fixture.folder.write(Data(bytes.prefix(13)), to: "header.gif")
        #expect(throws: PhotoFormatError.self) { try inspectFile(header) }

        var library = PhotoLibrary()
        let summary = Importer().run([cut], into: &library)
        #expect(summary.results.first?.outcome.kind == .corrupt)
        #expect(summary.results.first?.reason?.contains("truncated") == true)
    }
}
