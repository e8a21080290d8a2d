import Fixtures
import Foundation
import Testing
@testable import Library

/// A camera in memory: its files and their bytes; a file whose bytes are nil vanished after
/// it was listed (the card was pulled, the phone deleted it). It can take pictures when
/// `shots` is not nil: each capture adds the next of them to the camera.
final class FakeCamera: CameraSource, @unchecked Sendable {
    let label = "Fake camera on usb:001,002"
    var contents: [(file: CameraFile, bytes: [UInt8]?)]
    private(set) var downloaded: [String] = []
    private(set) var deleted: [String] = []
    /// The pictures `capture` takes, in turn (nil: the camera cannot capture).
    var shots: [[UInt8]]?
    var thumbnails: [String: [UInt8]] = [:]

    init(_ contents: [(CameraFile, [UInt8]?)]) { self.contents = contents.map { (file: $0.0, bytes: $0.1) } }

    func list(_ folder: String) throws(CameraError) -> CameraFolder {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        var folders = Set<String>()
        for (file, _) in contents where file.folder.hasPrefix(prefix) {
            if let first = file.folder.dropFirst(prefix.count).split(separator: "/").first { folders.insert(String(first)) }
        }
        return CameraFolder(folders: folders.sorted(), files: contents.map(\.file).filter { $0.folder == folder })
    }

    func download(_ file: CameraFile, into fd: Int32) throws(CameraError) {
        guard let bytes = contents.first(where: { $0.file == file })?.bytes else {
            throw .failed("copying \(file.path) from \(label)", reason: "File not found")
        }
        downloaded.append(file.path)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    }

    func thumbnail(of file: CameraFile) -> [UInt8]? { thumbnails[file.path] }

    func delete(_ file: CameraFile) throws(CameraError) {
        guard let index = contents.firstIndex(where: { $0.file == file }) else {
            throw .failed("deleting \(file.path) from \(label)", reason: "File not found")
        }
        contents.remove(at: index)
        deleted.append(file.path)
    }

    var canCapture: Bool { shots != nil }

    func capture() throws(CameraError) -> CameraFile {
        guard var shots, !shots.isEmpty else { throw .cannotCapture(label) }
        let bytes = shots.removeFirst()
        self.shots = shots
        let file = CameraFile(folder: "/DCIM/100TEST", name: String(format: "CAP_%04d.JPG", contents.count + 1), size: Int64(bytes.count))
        contents.append((file: file, bytes: bytes))
        return file
    }
}

@Suite struct CameraImporterTests {
    /// 2024-05-01 12:00:00 UTC.
    static let noon = 1_714_564_800.0

    static func file(_ name: String, _ bytes: [UInt8], at time: Double = noon) -> (CameraFile, [UInt8]?) {
        (CameraFile(folder: "/DCIM/100TEST", name: name, size: Int64(bytes.count), modified: time), bytes)
    }

    @Test func copiesNewFilesIntoDatedFoldersWithTheCamerasTime() throws {
        let root = TemporaryFolder("photory-camera")
        let camera = FakeCamera([Self.file("IMG_0001.JPG", [1, 2, 3]), Self.file("IMG_0001.DNG", [4, 5, 6, 7])])
        let importer = CameraImporter(root: root.path + "/Pictures")
        let results = try importer.download(from: camera, library: PhotoLibrary())
        let folder = importer.folder(for: Self.noon)
        #expect(folder.hasPrefix(root.path + "/Pictures/2024/2024-05-0"))
        #expect(results.map(\.outcome) == [.downloaded(folder + "/IMG_0001.JPG"), .downloaded(folder + "/IMG_0001.DNG")])
        #expect(FileManager.default.contents(atPath: folder + "/IMG_0001.DNG") == Data([4, 5, 6, 7]))
        let modified = try FileManager.default.attributesOfItem(atPath: folder + "/IMG_0001.JPG")[.modificationDate] as? Date
        #expect(modified?.timeIntervalSince1970 == Self.noon)
        // Nothing half-written is left beside them.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["IMG_0001.DNG", "IMG_0001.JPG"])
    }

