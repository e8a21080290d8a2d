import Fixtures
import Foundation
import Testing
@testable import Library

@Suite struct ImporterTests {
    /// Distinct small JPEGs: the seed changes every pixel.
    static func jpeg(_ seed: Int, width: Int = 32, height: Int = 24) -> Data {
        JPEGFixture.encode(width: width, height: height) { x, y in
            (UInt8(truncatingIfNeeded: x * 7 + seed * 31), UInt8(truncatingIfNeeded: y * 5 + seed), UInt8(truncatingIfNeeded: seed * 17))
        }
    }

    @Test func importsFoldersRecursivelyAndRecognisesPhotosByContent() {
        let folder = TemporaryFolder()
        folder.write(Self.jpeg(1), to: "a/one.jpg")
        folder.write(Self.jpeg(2), to: "a/b/two.photo")          // odd extension, still a JPEG
        folder.write(Data("hello".utf8), to: "a/notes.jpg")      // JPEG name, not JPEG content
        folder.write(Self.jpeg(3), to: "a/.hidden/three.jpg")    // hidden folders are skipped
        var library = PhotoLibrary()
        let summary = Importer().run([folder.path + "/a"], into: &library)
        #expect(summary.count(.imported) == 2)
        #expect(summary.count(.skipped) == 1)
        #expect(summary.results.first { $0.path.hasSuffix("notes.jpg") }?.reason == "text file")
        #expect(library.photos.count == 2)
        #expect(library.photos.allSatisfy { $0.path.hasPrefix("/") && $0.width == 32 && $0.height == 24 })
    }

    /// A camera card's folder: sidecars (a THM is a small JPEG, an AAE is XML) and text are
    /// skipped and only counted; a broken video says why.
    @Test func sidecarsAndTextAreSkippedQuietlyAndABrokenVideoSaysWhy() {
        let folder = TemporaryFolder()
        folder.write(Self.jpeg(1), to: "DCIM/IMG_0001.JPG")
        folder.write(Self.jpeg(2), to: "DCIM/IMG_0001.THM")
        folder.write(Data("<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict/></plist>\n".utf8), to: "DCIM/IMG_0001.AAE")
        folder.write(Data("shot list\n".utf8), to: "DCIM/readme.txt")
        folder.write(Data([0, 0, 0, 0x14] + Array("ftypqt  ".utf8) + [0, 0, 2, 0] + Array("qt  ".utf8) + [0, 0, 0, 8]), to: "DCIM/clip.MOV")
        var library = PhotoLibrary()
        let summary = Importer().run([folder.path + "/DCIM"], into: &library)
        #expect(summary.line == "1 imported, 1 corrupt, 3 skipped (sidecars and text files)")
        #expect(summary.problems.map { ($0.path as NSString).lastPathComponent } == ["clip.MOV"])
        #expect(summary.problems.first?.reason?.hasPrefix("FFmpeg cannot read this video") == true)
        #expect(library.photos.map { ($0.path as NSString).lastPathComponent } == ["IMG_0001.JPG"])
    }

    /// An import larger than one chunk is one import: "Recently imported" holds all of it,
    /// not only its last chunk (QA saw 24 of 600).
    @Test func everyPhotoOfOneImportIsRecentlyImported() throws {
        let folder = TemporaryFolder()
        let count = Importer.chunkSize * 2 + 5
        for seed in 0..<count { folder.write(Self.jpeg(seed), to: "many/\(seed).jpg") }
        folder.write(Self.jpeg(250), to: "earlier/old.jpg")
        var library = PhotoLibrary()
        var importer = Importer(workers: 2)
        importer.now = { 1_000 }
        _ = importer.run([folder.path + "/earlier"], into: &library)
        importer.now = { 2_000 }   // a later import
        let summary = importer.run([folder.path + "/many"], into: &library)
        #expect(summary.count(.imported) == count)
        #expect(Set(library.photos.filter { $0.path.contains("/many/") }.map(\.importedAt)) == [2_000])
        #expect(SmartFolder.recentlyImported.photoIDs(in: library).count == count)
    }

