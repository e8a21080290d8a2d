import Fixtures
import Foundation
import Testing
@testable import Library

/// `LibraryWriteBack`: edits go into the files and sidecars, and the library's records follow.
@Suite struct LibraryWriteBackTests {
    static let rio = GPSPosition(latitude: -22.9068, longitude: -43.1729, altitude: 11)

    /// A library file with the JPEGs (or other files) in `names` imported from a fresh folder.
    struct Setup {
        let folder = TemporaryFolder("photory-libwb")
        let store: LibraryStore
        var paths: [String] = []

        init(_ files: [(name: String, data: Data)]) throws {
            store = LibraryStore(path: folder.path + "/library.json")
            for file in files { paths.append(folder.write(file.data, to: "photos/" + file.name)) }
            _ = try Importer(workers: 1).run([folder.path + "/photos"], store: store)
        }

        func photo(_ index: Int) throws -> Photo {
            try #require(try store.load().photo(path: paths[index]))
        }

        /// Saves `edits` on the photo at `index` as one step, as the CLI's `edit` does.
        func edit(_ index: Int, _ edits: PhotoEdits) throws {
            let photo = try photo(index)
            let step = EditStep(label: "test", changes: [.init(photoID: photo.id, before: photo.edits, after: edits)])
            try store.append([.apply(step)], lockTimeout: 10)
        }

        func bytes(_ index: Int) -> [UInt8] { Array(FileManager.default.contents(atPath: paths[index]) ?? Data()) }
    }

    static func jpeg(_ seed: Int) -> Data {
        MetadataFixture.jpeg(width: 40 + seed, height: 30, exif: .init(make: "Canon", model: "Canon EOS 6D",
                                                                       dateTimeOriginal: "2011:03:04 05:06:07"))
    }

    static let fullEdits = PhotoEdits(date: EditedDate(value: "2004-12-25T18:30:00+02:00"), location: .set(rio),
                                      description: "Christmas in Rio", favourite: true)

