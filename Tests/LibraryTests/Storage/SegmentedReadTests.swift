import Fixtures
import Foundation
import Testing
@testable import Library

/// A large library file is read in segments on all cores, a block at a time: the photos, their
/// order and everything else in the file must be what the one-pass reader gives, and a file
/// the segments cannot read is read whole, with the one-pass reader's exact messages.
@Suite struct SegmentedReadTests {
    /// Photos of every kind, with paths holding what looks like a photo line's start.
    static let photos: [Photo] = (0..<4000).map { i in
        var photo = i % 500 == 7 ? LibraryJSONTests.everyField
            : samplePhoto(String(format: "%015x", i), description: i % 3 == 0 ? nil : "Holiday in the Alps \(i % 40)",
                          takenAt: "2024-01-01T10:00:\(String(format: "%02d", i % 60))",
                          path: "/photos/\(i)/{\"id\":\n\(i) é.jpg")
        photo.id = String(format: "%015x", i)
        if i % 4 == 0 { (photo.cameraMake, photo.cameraModel) = ("NIKON CORPORATION", "NIKON Z 6 with a long name") }
        if i % 9 == 0 { photo.edits.favourite = true }
        return photo
    }

    static let history = EditHistory(undo: [EditStep(id: "s1", label: "Favourite", at: 5, changes: [
        EditStep.Change(photoID: String(format: "%015x", 9), before: PhotoEdits(), after: PhotoEdits(favourite: true)),
    ])])

    private func file(_ bytes: [UInt8]) -> (folder: TemporaryFolder, path: String) {
        let folder = TemporaryFolder()
        return (folder, folder.write(Data(bytes), to: "library.json"))
    }

    private func segmented(_ path: String, segmentLength: Int, blockLength: Int) -> LibraryJSON.Contents? {
        let fd = open(path, O_RDONLY)
        defer { close(fd) }
        var info = stat()
        fstat(fd, &info)
        return LibraryJSON.readSegmented(fd, size: Int(info.st_size), supported: 3, segmentLength: segmentLength,
                                         blockLength: blockLength)
    }

    @Test("segments and blocks of any length give the same library as one pass",
          arguments: [(64 << 10, 8 << 10), (10_000, 100), (1 << 30, 2 << 20)])
    func sameAsOnePass(segmentLength: Int, blockLength: Int) throws {
        let bytes = LibraryJSON.encode(schemaVersion: 3, photos: Self.photos, history: Self.history, generation: "g-1")
        let (folder, path) = file(bytes)
        _ = folder
        let serial = try bytes.withUnsafeBytes { try LibraryJSON.read($0, supported: 3) }
        let parallel = try #require(segmented(path, segmentLength: segmentLength, blockLength: blockLength))
        // Compared as Bools: a failure would print thousands of photos.
        let serialIsRight = serial.photos == Self.photos, parallelIsTheSame = parallel.photos == serial.photos
        #expect(serialIsRight && parallelIsTheSame)
        #expect(parallel.history == Self.history && parallel.generation == "g-1" && parallel.schemaVersion == 3)
    }

    /// Through the store, as the browser opens it: the same library, with its groups.
    @Test func theStoreLoadsALargeFileInSegments() throws {
        let (folder, path) = file(LibraryJSON.encode(schemaVersion: 3, photos: Self.photos, history: Self.history))
        _ = folder
        #expect(try FileBytes.read(path).count > LibraryJSON.segmentedReadThreshold)
        let library = try LibraryStore(path: path).load()
        let same = library == PhotoLibrary(photos: Self.photos, history: Self.history)
        #expect(same)
    }

    /// A file on one line (no photo lines to cut at) is one segment, read a growing block at a time.
    @Test func aFileOnOneLineIsOneSegment() throws {
        let bytes = LibraryJSON.encode(schemaVersion: 3, photos: Self.photos).map { $0 == 0x0A ? 0x20 : $0 }
        let (folder, path) = file(bytes)
        _ = folder
        let same = segmented(path, segmentLength: 64 << 10, blockLength: 8 << 10)?.photos == Self.photos
        #expect(same)
    }

    /// A truncated or damaged file is not for segments: the store reads it whole, and names the
    /// damaged photo as the one-pass reader does.
    @Test func damageIsReadWholeAndNamedExactly() throws {
        let bytes = LibraryJSON.encode(schemaVersion: 3, photos: Self.photos)
        let truncated = file(Array(bytes.dropLast(1000)))
        let truncatedIsRefused = segmented(truncated.path, segmentLength: 64 << 10, blockLength: 8 << 10) == nil
        #expect(truncatedIsRefused)
        #expect(throws: LibraryStoreError.self) { try LibraryStore(path: truncated.path).load() }

        var text = String(decoding: bytes, as: UTF8.self)
        let victim = try #require(text.range(of: "\"fileSize\":100,", options: .backwards))
        text.replaceSubrange(victim, with: "")
        let damaged = file(Array(text.utf8))
        let damagedIsRefused = segmented(damaged.path, segmentLength: 64 << 10, blockLength: 8 << 10) == nil
        #expect(damagedIsRefused)
        #expect { try LibraryStore(path: damaged.path).load() } throws: { "\($0)".contains("photo 4000 has no \"fileSize\"") }
    }

    /// Repeated camera names and descriptions are one string in memory, and equal to what was written.
    @Test func repeatedTextsAreShared() throws {
        let bytes = LibraryJSON.encode(schemaVersion: 3, photos: Self.photos)
        let (folder, path) = file(bytes)
        _ = folder
        let photos = try #require(segmented(path, segmentLength: 64 << 10, blockLength: 8 << 10)?.photos)
        let same = photos == Self.photos
        #expect(same)
        func storage(_ text: String?) -> UnsafeRawPointer? {
            text?.utf8.withContiguousStorageIfAvailable { UnsafeRawPointer($0.baseAddress) } ?? nil
        }
        #expect(storage(photos[4].cameraModel) == storage(photos[8].cameraModel))
        #expect(storage(photos[1].fileDescription) == storage(photos[41].fileDescription))
        #expect(storage(photos[1].path) != storage(photos[2].path))
    }

    @Test func theInternerGivesEqualStringsPastItsCapacity() {
        let strings = StringInterner()
        let texts = (0..<(StringInterner.capacity + 10)).map { "a description long enough \($0)" } + ["short", "é😀 long unicode text"]
        for text in texts + texts {
            let read = Array(text.utf8).withUnsafeBytes { strings.string($0) }
            #expect(read == text)
        }
    }
}