    @Test func whatTheLibraryHasIsNotDownloadedAgainAndAClashGetsANewName() throws {
        let root = TemporaryFolder("photory-camera")
        let importer = CameraImporter(root: root.path)
        let first = FakeCamera([Self.file("IMG_0001.JPG", [1, 2, 3])])
        let copied = try importer.download(from: first, library: PhotoLibrary())
        guard case let .downloaded(path) = copied[0].outcome else { Issue.record("\(copied)"); return }
        // The library now holds the copy (same name, size, time).
        let photo = Photo(id: "a", path: path, fileSize: 3, fileModified: Self.noon, width: 1, height: 1, takenAt: nil,
                          takenAtSource: nil, description: nil, descriptionSource: nil, missing: false, importedAt: 0)
        let library = PhotoLibrary(photos: [photo])
        // Another card with a file of the same name but other content, taken the same day.
        let second = FakeCamera([Self.file("IMG_0001.JPG", [1, 2, 3]), Self.file("IMG_0001.JPG", [9, 9, 9, 9])])
        second.contents[1].file.folder = "/DCIM/101TEST"
        let results = try importer.download(from: second, library: library)
        #expect(results[0].outcome == .alreadyInLibrary(path))
        #expect(results[1].outcome == .downloaded((path as NSString).deletingPathExtension + "-2.JPG"))
        #expect(second.downloaded == ["/DCIM/101TEST/IMG_0001.JPG"])
    }

    /// A copy renamed on the way in ("IMG_0001-2.JPG") is still that camera file; a file whose
    /// content the library had under another name is remembered, not downloaded run after run,
    /// until that photo leaves the library; no empty day folder is left behind.
    @Test func renamedCopiesAndKnownDuplicatesAreNotDownloadedAgain() throws {
        let folder = TemporaryFolder("photory-camera")
        let store = LibraryStore(path: folder.path + "/library.json")
        let root = folder.path + "/Pictures"
        let history = folder.path + "/state/camera-duplicates.json"
        // In the library already: a photo of the same content as the card's IMG_0003, and a
        // file named IMG_0001.JPG in the day's folder (so the card's IMG_0001 gets "-2").
        let known = CameraImportTests.jpeg(66, taken: "2023:01:01 10:00:00"), day = root + "/2024/2024-05-01"
        try FileManager.default.createDirectory(atPath: folder.path + "/old", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: day, withIntermediateDirectories: true)
        try Data(known).write(to: URL(fileURLWithPath: folder.path + "/old/canon.jpg"))
        try Data(CameraImportTests.jpeg(80, taken: "2024:05:01 09:00:00")).write(to: URL(fileURLWithPath: day + "/IMG_0001.JPG"))
        _ = try Importer().run([folder.path + "/old/canon.jpg", day + "/IMG_0001.JPG"], store: store)
        let card = [Self.file("IMG_0001.JPG", CameraImportTests.jpeg(64, taken: "2024:05:01 12:00:00")),
                    Self.file("IMG_0003.JPG", known, at: Self.noon + 3600 * 24 * 400)]
        let run = CameraImport(root: root, files: Importer(), duplicatesFile: history)
        let camera = FakeCamera(card)
        let first = try run.run(camera, store: store)
        #expect(first.summary.camera?.downloaded == 2, "\(first.summary.line)")
        #expect(FileManager.default.fileExists(atPath: day + "/IMG_0001-2.JPG"))
        let duplicateDay = CameraImporter(root: root).folder(for: Self.noon + 3600 * 24 * 400)
        #expect(!FileManager.default.fileExists(atPath: duplicateDay), "the duplicate's day folder is not left empty")
        let again = FakeCamera(card)
        let second = try run.run(again, store: store)
        #expect(again.downloaded.isEmpty, "\(second.downloads)")
        #expect(second.summary.camera?.already == 2, "\(second.summary.line)")
        // Without the history (or once the photo it duplicates is gone) it is downloaded again.
        let forgetful = FakeCamera(card)
        _ = try CameraImport(root: root, files: Importer()).run(forgetful, store: store)
        #expect(forgetful.downloaded == ["/DCIM/100TEST/IMG_0003.JPG"])
    }

