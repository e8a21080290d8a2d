import Testing
@testable import Library

/// A million photos are held in memory at once: each byte of `Photo` is a megabyte there.
@Suite struct PhotoSizeTests {
    @Test func aPhotoStaysSmall() {
        // 184 since look-alike duplicates (issue 23): every photo has its 8-byte perceptual hash
        // (8 MB a million photos; in `Rare` it would box nearly every photo); its five crop
        // hashes (40 bytes) are boxed on their own, in bytes the field order leaves free.
        #expect(MemoryLayout<Photo>.stride <= 184, "\(MemoryLayout<Photo>.stride) bytes: keep rare fields in Photo.Rare")
    }

    /// Crop hashes live out of line too, and a copy changed there leaves the original as it was.
    @Test func cropHashesKeepValueSemantics() {
        var photo = samplePhoto("a")
        photo.cropHashes = CropHashes([1, 2, 3, 4, 5])
        var copy = photo
        copy.cropHashes.centre = 9
        #expect(photo.cropHashes == CropHashes([1, 2, 3, 4, 5]) && copy.cropHashes.centre == 9 && copy != photo)
        copy.cropHashes = .none
        #expect(copy.cropHashes.isEmpty && photo.cropHashes.topLeft == 1)
    }

    /// The rare fields live out of line, and a copy of a photo changed there leaves the original as it was.
    @Test func rareFieldsKeepValueSemantics() {
        var photo = samplePhoto("a")
        let original = photo
        photo.edits.favourite = true
        photo.sourceURL = "http://example.org/a.jpg"
        photo.thumbnailWidth = 150
        var copy = photo
        copy.edits.description = "Boats"
        #expect(original.edits.isEmpty && original.sourceURL == nil && original.thumbnailWidth == 0)
        #expect(photo.edits == PhotoEdits(favourite: true) && photo.sourceURL == "http://example.org/a.jpg")
        #expect(copy.edits == PhotoEdits(description: "Boats", favourite: true) && copy != photo)
        copy.edits = PhotoEdits()
        copy.sourceURL = nil
        copy.thumbnailWidth = 0
        #expect(copy == original)
    }

    @Test func sizesOutOfRangeAreClamped() {
        var photo = samplePhoto("a")
        photo.width = Int(Int32.max) + 5
        photo.fileOrientation = 300
        #expect(photo.width == Int(Int32.max) && photo.orientation == 255)
    }
}