    @Test func sameFolderTwiceAddsNothing() {
        let folder = TemporaryFolder()
        folder.write(Self.jpeg(1), to: "p/one.jpg")
        folder.write(Self.jpeg(2), to: "p/two.jpg")
        var library = PhotoLibrary()
        _ = Importer().run([folder.path + "/p"], into: &library)
        let again = Importer().run([folder.path + "/p"], into: &library)
        #expect(library.photos.count == 2)
        #expect(again.count(.duplicate) == 2)
        #expect(again.results.allSatisfy { $0.reason == "already in the library" })
    }

    @Test func copyUnderAnotherNameIsADuplicateOfTheFirst() {
        let folder = TemporaryFolder()
        let first = folder.write(Self.jpeg(5), to: "p/a.jpg")
        folder.write(Self.jpeg(5), to: "p/b-copy.jpg")
        var library = PhotoLibrary()
        let summary = Importer().run([folder.path + "/p"], into: &library)
        #expect(library.photos.count == 1)
        let copy = summary.results.first { $0.path.hasSuffix("b-copy.jpg") }
        #expect(copy?.outcome.kind == .duplicate)
        #expect(copy?.reason == "duplicate of \(first)")
    }

    @Test func eachBadFileGetsItsOutcomeAndTheBatchGoesOn() throws {
        let folder = TemporaryFolder()
        folder.write(Self.jpeg(1), to: "p/good.jpg")
        folder.write(Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 4, 0, 0, 0xFF, 0xD9]), to: "p/broken.jpg")
        folder.write(Data(), to: "p/empty.jpg")
        folder.write(Data("GIF89a".utf8), to: "p/anim.gif")
        try FileManager.default.createSymbolicLink(atPath: folder.file("p/dangling.jpg"), withDestinationPath: "/nonexistent/x.jpg")
        try FileManager.default.createSymbolicLink(atPath: folder.file("p/loop"), withDestinationPath: folder.path + "/p")
        var library = PhotoLibrary()
        let summary = Importer().run([folder.path + "/p", folder.path + "/not-there"], into: &library)
        func outcome(_ suffix: String) -> ImportFileResult? { summary.results.first { $0.path.hasSuffix(suffix) } }
        #expect(outcome("good.jpg")?.outcome.kind == .imported)
        #expect(outcome("broken.jpg")?.outcome.kind == .corrupt)
        #expect(outcome("empty.jpg")?.outcome.kind == .unsupported)
        #expect(outcome("anim.gif")?.outcome.kind == .corrupt)   // a GIF header and nothing more
        #expect(outcome("dangling.jpg")?.reason == "broken symbolic link")
        #expect(outcome("/loop")?.reason?.contains("symlink loop") == true)
        #expect(outcome("not-there")?.outcome.kind == .unreadable)
        #expect(summary.results.count == 7)
        #expect(summary.line.contains("1 imported"))
    }

    @Test(.enabled(if: getuid() != 0, "root reads every file"))
    func unreadableFileIsReported() throws {
        let folder = TemporaryFolder()
        let path = folder.write(Self.jpeg(1), to: "locked.jpg")
        chmod(path, 0)
        var library = PhotoLibrary()
        let summary = Importer().run([path], into: &library)
        #expect(summary.results.first?.outcome.kind == .unreadable)
    }

    @Test func missingPhotoStaysAndIsRelinkedFromItsNewPlace() throws {
        let folder = TemporaryFolder()
        let old = folder.write(Self.jpeg(9), to: "old/pic.jpg")
        var library = PhotoLibrary()
        _ = Importer().run([old], into: &library)
        let moved = folder.file("new/renamed.jpg")
        try FileManager.default.moveItem(atPath: old, toPath: moved)
        library.refreshMissing()
        #expect(library.photos.count == 1)
        #expect(library.photos[0].missing)
        let summary = Importer().run([folder.path + "/new"], into: &library)
        #expect(summary.results.first?.outcome == .relinked(photoID: library.photos[0].id, previousPath: old))
        #expect(library.photos.count == 1)
        #expect(library.photos[0].path == moved)
        #expect(!library.photos[0].missing)
    }

    @Test func aFileEditedInPlaceRefreshesItsRecordInsteadOfAddingOne() throws {
        let folder = TemporaryFolder()
        let path = folder.write(MetadataFixture.jpeg(exif: .init(description: "Before")), to: "p/a.jpg")
        var library = PhotoLibrary()
        _ = Importer().run([path], into: &library)
        let before = try #require(library.photos.first)
        folder.write(MetadataFixture.jpeg(exif: .init(description: "After")), to: "p/a.jpg")
        let summary = Importer().run([path], into: &library)
        #expect(library.photos.count == 1)
        let after = try #require(library.photos.first)
        #expect(summary.results.first?.outcome == .updated(photoID: after.id, previousID: before.id))
        #expect(after.description == "After")
        #expect(after.importedAt == before.importedAt)
        #expect(library.groups.map(\.name) == ["After"])
        #expect(summary.problems.isEmpty)
    }

    @Test func editsSurviveAReimportARelinkAndAnUpdatedFile() throws {
        let folder = TemporaryFolder()
        let path = folder.write(MetadataFixture.jpeg(exif: .init(description: "Before")), to: "p/a.jpg")
        var library = PhotoLibrary()
        _ = Importer().run([path], into: &library)
        let id = try #require(library.photos.first?.id)
        library.apply(EditPlanner(library: library).setDate([id], to: try DateInput(parsing: "2004")))
        library.apply(try EditPlanner(library: library).addToAlbum([id], named: "Trips/Rome", creating: true))   // Albums (issue 23)
        library.apply(EditPlanner(library: library).toggleFavourite([id]))
        let rome = try #require(library.album(named: "Trips/Rome")).id
        _ = Importer().run([path], into: &library)                      // the same file again
        #expect(library.photo(id: id)?.takenAt == "2004-01-01T00:00:00")
        let moved = folder.path + "/q/a.jpg"
        try FileManager.default.createDirectory(atPath: folder.path + "/q", withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: path, toPath: moved)
        library.refreshMissing()
        _ = Importer().run([moved], into: &library)                     // relinked
        #expect(library.photo(id: id)?.isFavourite == true)
        #expect(library.photoIDs(inAlbum: rome) == [id], "the album membership follows the relinked photo")
        folder.write(MetadataFixture.jpeg(exif: .init(description: "After")), to: "q/a.jpg")
        _ = Importer().run([moved], into: &library)                     // updated: a new id
        let after = try #require(library.photos.first)
        #expect(after.id != id)
        #expect(after.isFavourite && after.takenAt == "2004-01-01T00:00:00" && after.description == "After")
        #expect(library.photoIDs(inAlbum: rome) == [after.id], "and the updated file under its new id")
        #expect(library.undo()?.changes.first?.photoID == after.id)     // the history follows the new id
        #expect(library.photos.first?.isFavourite == false)
    }

    @Test func aPhotoTooLargeToDecodeIsStillImportedWithItsSize() {
        let folder = TemporaryFolder()
        let path = folder.write(ImageFixture.claimingSize(width: 60000, height: 40000, in: Self.jpeg(3)), to: "huge.jpg")
        var library = PhotoLibrary()
        let summary = Importer().run([path], into: &library)
        #expect(summary.results.first?.outcome.kind == .imported)
        #expect(library.photos.first?.width == 60000 && library.photos.first?.height == 40000)
    }

    @Test func aFileReachedTwiceIsTakenOnceByTheFirstPath() throws {
        let folder = TemporaryFolder()
        let photo = folder.write(Self.jpeg(4), to: "p/a.jpg")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/p/sub", withDestinationPath: folder.path + "/p")
        var library = PhotoLibrary()
        // Given by itself first, then again through the folder and through a link back into it.
        let summary = Importer().run([photo, folder.path + "/p/sub", folder.path + "/p"], into: &library)
        #expect(library.photos.map(\.path) == [photo])
        #expect(summary.results.filter { $0.path.hasSuffix("a.jpg") }.count == 1)
        #expect(summary.count(.duplicate) == 0)
    }

    @Test func eachChunkHandsOnWhatItAdded() {
        let folder = TemporaryFolder()
        for i in 0..<(Importer.chunkSize * 3 + 5) { folder.write(Self.jpeg(i, width: 8, height: 8), to: "many/\(i).jpg") }
        let counts = CheckpointCounts()
        var library = PhotoLibrary()
        _ = Importer().run([folder.path + "/many"], into: &library, merged: { counts.record($0.photos.count) })
        #expect(counts.values == [Importer.chunkSize, Importer.chunkSize, Importer.chunkSize, 5])
        #expect(library.photos.count == Importer.chunkSize * 3 + 5)
    }

    @Test func longImportsAppendBatchesAndCompactOnceAtTheEnd() throws {
        let folder = TemporaryFolder()
        for i in 0..<(Importer.chunkSize * 3 + 5) { folder.write(Self.jpeg(i, width: 8, height: 8), to: "many/\(i).jpg") }
        let store = BatchRecordingStore(store: LibraryStore(path: folder.path + "/library.json"))
        var importer = Importer()
        importer.batchSize = 100
        importer.batchInterval = .infinity
        let (library, summary) = try importer.run([folder.path + "/many"], store: store)
        // 2 chunks reach 100 photos; the last 69 go with the one compaction at the end.
        #expect(store.batches.values == [Importer.chunkSize * 2])
        #expect(summary.count(.imported) == Importer.chunkSize * 3 + 5)
        #expect(library.photos.count == Importer.chunkSize * 3 + 5)
        #expect(try store.store.load().photos.map(\.id) == library.photos.map(\.id))
        #expect(try String(contentsOfFile: store.store.journal.path, encoding: .utf8).split(separator: "\n").count == 1,
                "compacted: the journal is its header alone")
    }

    @Test func cancelKeepsWhatFinished() {
        let folder = TemporaryFolder()
        for i in 0..<40 { folder.write(Self.jpeg(i), to: "many/\(i).jpg") }
        let cancellation = ImportCancellation()
        let seen = Counter()
        var library = PhotoLibrary()
        let summary = Importer(workers: 1).run([folder.path + "/many"], into: &library, cancellation: cancellation) { progress in
            if progress.phase == .importing, progress.done >= 5 { cancellation.cancel() }
            seen.add()
        }
        #expect(summary.cancelled)
        #expect(summary.filesFound == 40)
        #expect(summary.results.count >= 5 && summary.results.count < 40)
        #expect(library.photos.count == summary.count(.imported))
        #expect(summary.line.contains("cancelled"))
    }

    @Test func progressCountsFilesAndBytes() {
        let folder = TemporaryFolder()
        for i in 0..<6 { folder.write(Self.jpeg(i), to: "p/\(i).jpg") }
        let last = LastProgress()
        var library = PhotoLibrary()
        _ = Importer().run([folder.path + "/p"], into: &library) { last.set($0) }
        let final = last.importing
        #expect(final?.done == 6)
        #expect(final?.total == 6)
        #expect(final?.bytesDone == final?.bytesTotal)
        #expect((final?.bytesTotal ?? 0) > 0)
    }

    @Test func storeRunSavesAndSurvivesRestart() throws {
        let folder = TemporaryFolder()
        folder.write(Self.jpeg(1), to: "p/1.jpg")
        let store = LibraryStore(path: folder.path + "/data/library.json")
        let (library, _) = try Importer().run([folder.path + "/p"], store: store)
        #expect(try store.load() == library)
    }

    /// A rescan of an unchanged folder reads no file again (a file is known by its path, size and
    /// modification time) and writes nothing; a file changed since is read and updated.
    @Test func anUnchangedRescanReadsNoFileAndWritesNothing() throws {
        let folder = TemporaryFolder()
        let paths = (0..<5).map { folder.write(Self.jpeg($0), to: "p/\($0).jpg") }
        let store = BatchRecordingStore(store: LibraryStore(path: folder.path + "/library.json"))
        let (first, _) = try Importer().run([folder.path + "/p"], store: store)
        let written = try FileManager.default.attributesOfItem(atPath: store.location)
        let (batches, updates) = (store.batches.values.count, store.updates.values.count)

        // One byte changed, size and time put back: a rescan that read the file would see it.
        let sneaky = try #require(first.photo(path: paths[1]))
        var stamp = stat()
        #expect(stat(paths[1], &stamp) == 0)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: paths[1]))
        bytes[bytes.count / 2] ^= 0xFF
        try bytes.write(to: URL(fileURLWithPath: paths[1]))
        var times = [stamp.st_mtim, stamp.st_mtim]
        #expect(utimensat(AT_FDCWD, paths[1], &times, 0) == 0)

        let (again, summary) = try Importer().run([folder.path + "/p"], store: store)
        #expect(summary.line == "5 duplicates")
        #expect(!summary.libraryWritten)
        #expect(again.photo(path: paths[1])?.id == sneaky.id, "not read again")
        #expect(store.batches.values.count == batches && store.updates.values.count == updates, "nothing appended or saved")
        let untouched = try FileManager.default.attributesOfItem(atPath: store.location)
        #expect(untouched[.modificationDate] as? Date == written[.modificationDate] as? Date)
        #expect(untouched[.systemFileNumber] as? Int == written[.systemFileNumber] as? Int)

        // A file touched (its bytes the same, a new time) is read again once; its record takes the time.
        var later = [timespec(tv_sec: stamp.st_mtim.tv_sec + 60, tv_nsec: 0), timespec(tv_sec: stamp.st_mtim.tv_sec + 60, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, paths[2], &later, 0) == 0)
        let (touched, afterTouch) = try Importer().run([folder.path + "/p"], store: store)
        #expect(afterTouch.line == "5 duplicates" && afterTouch.libraryWritten)
        #expect(touched.photo(path: paths[2])?.fileModified == Double(stamp.st_mtim.tv_sec + 60))
        #expect(try !Importer().run([folder.path + "/p"], store: store).summary.libraryWritten, "known unchanged again")

        // A file changed since (a new time) is read again and its record follows it.
        folder.write(Self.jpeg(42), to: "p/3.jpg")
        let (changed, rescan) = try Importer().run([folder.path + "/p"], store: store)
        #expect(rescan.count(.updated) == 1 && rescan.count(.duplicate) == 4)
        #expect(rescan.libraryWritten)
        #expect(changed.photo(path: paths[3])?.id == ContentHash.photoID(Self.jpeg(42).withUnsafeBytes { ContentHash.xxh64($0) }))
        #expect(try store.load() == changed)
    }

    @Test func storeRunRefusesAnUnreadableLibraryAndLeavesIt() throws {
        let folder = TemporaryFolder()
        folder.write(Self.jpeg(1), to: "p/1.jpg")
        let path = folder.write(Data("garbage".utf8), to: "library.json")
        #expect(throws: LibraryStoreError.self) {
            _ = try Importer().run([folder.path + "/p"], store: LibraryStore(path: path))
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "garbage")
    }
}