    @Test func aFileThatVanishesIsNamedAndTheRestGoesOn() throws {
        let root = TemporaryFolder("photory-camera")
        let camera = FakeCamera([Self.file("IMG_0001.JPG", [1]), (CameraFile(folder: "/DCIM/100TEST", name: "IMG_0002.JPG", size: 5), nil),
                                 Self.file("IMG_0003.JPG", [3])])
        let importer = CameraImporter(root: root.path)
        let results = try importer.download(from: camera, library: PhotoLibrary())
        #expect(results[1].outcome == .failed("copying /DCIM/100TEST/IMG_0002.JPG from Fake camera on usb:001,002: File not found"))
        #expect(camera.downloaded == ["/DCIM/100TEST/IMG_0001.JPG", "/DCIM/100TEST/IMG_0003.JPG"])
        let folder = importer.folder(for: Self.noon)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["IMG_0001.JPG", "IMG_0003.JPG"])
    }

    @Test func aShortCopyIsNotKept() throws {
        let root = TemporaryFolder("photory-camera")
        var short = Self.file("IMG_0001.JPG", [1, 2])
        short.0.size = 10
        let results = try CameraImporter(root: root.path).download(from: FakeCamera([short]), library: PhotoLibrary())
        #expect(results[0].outcome == .failed("copy of /DCIM/100TEST/IMG_0001.JPG has 2 bytes, the camera said 10: not kept"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == [], "nothing half-written is left")
    }
}

/// The whole camera import (`CameraImport`): the folder by the EXIF date, deleting from the
/// camera only what was copied and verified, and libgphoto2's "Directory Browse" driver on a
/// folder laid out like a card, with a file that vanishes while the import runs.
@Suite struct CameraImportTests {
    static let noon = CameraImporterTests.noon

    static func jpeg(_ width: Int, taken: String) -> [UInt8] {
        [UInt8](MetadataFixture.jpeg(width: width, height: 48, exif: .init(make: "Testcam", dateTimeOriginal: taken)))
    }

    @Test func theFolderIsTheDayTheEXIFDateSays() throws {
        let root = TemporaryFolder("photory-camera")
        // The camera's clock says 1 May; the photo was taken on New Year's Eve.
        let camera = FakeCamera([CameraImporterTests.file("IMG_0001.JPG", Self.jpeg(64, taken: "2023:12:31 23:30:00"))])
        let results = try CameraImporter(root: root.path).download(from: camera, library: PhotoLibrary())
        #expect(results.map(\.outcome) == [.downloaded(root.path + "/2023/2023-12-31/IMG_0001.JPG")])
    }

    @Test func deletesFromTheCameraOnlyWhatWasCopiedAndImported() throws {
        let folder = TemporaryFolder("photory-camera")
        let store = LibraryStore(path: folder.path + "/library.json")
        let camera = FakeCamera([
            CameraImporterTests.file("IMG_0001.JPG", Self.jpeg(64, taken: "2024:05:01 12:00:00")),
            (CameraFile(folder: "/DCIM/100TEST", name: "IMG_0002.JPG", size: 9), nil),   // vanished after the listing
            CameraImporterTests.file("IMG_0003.JPG", Self.jpeg(66, taken: "2024:05:01 12:02:00")),
        ])
        let run = CameraImport(root: folder.path + "/Pictures", files: Importer(), deleteAfterCopy: true)
        let done = try run.run(camera, store: store)
        #expect(camera.deleted == ["/DCIM/100TEST/IMG_0001.JPG", "/DCIM/100TEST/IMG_0003.JPG"])
        #expect(camera.contents.map(\.file.name) == ["IMG_0002.JPG"], "what failed stays on the camera")
        #expect(done.summary.camera?.deleted == 2 && done.summary.camera?.failed == 1)
        #expect(done.summary.line.hasPrefix("2 downloaded, 2 deleted from the camera, 2 imported, 1 unreadable"), "\(done.summary.line)")
        #expect(done.library.photos.count == 2)
        #expect(FileManager.default.fileExists(atPath: folder.path + "/Pictures/2024/2024-05-01/IMG_0003.JPG"))
    }

    @Test func withoutTheFlagNothingIsDeletedAndACancelledRunDeletesNothing() throws {
        let folder = TemporaryFolder("photory-camera")
        let store = LibraryStore(path: folder.path + "/library.json")
        let camera = FakeCamera([CameraImporterTests.file("IMG_0001.JPG", Self.jpeg(64, taken: "2024:05:01 12:00:00"))])
        _ = try CameraImport(root: folder.path + "/P", files: Importer()).run(camera, store: store)
        #expect(camera.deleted.isEmpty)
        let cancelled = ImportCancellation()
        cancelled.cancel()
        let again = FakeCamera([CameraImporterTests.file("IMG_0009.JPG", Self.jpeg(70, taken: "2024:05:01 12:00:00"))])
        _ = try CameraImport(root: folder.path + "/P", files: Importer(), deleteAfterCopy: true).run(again, store: store, cancellation: cancelled)
        #expect(again.deleted.isEmpty)
    }

