import Fixtures
import Foundation
import Library
import Testing
@testable import TUI

/// Cameras in the import picker (issue 25): listed above the folders, browsed like folders with
/// the highlighted file's thumbnail, imported into the folder asked for once and remembered,
/// "Downloading N of M" in the overlay, `D` after the import asking before deleting from the
/// camera, and `c` taking a picture.
@Suite struct CameraPickerTests {
    static let card = CameraAddress.folder("/media/card")
    static let canon = CameraAddress(model: "Canon EOS 6D", port: "usb:001,004")
    static let file = CameraFile(folder: "/DCIM/100CANON", name: "IMG_0001.JPG", size: 2_000_000, modified: 1_714_564_800)

    /// The picker open on ~/Pictures, its listing and the cameras received.
    static func openPicker() -> AppState {
        var state = ImportPickerTests.openPicker(columns: 100, rows: 30)
        state.send(.camerasDetected([canon, card], problem: nil))
        return state
    }

    /// `c` is hinted only when there is something to take a picture with: a camera, or a
    /// webcam with no camera at all (it opens the webcam's preview); never with neither.
    @Test func theFooterHintsCaptureWithACameraOrAWebcamOnly() throws {
        var none = ImportPickerTests.openPicker(columns: 100, rows: 30)
        none.send(.camerasDetected([], problem: nil))
        #expect(!AppView.render(none).text().contains("c capture"))
        var webcam = ImportPickerTests.openPicker(columns: 100, rows: 30)
        webcam.send(.camerasDetected([], webcams: [WebcamDevice(path: "/dev/video0", name: "Integrated Camera")], problem: nil))
        #expect(AppView.render(webcam).text().contains("c capture"))
        #expect(webcam.picker?.entries.count == ImportPickerTests.listing.count, "a webcam is no row of the list")
        let opened = webcam.press(.char("c"))
        #expect(opened.contains { if case .startWebcam = $0 { true } else { false } }, "\(opened)")
    }

    @Test func camerasHeadTheListAndOpenLikeFolders() throws {
        var state = Self.openPicker()
        let picker = try #require(state.picker)
        #expect(picker.entries.prefix(2).map(\.camera) == [Self.canon, Self.card])
        #expect(picker.entries.count == ImportPickerTests.listing.count + 2)
        let text = AppView.render(state).text()
        #expect(text.contains("◉ Canon EOS 6D (usb:001,004)  (camera)"), "\(text)")
        #expect(text.contains("◉ Card /media/card  (camera)"))
        #expect(text.contains("c capture"))
        // Space does not mark a camera; Enter opens it at its top folder.
        #expect(picker.cursor == 2, "the cursor stays on the entry it was on")
        state.press(.up, .up, .char(" "))
        #expect(state.picker?.marked.isEmpty == true)
        #expect(state.press(.enter) == [.listCameraFolder(Self.canon, "/")])
        state.send(.cameraFolderListed(Self.canon, path: "/", .success([FolderEntry(name: "DCIM", isFolder: true)])))
        #expect(state.picker?.camera == Self.canon)
        #expect(state.picker?.entries == [FolderEntry(name: "DCIM", isFolder: true)], "no camera rows inside a camera")
        #expect(AppView.render(state).text().contains("Canon EOS 6D (usb:001,004): /"))
        #expect(state.press(.enter) == [.listCameraFolder(Self.canon, "/DCIM")])
        // A disk listing arriving late does not land in the camera.
        state.send(.folderListed(path: "/DCIM", .success([FolderEntry(name: "wrong", isFolder: false)])))
        #expect(state.picker?.loading == true)
        state.send(.cameraFolderListed(Self.canon, path: "/DCIM", .success([FolderEntry(name: "100CANON", isFolder: true)])))
        // Up from the camera's top goes back to the disk folder it was opened from, on the camera's row.
        #expect(state.press(.left) == [.listCameraFolder(Self.canon, "/")])
        state.send(.cameraFolderListed(Self.canon, path: "/", .success([FolderEntry(name: "DCIM", isFolder: true)])))
        #expect(state.press(.left) == [.listFolder(ImportPickerTests.pictures)])
        state.send(.folderListed(path: ImportPickerTests.pictures, .success(ImportPickerTests.listing)))
        #expect(state.picker?.camera == nil)
        #expect(state.picker?.cursor == 0, "the camera's row is highlighted again")
    }