    @Test func theThumbnailFollowsTheRewrittenFile() throws {
        let setup = try Setup([("a.jpg", Self.jpeg(1))])
        let thumbnails = ThumbnailStore(folder: setup.folder.path + "/thumbs")
        let before = try setup.photo(0)
        let oldKey = ThumbnailStore.Key(photoID: before.id, fileSize: before.fileSize, fileModified: before.fileModified)
        _ = setup.bytes(0).withUnsafeBytes { thumbnails.make(oldKey, from: $0, orientation: 1) }
        try setup.edit(0, Self.fullEdits)
        let after = try #require(try LibraryWriteBack(store: setup.store, thumbnails: thumbnails).run(nil)
            .library.photo(id: before.id))
        #expect(after.fileSize != before.fileSize)
        let newKey = ThumbnailStore.Key(photoID: after.id, fileSize: after.fileSize, fileModified: after.fileModified)
        #expect(thumbnails.entry(for: newKey) == thumbnails.entry(for: oldKey))
        #expect(thumbnails.entry(for: newKey) != nil)
    }

    @Test func writtenFileBecomesTheRecordKeepingTheIDAndClearingTheEdits() throws {
        let setup = try Setup([("a.jpg", Self.jpeg(1)), ("b.jpg", Self.jpeg(2))])
        let before = try setup.photo(0)
        try setup.edit(0, Self.fullEdits)

        let (library, outcomes) = try LibraryWriteBack(store: setup.store).run(nil)

        #expect(outcomes.count == 1, "only the edited photo is written when no photo is named")
        let outcome = try #require(outcomes.first)
        #expect(outcome.photoID == before.id && outcome.wroteFile && outcome.problem == nil)
        #expect(outcome.sidecarPath == setup.paths[0] + ".xmp")
        let bytes = setup.bytes(0)
        let photo = try #require(library.photo(id: before.id), "the photo keeps its id (and its thumbnail)")
        #expect(photo.fileTakenAt == "2004-12-25T18:30:00+02:00")
        #expect(photo.fileTakenAtSource == .dateTimeOriginal)
        #expect(photo.fileGPS == Self.rio)
        #expect(photo.fileDescription == "Christmas in Rio" && photo.fileDescriptionSource == .exif)
        #expect(photo.edits == PhotoEdits(favourite: true), "written fields are no longer edits; the favourite stays")
        #expect(photo.fileSize == Int64(bytes.count))
        #expect(photo.contentID == bytes.withUnsafeBytes { ContentHash.photoID(ContentHash.xxh64($0)) })
        #expect(photo.contentID != photo.id)
        #expect(photo.fileModified == before.fileModified, "the file's mtime is kept by default")
        #expect(try setup.store.load() == library, "what was returned is what was saved")

        // The file says so itself.
        let metadata = bytes.withUnsafeBytes { MetadataReader.read($0) }
        #expect(metadata.dateTimeOriginal == "2004:12:25 18:30:00" && metadata.offsetTimeOriginal == "+02:00")
        #expect(abs((metadata.gps?.latitude ?? 0) - Self.rio.latitude) < 1e-6)
        #expect(metadata.exifDescription == "Christmas in Rio")
        // A second run finds only the favourite left to write (into the sidecar, not the file).
        let again = try LibraryWriteBack(store: setup.store).run(nil).outcomes
        #expect(again.map(\.wroteFile) == [false] && again.first?.sidecarPath != nil)
        #expect(setup.bytes(0) == bytes)
    }

    @Test func reimportingARewrittenFileIsTheSamePhoto() throws {
        let setup = try Setup([("a.jpg", Self.jpeg(1))])
        try setup.edit(0, PhotoEdits(date: EditedDate(value: "2004-12-25T18:30:00")))
        let written = try LibraryWriteBack(store: setup.store).run(nil).library

        let (library, summary) = try Importer(workers: 1).run([setup.folder.path + "/photos"], store: setup.store)
        #expect(summary.count(.duplicate) == 1 && summary.count(.imported) == 0 && summary.count(.updated) == 0)
        #expect(summary.results.count == 1, "the sidecar beside it is not a photo to import")
        #expect(library.photos == written.photos)

        // Moved away and found again: relinked to the same photo.
        let moved = setup.folder.path + "/moved.jpg"
        #expect(rename(setup.paths[0], moved) == 0)
        let (relinked, again) = try Importer(workers: 1).run([moved], store: setup.store)
        #expect(again.count(.relinked) == 1)
        #expect(relinked.photos.count == 1 && relinked.photos[0].id == written.photos[0].id)
        #expect(relinked.photos[0].path == moved && !relinked.photos[0].missing)
    }

    @Test func contentIDIsKeptInTheLibraryFile() throws {
        let folder = TemporaryFolder()
        let store = LibraryStore(path: folder.path + "/library.json")
        var photo = Photo(id: "0123456789abcde", path: "/p/a.jpg", fileSize: 1, fileModified: 2, width: 3, height: 4,
                          takenAt: "2004-12-25T18:30:00", takenAtSource: .dateTimeOriginal, importedAt: 5)
        photo.contentID = "fedcba987654321"
        try store.save(PhotoLibrary(photos: [photo]))
        #expect(try store.load().photos == [photo])
        #expect(String(decoding: FileManager.default.contents(atPath: store.path) ?? Data(), as: UTF8.self)
            .contains("\"contentID\":\"fedcba987654321\""))
    }

    @Test(.enabled(if: FormatTools.available("convert"), "needs ImageMagick's convert to make a PNG"))
    func aPNGGetsOnlyItsSidecar() throws {
        let formats = FormatFixture()
        let png = try formats.png("shot.png")
        let setup = try Setup([("shot.png", try Data(contentsOf: URL(fileURLWithPath: png)))])
        try setup.edit(0, Self.fullEdits)
        let original = setup.bytes(0)

        let (library, outcomes) = try LibraryWriteBack(store: setup.store).run(nil)
        let outcome = try #require(outcomes.first)
        #expect(!outcome.wroteFile)
        #expect(outcome.sidecarPath == setup.paths[0] + ".xmp")
        #expect(outcome.problem == nil, "photory does not write PNG files: the sidecar is the whole write")
        #expect(outcome.note == "the PNG file itself was left alone: photory writes into JPEG files only, not HEIF, PNG, WebP, raw files or videos")
        #expect(setup.bytes(0) == original)
        let photo = library.photos[0]
        #expect(photo.edits.date == nil && photo.edits.location == nil && photo.edits.description == nil,
                "the sidecar holds the values: they are not edits any more")
        #expect(photo.edits.favourite, "the favourite stays (it lives in the sidecar only)")
        #expect(photo.takenAt == "2004-12-25T18:30:00+02:00" && photo.takenAtSource == .sidecar)
        #expect(abs((photo.gps?.latitude ?? 0) - -22.9068) < 1e-4)
        let sidecar = try String(contentsOfFile: setup.paths[0] + ".xmp", encoding: .utf8)
        #expect(sidecar.contains("2004-12-25T18:30:00+02:00") && sidecar.contains("22,54.408S"))

        try setup.edit(0, Self.fullEdits)
        let fileOnly = try LibraryWriteBack(store: setup.store, target: .fileOnly).run(nil).outcomes
        #expect(fileOnly.first?.problem?.hasSuffix("shot.png: the PNG file was not written (photory writes into JPEG files only, not HEIF, PNG, WebP, raw files or videos)") == true)
        #expect(try setup.store.load().photos[0].edits.date != nil, "nothing was written: the edit stays")
    }

    @Test func aReadOnlyFileIsRefusedAndTheOthersAreStillSaved() throws {
        let setup = try Setup([("a.jpg", Self.jpeg(1)), ("b.jpg", Self.jpeg(2))])
        try setup.edit(0, Self.fullEdits)
        try setup.edit(1, Self.fullEdits)
        chmod(setup.paths[0], 0o444)
        let locked = setup.bytes(0)
        let ids = [try setup.photo(0).id, try setup.photo(1).id]

        let (library, outcomes) = try LibraryWriteBack(store: setup.store, target: .fileOnly).run(ids)

        #expect(outcomes.map(\.wroteFile) == [false, true])
        #expect(outcomes[0].problem?.contains("a.jpg: the file is read-only") == true)
        #expect(outcomes.allSatisfy { $0.sidecarPath == nil }, "fileOnly writes no sidecar")
        #expect(setup.bytes(0) == locked)
        let saved = try setup.store.load()
        #expect(saved == library)
        #expect(saved.photo(id: ids[0])?.edits == Self.fullEdits)
        #expect(saved.photo(id: ids[1])?.edits == PhotoEdits(favourite: true))
        #expect(!FileManager.default.fileExists(atPath: setup.paths[0] + ".xmp"))
    }

    @Test func sidecarOnlyLeavesTheFileAndTheRecordAlone() throws {
        let setup = try Setup([("a.jpg", Self.jpeg(1))])
        try setup.edit(0, Self.fullEdits)
        let original = setup.bytes(0)
        let before = try setup.store.load()

        let (library, outcomes) = try LibraryWriteBack(store: setup.store, target: .sidecarOnly).run(nil)
        #expect(outcomes.first?.wroteFile == false && outcomes.first?.problem == nil)
        #expect(outcomes.first?.sidecarPath == setup.paths[0] + ".xmp")
        #expect(setup.bytes(0) == original && library == before)
    }

    @Test func missingFilesAndUnknownIDsAreRefused() throws {
        let setup = try Setup([("a.jpg", Self.jpeg(1))])
        try setup.edit(0, Self.fullEdits)
        let id = try setup.photo(0).id
        unlink(setup.paths[0])

        let outcomes = try LibraryWriteBack(store: setup.store).run([id, "000000000000000"]).outcomes
        #expect(outcomes[0].problem == "\(setup.paths[0]): the file is missing; nothing was written")
        #expect(outcomes[1].problem == "no photo with id 000000000000000 in the library")
        #expect(!FileManager.default.fileExists(atPath: setup.paths[0] + ".xmp"))
    }

    @Test func notKeepingFileTimesGivesTheFileANewMtime() throws {
        let setup = try Setup([("a.jpg", Self.jpeg(1))])
        var old = [timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000_000, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, setup.paths[0], &old, 0) == 0)
        try setup.edit(0, PhotoEdits(description: "Touched"))

        let library = try LibraryWriteBack(store: setup.store, keepFileTimes: false).run(nil).library
        var info = stat()
        stat(setup.paths[0], &info)
        #expect(info.st_mtim.tv_sec > 1_000_000_000)
        #expect(library.photos[0].fileModified == Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)
    }
}
