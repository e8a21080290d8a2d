import Fixtures
import Foundation
import Testing
@testable import Library

@Suite struct ThumbnailStoreTests {
    @Test func importMakesThumbnailsThatFitTheBoxWithOrientationApplied() throws {
        let folder = TemporaryFolder()
        let store = ThumbnailStore(folder: folder.path + "/thumbs")
        let photoFile = folder.write(
            MetadataFixture.jpeg(width: 640, height: 480, exif: .init(description: "x", orientation: 6)), to: "p/a.jpg")
        var library = PhotoLibrary()
        _ = Importer(thumbnails: store).run([photoFile], into: &library)
        let photo = try #require(library.photos.first)
        let key = try #require(ThumbnailStore.Key.current(photoID: photo.id, path: photo.path))
        guard case let .thumbnail(image) = store.entry(for: key) else {
            Issue.record("no thumbnail stored")
            return
        }
        #expect(image.width == 120 && image.height == 160)   // 480×640 once turned, fitted in 160×160
    }

    @Test func embeddedThumbnailIsUsedWhenBigEnoughAndSameShape() throws {
        // A photo whose embedded thumbnail is solid red while the photo itself is a gradient.
        let thumb = JPEGFixture.encode(width: 160, height: 120, color: JPEGFixture.solid(255, 0, 0))
        let data = MetadataFixture.jpeg(width: 1600, height: 1200, exif: .init(thumbnail: thumb))
        let folder = TemporaryFolder()
        let store = ThumbnailStore(folder: folder.path + "/thumbs")
        let key = ThumbnailStore.Key(photoID: "p", fileSize: 1, fileModified: 1)
        let entry = data.withUnsafeBytes { store.make(key, from: $0, orientation: 1) }
        guard case let .thumbnail(image) = entry else { Issue.record("no thumbnail"); return }
        let centre = image.pixel(image.width / 2, image.height / 2)
        #expect(centre.r > 200 && centre.g < 60 && centre.b < 60)
    }

    @Test func editedFileGetsANewThumbnail() throws {
        let folder = TemporaryFolder()
        let store = ThumbnailStore(folder: folder.path + "/thumbs")
        let path = folder.write(JPEGFixture.encode(width: 64, height: 48, color: JPEGFixture.solid(0, 0, 255)), to: "a.jpg")
        guard case let .thumbnail(first) = store.entryMakingIfNeeded(photoID: "id", path: path, orientation: 1) else {
            Issue.record("no thumbnail"); return
        }
        #expect(first.pixel(10, 10).b > 200)
        // Replace the file's content; the mtime moves on.
        folder.write(JPEGFixture.encode(width: 64, height: 40, color: JPEGFixture.solid(0, 255, 0)), to: "a.jpg")
        var times = [timespec(tv_sec: 2_000_000_000, tv_nsec: 0), timespec(tv_sec: 2_000_000_000, tv_nsec: 0)]
        utimensat(AT_FDCWD, path, &times, 0)
        guard case let .thumbnail(second) = store.entryMakingIfNeeded(photoID: "id", path: path, orientation: 1) else {
            Issue.record("no thumbnail"); return
        }
        #expect(second.pixel(10, 10).g > 200)
        #expect(second.height == 40)
    }

    @Test func failuresAreRememberedWithTheirReason() {
        let folder = TemporaryFolder()
        let store = ThumbnailStore(folder: folder.path + "/thumbs")
        var bad = JPEGFixture.encode(width: 64, height: 48)
        bad.replaceSubrange(bad.count / 2..<bad.count, with: [UInt8](repeating: 0, count: 4))
        let path = folder.write(Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 4, 0, 0]), to: "bad.jpg")
        let entry = store.entryMakingIfNeeded(photoID: "bad", path: path, orientation: 1)
        guard case let .failed(reason) = entry else { Issue.record("expected a failure"); return }
        #expect(!reason.isEmpty)
        let key = ThumbnailStore.Key.current(photoID: "bad", path: path)!
        #expect(store.entry(for: key) == .failed(reason))
        #expect(store.entryMakingIfNeeded(photoID: "x", path: folder.path + "/gone.jpg", orientation: 1) == .failed("file missing"))
    }

    @Test func trimKeepsTheStoreUnderItsBoundAndClearEmptiesIt() {
        let folder = TemporaryFolder()
        let store = ThumbnailStore(folder: folder.path + "/thumbs")
        let data = JPEGFixture.encode(width: 300, height: 200)
        for i in 0..<10 {
            _ = data.withUnsafeBytes { store.make(.init(photoID: "p\(i)", fileSize: 1, fileModified: 1), from: $0, orientation: 1) }
        }
        let before = store.usage()
        #expect(before.files == 10)
        store.trim(toBytes: before.bytes / 2)
        let after = store.usage()
        #expect(after.bytes <= before.bytes / 2)
        #expect(after.files < 10 && after.files > 0)
        #expect(store.clear() == after.files)
        #expect(store.usage().files == 0)
    }
}