/// A library store that records the size of each import batch appended to it.
final class BatchRecordingStore: LibraryStoring, @unchecked Sendable {
    let store: LibraryStore
    let batches = CheckpointCounts()
    /// One entry per whole-library transaction (`update`).
    let updates = CheckpointCounts()
    init(store: LibraryStore) { self.store = store }
    var location: String { store.location }
    func loadWithNotes() throws(LibraryStoreError) -> LoadedLibrary { try store.loadWithNotes() }
    func append(lockTimeout: Double, to copy: inout LibraryCopy?,
                _ edits: (PhotoLibrary) -> [LibraryEdit]) throws(LibraryStoreError) -> SavedEdits {
        try store.append(lockTimeout: lockTimeout, to: &copy, edits)
    }
    func news(since position: JournalPosition) throws(LibraryStoreError) -> JournalNews { try store.news(since: position) }
    func appendPhotos(_ imported: ImportedPhotos, lockTimeout: Double,
                      after position: inout JournalPosition?) throws(LibraryStoreError) -> [String] {
        batches.record(imported.photos.count)
        return try store.appendPhotos(imported, lockTimeout: lockTimeout, after: &position)
    }
    func update(lockTimeout: Double,
                _ change: (inout PhotoLibrary) throws(LibraryStoreError) -> Bool) throws(LibraryStoreError) -> PhotoLibrary {
        updates.record(1)
        return try store.update(lockTimeout: lockTimeout, change)
    }
    func compact(lockTimeout: Double, repair: Bool) throws(LibraryStoreError) -> Compaction {
        try store.compact(lockTimeout: lockTimeout, repair: repair)
    }
}

final class CheckpointCounts: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [Int] = []
    func record(_ count: Int) { lock.withLock { recorded.append(count) } }
    var values: [Int] { lock.withLock { recorded } }
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func add() { lock.withLock { value += 1 } }
    var count: Int { lock.withLock { value } }
}

final class LastProgress: @unchecked Sendable {
    private let lock = NSLock()
    private var last: ImportProgress?
    func set(_ p: ImportProgress) { lock.withLock { if p.phase == .importing { last = p } } }
    var importing: ImportProgress? { lock.withLock { last } }
}
