import Fixtures
import Foundation
import Testing
@testable import Library

@Suite struct AtomicFileTests {
    private func contents(_ path: String) -> String? {
        (try? FileBytes.read(path)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Everything in `folder` (hidden files included), sorted: a temporary file would show here.
    private func listing(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    /// Options with `O_TMPFILE` allowed (where the file system has it) or not.
    private func options(anonymous: Bool) -> AtomicFile.Options {
        var options = AtomicFile.Options()
        options.anonymousTemporary = anonymous
        return options
    }

    @Test(arguments: [true, false]) func replacesTheFileAndLeavesNothingBeside(anonymous: Bool) throws {
        let folder = TemporaryFolder()
        let path = folder.write(Data("old".utf8), to: "library.json")
        let written = try ["new ", "content"].map { Array($0.utf8) }.withChunks { chunks in
            try AtomicFile.replace(path, with: chunks, options: options(anonymous: anonymous))
        }
        #expect(contents(path) == "new content")
        #expect(written?.st_size == 11)
        #expect(listing(folder.path) == ["library.json"])
    }

    /// A writer killed between naming its temporary file and the rename (a write-back of a
    /// photo, say) left it beside the file: the next write of that file removes it.
    @Test func theNextWriteRemovesAKilledWritersTemporaryFile() throws {
        let folder = TemporaryFolder()
        let path = folder.write(Data("old".utf8), to: "big.jpg")
        let dead = 0x3FFF_FFF0  // above any pid_max: no such process
        let leftover = folder.write(Data("half".utf8), to: ".big.jpg.photory-\(dead)-7")
        try AtomicFile.write(Array("new".utf8), to: path)
        #expect(!FileManager.default.fileExists(atPath: leftover))
        #expect(listing(folder.path) == ["big.jpg"])
    }

    @Test func aNewFileGetsANewFilesPermissions() throws {
        let folder = TemporaryFolder()
        let path = folder.path + "/state.json"
        try AtomicFile.write(Array("{}".utf8), to: path)
        var info = stat()
        #expect(stat(path, &info) == 0)
        let mask = umask(0)
        umask(mask)
        #expect(info.st_mode & 0o777 == 0o666 & ~mask)
    }

    /// A failure after the content is written (here: times the system refuses) removes the
    /// temporary file and leaves the original as it was.
    @Test(arguments: [true, false]) func aFailedWriteLeavesTheOriginalAndNoTemporaryFile(anonymous: Bool) throws {
        let folder = TemporaryFolder()
        let path = folder.write(Data("original".utf8), to: "photo.jpg")
        var info = stat()
        _ = stat(path, &info)
        info.st_mtim.tv_nsec = 2_000_000_000
        var options = options(anonymous: anonymous)
        options.keep = .init(info: info, times: true)
        #expect {
            try AtomicFile.write(Array("new".utf8), to: path, options: options)
        } throws: { error in
            (error as? AtomicFile.Failure)?.reason == "invalid argument"
        }
        #expect(contents(path) == "original")
        #expect(listing(folder.path) == ["photo.jpg"])
    }

    /// A rename that fails (a folder is in the way) removes the temporary file.
    @Test(arguments: [true, false]) func aFailedRenameLeavesNoTemporaryFile(anonymous: Bool) throws {
        let folder = TemporaryFolder()
        folder.write(Data("inside".utf8), to: "in-the-way/file")
        let path = folder.path + "/in-the-way"
        #expect(throws: AtomicFile.Failure.self) {
            try AtomicFile.write(Array("new".utf8), to: path, options: options(anonymous: anonymous))
        }
        #expect(contents(path + "/file") == "inside")
        #expect(listing(folder.path) == ["in-the-way"])
    }

    @Test(arguments: [true, false]) func aVetoJustBeforeTheRenameWritesNothing(anonymous: Bool) throws {
        let folder = TemporaryFolder()
        let path = folder.write(Data("original".utf8), to: "photo.jpg")
        let written = try Array("new".utf8).withUnsafeBytes { raw in
            try AtomicFile.replace(path, with: [raw], options: options(anonymous: anonymous)) { false }
        }
        #expect(written == nil)
        #expect(contents(path) == "original")
        #expect(listing(folder.path) == ["photo.jpg"])
    }

    @Test func aMissingFolderIsAFailureUnlessItIsToBeMade() throws {
        let folder = TemporaryFolder()
        let path = folder.path + "/not/yet/library.json"
        #expect {
            try AtomicFile.write(Array("{}".utf8), to: path)
        } throws: { error in
            let failure = error as? AtomicFile.Failure
            return failure?.path == path && "\(error)" == "cannot write \(path): its folder does not exist"
        }
        #expect(listing(folder.path) == [])
        try AtomicFile.write(Array("{}".utf8), to: path, options: .init(createFolder: true))
        #expect(contents(path) == "{}")
        #expect(listing(folder.path + "/not/yet") == ["library.json"])
    }