    @Test func theHighlightedFileShowsTheCamerasThumbnail() throws {
        var state = Self.openPicker()
        state.press(.up, .up, .enter)
        let listing: [FolderEntry] = [FolderEntry(name: "IMG_0001.JPG", isFolder: false, cameraFile: Self.file)]
        let effects = state.send(.cameraFolderListed(Self.canon, path: "/", .success(listing)))
        guard case let .cameraThumbnail(camera, file, columns, rows, _)? = effects.first else {
            Issue.record("no thumbnail asked: \(effects)")
            return
        }
        #expect(camera == Self.canon && file == Self.file && columns > 10 && rows > 4)
        #expect(AppView.render(state).text().contains("Thumbnail…"))
        let art = Array(repeating: Array(repeating: Cell("▚", fg: .rgb(200, 10, 10), bg: .rgb(0, 0, 200)), count: columns), count: rows)
        state.send(.cameraThumbnail(Self.canon, Self.file, art))
        let text = AppView.render(state).text()
        #expect(text.contains(String(repeating: "▚", count: columns)))
        #expect(text.contains("IMG_0001.JPG · 2 MB"), "\(text)")
        // A camera without thumbnails says so.
        state.send(.cameraThumbnail(Self.canon, Self.file, nil))
        #expect(AppView.render(state).text().contains("(no thumbnail on the camera)"))
    }

    @Test func theFirstImportAsksTheFolderAndRemembersIt() throws {
        var state = Self.openPicker()
        state.press(.up, .up)
        // i on a camera: all its new files; the folder is asked first, ~/Pictures/photory offered.
        #expect(state.press(.char("i")) == [])
        #expect(state.picker == nil)
        #expect(AppView.render(state).text().contains("Copy into: ~/Pictures/photory"))
        state.press(.ctrl("u"))
        for character in "/tmp/photos" { state.press(.char(character)) }
        let effects = state.press(.enter)
        let request = CameraImportRequest(camera: Self.canon, folders: ["/"], files: [])
        #expect(effects.first == .importFromCamera(request, into: "/tmp/photos"))
        #expect(state.remembered.cameraImportFolder == "/tmp/photos")
        #expect(effects.contains(.remember(state.remembered)))
        // The overlay counts the downloads.
        state.send(.importProgress(ImportProgress(phase: .downloading, done: 2, total: 7, currentFile: "IMG_0003.JPG")))
        let text = AppView.render(state).text()
        #expect(text.contains("Importing from Canon EOS 6D (usb:001,004)") && text.contains("Downloading 3 of 7"), "\(text)")
        #expect(text.contains("IMG_0003.JPG"))

        // The next import goes straight to the remembered folder, with the marked files only.
        var summary = ImportSummary(results: [ImportFileResult(path: "/tmp/photos/2024/2024-05-01/IMG_0001.JPG", outcome: .imported(photoID: "p1"))])
        summary.camera = ImportSummary.CameraCounts(label: "Canon")
        summary.camera?.downloaded = 1
        summary.camera?.verified = [Self.file]
        state.send(.importFinished(.success(Msg.ImportDone(library: state.library, summary: summary))))
        let finished = AppView.render(state).text()
        #expect(finished.contains("1 downloaded, 1 imported"), "\(finished)")
        #expect(finished.contains("D deletes the 1 copied file from the camera"), "\(finished)")
        // D asks, naming the count; y deletes.
        state.press(.char("D"))
        #expect(AppView.render(state).text().contains("Delete 1 file from Canon EOS 6D (usb:001,004)? y/n"))
        #expect(state.press(.char("y")) == [.deleteFromCamera(Self.canon, [Self.file])])
        state.send(.cameraFilesDeleted(label: "Canon", deleted: 1, problems: []))
        #expect(state.status == "Deleted 1 file from Canon")

        state.press(.char("a"))
        state.send(.folderListed(path: ImportPickerTests.pictures, .success(ImportPickerTests.listing)))
        state.send(.camerasDetected([Self.canon], problem: nil))
        state.press(.up, .enter)
        state.send(.cameraFolderListed(Self.canon, path: "/", .success([
            FolderEntry(name: "DCIM", isFolder: true), FolderEntry(name: "IMG_0001.JPG", isFolder: false, cameraFile: Self.file),
            FolderEntry(name: "IMG_0002.JPG", isFolder: false)])))
        state.press(.char(" "), .char(" "))
        #expect(state.press(.char("i")) == [.importFromCamera(CameraImportRequest(camera: Self.canon, folders: ["/DCIM"], files: ["/IMG_0001.JPG"]),
                                                              into: "/tmp/photos")])
    }

    @Test func noAnswersNoAndANonCapturingCameraSaysSo() {
        var state = Self.openPicker()
        state.press(.up, .up)
        #expect(state.press(.char("c")) == [.capture(Self.canon, into: LibraryPaths.absolute("~/Pictures/photory"))])
        #expect(state.status == "Taking a picture with Canon EOS 6D (usb:001,004)…")
        state.send(.captured(.failure(Failure("Card /media/card cannot take pictures from the computer (tethered capture)"))))
        #expect(state.status == "Card /media/card cannot take pictures from the computer (tethered capture)")
        // c on a folder opens the webcam (issue 25: see WebcamPreviewTests).
        state.press(.char("a"))
        state.send(.folderListed(path: ImportPickerTests.pictures, .success(ImportPickerTests.listing)))
        guard case .startWebcam? = state.press(.end, .char("c")).first else {
            Issue.record("the webcam was not asked for")
            return
        }
        #expect(state.layer(WebcamPreview.self) != nil)
    }
}
