import Foundation
import Library

/// Cameras in the browser (issue 25): listed and browsed in the import picker, imported into
/// the import folder (asked on the first import, then remembered) with the import overlay,
/// and their copied files deleted from the camera when the user confirms, after the import.
extension AppState {
    /// The import folder a camera's files are copied into, when one was chosen.
    var cameraImportFolder: String? { remembered.cameraImportFolder }

    mutating func camerasDetected(_ found: [CameraAddress], webcams: [WebcamDevice] = [], problem: String?) {
        changeLayer(ImportPickerState.self) { $0.camerasFound(found, webcams: webcams) }
        if let problem, found.isEmpty, webcams.isEmpty { status = problem }
    }

    mutating func cameraFolderListed(_ address: CameraAddress, path: String, _ result: Result<[FolderEntry], Failure>) -> [Effect] {
        let (rows, columns, colorMode) = (rows, columns, colorMode)
        return changeLayer(ImportPickerState.self) { picker in
            guard picker.camera == address else { return [] }
            var effects = picker.receive(path: path, result)
            picker.clamp(visibleRows: ImportPickerState.listHeight(rows: rows))
            effects += picker.wantThumbnail(columns: columns, rows: rows, colorMode: colorMode)
            return effects
        } ?? []
    }

    mutating func cameraThumbnailCame(_ address: CameraAddress, _ file: CameraFile, _ cells: [[Cell]]?) {
        changeLayer(ImportPickerState.self) { $0.thumbnailCame(address, file, cells) }
    }

    /// The picker chose files on a camera: imported into the remembered folder, else the folder
    /// is asked for first (offering `~/Pictures/photory`).
    mutating func importFromCamera(_ request: CameraImportRequest) -> [Effect] {
        closeLayers(ImportPickerState.self)
        guard let folder = cameraImportFolder else {
            open(.commandLine(CommandLineLayer(photoIDs: [], command: CameraImporter.defaultRoot, purpose: .cameraFolder(request))))
            return []
        }
        importOverlay = ImportOverlayState(purpose: .camera(request.camera))
        return [.importFromCamera(request, into: LibraryPaths.absolute(folder))]
    }

    /// The import folder was typed: remembered, and the import goes ahead.
    mutating func cameraFolderChosen(_ request: CameraImportRequest, _ folder: String) -> [Effect] {
        remembered.cameraImportFolder = folder
        return importFromCamera(request) + [.remember(remembered)]
    }

    /// `c` in the picker: the highlighted camera takes a picture, copied into the import folder
    /// (the one chosen for imports, else `~/Pictures/photory`).
    mutating func capture(with camera: CameraAddress) -> [Effect] {
        closeLayers(ImportPickerState.self)
        status = "Taking a picture with \(camera.name)…"
        return [.capture(camera, into: LibraryPaths.absolute(cameraImportFolder ?? CameraImporter.defaultRoot))]
    }

    /// The picture was taken and imported: shown in the photo view, the status line saying how
    /// long it took; or why it could not be.
    mutating func captured(_ result: Result<Msg.CaptureDone, Failure>) -> [Effect] {
        closeLayers(WebcamPreview.self)   // a webcam's picture ends its preview (issue 25)
        switch result {
        case let .failure(failure):
            status = failure.message
            return []
        case let .success(shot):
            installFromDisk(shot.library)
            let name = (shot.path as NSString).lastPathComponent
            let took = "Took \(name) in \(String(format: "%.1f", shot.seconds)) s"
            guard let id = shot.photoID else {
                status = took + ", but it was not imported"
                return []
            }
            capturedToShow = (id, took)
            showCaptured()
            return wantDetails()
        }
    }

    /// Shows the photo just taken in the photo view once its folder is there.
    mutating func showCaptured() {
        guard let (id, took) = capturedToShow,
              let frames = framesFollowing(id, from: [stack[0]]) ?? framesInHomeGroup(id) else { return }
        capturedToShow = nil
        stack = frames
        clampCursors()
        status = took
    }

    /// Without a folder tree (grouped by description), the home group holding `photoID` and the
    /// photo in it.
    private func framesInHomeGroup(_ photoID: String) -> [ScreenFrame]? {
        guard activeTree == nil, let top = homeFolders.firstIndex(where: { $0.photoIDs.contains(photoID) }),
              let page = page(id: homeFolders[top].id), let index = page.group.photoIDs.firstIndex(of: photoID) else { return nil }
        var cursor = GridCursor()
        cursor.selected = page.item(ofPhoto: index)
        return [stack[0], .group(id: page.group.id, cursor: cursor), .detail(groupID: page.group.id, index: index)]
    }

    mutating func cameraFilesDeleted(label: String, deleted: Int, problems: [String]) {
        let files = Counted.text(deleted, "file")
        status = problems.isEmpty ? "Deleted \(files) from \(label)"
            : "Deleted \(files) from \(label); \(problems.count) not: \(problems[0])"
    }
}