    @Test func keepsTheReplacedFileAsTheBackup() throws {
        let folder = TemporaryFolder()
        let path = folder.path + "/library.json"
        let options = AtomicFile.Options(backup: path + ".bak")
        try AtomicFile.write(Array("first".utf8), to: path, options: options)
        #expect(listing(folder.path) == ["library.json"])   // nothing to keep yet
        try AtomicFile.write(Array("second".utf8), to: path, options: options)
        try AtomicFile.write(Array("third".utf8), to: path, options: options)
        #expect(contents(path) == "third")
        #expect(contents(path + ".bak") == "second")
        #expect(listing(folder.path) == ["library.json", "library.json.bak"])
    }

    /// Write-back keeps the photo's permissions and, when asked, its times.
    @Test func keepsPermissionsAndTimes() throws {
        let folder = TemporaryFolder()
        let path = folder.write(Data("photo".utf8), to: "photo.jpg")
        chmod(path, 0o640)
        var times = [timespec(tv_sec: 1_000_000_000, tv_nsec: 5), timespec(tv_sec: 1_100_000_000, tv_nsec: 7)]
        utimensat(AT_FDCWD, path, &times, 0)
        var before = stat()
        _ = stat(path, &before)
        try AtomicFile.write(Array("rewritten".utf8), to: path, options: .init(keep: .init(info: before, times: true)))
        var after = stat()
        _ = stat(path, &after)
        #expect(after.st_mode & 0o7777 == 0o640)
        #expect(after.st_mtim.tv_sec == 1_100_000_000 && after.st_mtim.tv_nsec == 7)
        #expect(after.st_ino != before.st_ino && contents(path) == "rewritten")
    }

    /// A prepared content can be read before it replaces anything (a download is read as a
    /// photo first); discarded, or dropped, it leaves the original alone.
    @Test func aPreparedContentIsReadableThenCommittedOrDiscarded() throws {
        let folder = TemporaryFolder()
        let path = folder.write(Data("original".utf8), to: "download.jpg")
        func prepare(_ text: String) throws -> AtomicFile.Pending {
            try Array(text.utf8).withUnsafeBytes { try AtomicFile.prepare(path, with: [$0]) }
        }
        let discarded = try prepare("not a photo")
        #expect(contents(discarded.temporaryPath) == "not a photo")
        #expect(listing(folder.path).count == 2)
        discarded.discard()
        do { _ = try prepare("dropped") }
        #expect(listing(folder.path) == ["download.jpg"])
        #expect(contents(path) == "original")
        let kept = try prepare("a photo")
        try kept.commit()
        #expect(contents(path) == "a photo")
        #expect(listing(folder.path) == ["download.jpg"])
    }

    /// Threads writing the same file at once (the thumbnail store) never mix their contents
    /// and leave no temporary file.
    @Test func concurrentWritersNeverMix() throws {
        let folder = TemporaryFolder()
        let path = folder.path + "/ab/thumbnail.jpg"
        let writers = 6, rounds = 15
        let contents = (0..<writers).map { [UInt8](repeating: UInt8(65 + $0), count: 256 * 1024) }
        DispatchQueue.concurrentPerform(iterations: writers) { writer in
            for _ in 0..<rounds {
                try? AtomicFile.write(contents[writer], to: path, options: .init(createFolder: true, durable: false))
            }
        }
        let final = try FileBytes.read(path)
        #expect(contents.contains(final))
        #expect(listing(folder.path + "/ab") == ["thumbnail.jpg"])
    }
}

private extension Array where Element == [UInt8] {
    /// The arrays as raw chunks, for `AtomicFile.replace`.
    func withChunks<R>(_ body: ([UnsafeRawBufferPointer]) throws -> R) rethrows -> R {
        var chunks: [UnsafeRawBufferPointer] = []
        func next<T>(_ index: Int, _ body: ([UnsafeRawBufferPointer]) throws -> T) rethrows -> T {
            guard index < count else { return try body(chunks) }
            return try self[index].withUnsafeBytes { raw in
                chunks.append(raw)
                return try next(index + 1, body)
            }
        }
        return try next(0, body)
    }
}