    /// A card: `DCIM/100TEST/` with three JPEGs.
    static func card(in folder: TemporaryFolder) throws -> String {
        let card = folder.path + "/card"
        try FileManager.default.createDirectory(atPath: card + "/DCIM/100TEST", withIntermediateDirectories: true)
        for index in 1...3 {
            try Data(jpeg(60 + index, taken: "2024:05:01 12:0\(index):00")).write(to: URL(fileURLWithPath: card + "/DCIM/100TEST/IMG_000\(index).JPG"))
        }
        return card
    }

    @Test func directoryBrowseListsDeletesAndAFileVanishingMidImportIsNamed() throws {
        guard GPhoto2Camera.loadFailure == nil else { return }
        let folder = TemporaryFolder("photory-camera")
        let card = try Self.card(in: folder)
        let camera = try GPhoto2Camera(.folder(card))
        let top = try camera.list("/")
        #expect(top.folders == ["DCIM"] && top.files.isEmpty)
        let files = try camera.files()
        #expect(files.map(\.path) == ["/DCIM/100TEST/IMG_0001.JPG", "/DCIM/100TEST/IMG_0002.JPG", "/DCIM/100TEST/IMG_0003.JPG"])
        #expect(files.allSatisfy { $0.size != nil })
        // While the first file downloads, the second goes from the card.
        let store = LibraryStore(path: folder.path + "/library.json")
        let vanishing = card + "/DCIM/100TEST/IMG_0002.JPG"
        let done = try CameraImport(root: folder.path + "/Pictures", files: Importer(), deleteAfterCopy: true)
            .run(camera, store: store) { progress in
                if progress.phase == .downloading, progress.done == 1 { unlink(vanishing) }
            }
        #expect(done.summary.camera?.downloaded == 2 && done.summary.camera?.failed == 1, "\(done.summary.line)")
        let problem = try #require(done.summary.problems.first)
        #expect(problem.path == "/DCIM/100TEST/IMG_0002.JPG" && problem.outcome.kind == .unreadable, "\(problem)")
        #expect(done.library.photos.count == 2)
        // Copied, imported and verified: deleted from the card; nothing else was.
        #expect(try FileManager.default.contentsOfDirectory(atPath: card + "/DCIM/100TEST").isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/Pictures/2024/2024-05-01").sorted()
                == ["IMG_0001.JPG", "IMG_0003.JPG"])
    }
}

/// Tethered capture (`CameraCapture`) with a fake camera: the picture is copied into its day's
/// folder and imported; a camera that cannot capture says so.
@Suite struct CameraCaptureTests {
    @Test func aPictureTakenIsCopiedAndImported() throws {
        let folder = TemporaryFolder("photory-capture")
        let store = LibraryStore(path: folder.path + "/library.json")
        let camera = FakeCamera([])
        camera.shots = [CameraImportTests.jpeg(64, taken: "2024:05:01 12:00:00"), CameraImportTests.jpeg(65, taken: "2024:05:01 12:00:05")]
        let capture = CameraCapture(root: folder.path + "/Pictures", files: Importer())
        let first = try capture.take(with: camera, store: store)
        let second = try capture.take(with: camera, store: store)
        #expect(first.path == folder.path + "/Pictures/2024/2024-05-01/CAP_0001.JPG")
        #expect(second.path == folder.path + "/Pictures/2024/2024-05-01/CAP_0002.JPG")
        #expect(first.photoID != nil && second.photoID != nil && first.problem == nil)
        #expect(second.library.photos.count == 2)
        #expect(first.seconds >= 0)
    }

    @Test func aCameraThatCannotCaptureSaysSo() throws {
        let folder = TemporaryFolder("photory-capture")
        let camera = FakeCamera([])
        #expect(throws: CameraError.cannotCapture(camera.label)) {
            try CameraCapture(root: folder.path, files: Importer()).take(with: camera, store: LibraryStore(path: folder.path + "/l.json"))
        }
        #expect(CameraError.cannotCapture("Card /tmp/card on disk:/tmp/card").description
                == "Card /tmp/card on disk:/tmp/card cannot take pictures from the computer (tethered capture)")
    }
}
