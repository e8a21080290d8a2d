import Fixtures
import Foundation
import Testing
@testable import Library

/// A camera in memory: its files and their bytes; a file whose bytes are nil vanished after
/// it was listed (the card was pulled, the phone deleted it).
final class FakeCamera: CameraSource, @unchecked Sendable {
    let label = "Fake camera on usb:001,002"
    var contents: [(file: CameraFile, bytes: [UInt8]?)]
    private(set) var downloaded: [String] = []

    init(_ contents: [(CameraFile, [UInt8]?)]) { self.contents = contents.map { (file: $0.0, bytes: $0.1) } }

    func files() throws(CameraError) -> [CameraFile] { contents.map(\.file) }

    func download(_ file: CameraFile, into fd: Int32) throws(CameraError) {
        guard let bytes = contents.first(where: { $0.file == file })?.bytes else {
            throw .failed("copying \(file.path) from \(label)", reason: "File not found")
        }
        downloaded.append(file.path)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
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
        #expect((try? FileManager.default.contentsOfDirectory(atPath: CameraImporter(root: root.path).folder(for: Self.noon))) == [])
    }
}
