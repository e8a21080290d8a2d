import Library

/// The thumbnail the camera keeps for the picker's highlighted file (issue 25).
struct CameraThumbnail: Equatable, Sendable {
    var file: CameraFile
    /// Its character art once it came; nil while asked, or when the camera has none (`came`).
    var cells: [[Cell]]?
    var came = false
}

/// Cameras in the import picker (issue 25): the camera rows heading the list, and the
/// thumbnail of the highlighted camera file.
extension ImportPickerState {
    /// The cameras found, as rows of the list (opening one browses it).
    var cameraEntries: [FolderEntry] { (cameras ?? []).map { FolderEntry(name: $0.name, isFolder: true, camera: $0) } }

    /// Whether `c` can take a picture here: a camera is listed or browsed, or a webcam is there
    /// (the footer hints at it only then).
    var canCapture: Bool { camera != nil || cameras?.isEmpty == false || !webcams.isEmpty }

    /// Takes the cameras found: they head the disk listing on screen (the cursor stays on its
    /// entry); the webcams found make `c` worth a hint.
    mutating func camerasFound(_ found: [CameraAddress], webcams: [WebcamDevice] = []) {
        cameras = found
        self.webcams = webcams
        guard camera == nil, !loading else { return }
        let before = entries.prefix { $0.camera != nil }.count
        entries = cameraEntries + entries.dropFirst(before)
        if cursor >= before { cursor += found.count - before }
    }

    /// The thumbnail area's size in cells for a `columns`-wide screen: the right third of the
    /// box, none on a narrow screen.
    static func thumbnailSize(columns: Int, rows: Int) -> (columns: Int, rows: Int) {
        guard columns >= 60 else { return (0, 0) }
        let width = min(40, (columns - 4) / 3)
        return (width, max(0, min(listHeight(rows: rows) - 1, width / 2)))
    }

    /// Asks for the highlighted camera file's thumbnail when it is another file than the one
    /// shown; forgets it off a camera file.
    mutating func wantThumbnail(columns: Int, rows: Int, colorMode: ColorMode) -> [Effect] {
        guard let camera, entries.indices.contains(cursor), let file = entries[cursor].cameraFile else {
            thumbnail = nil
            return []
        }
        let size = Self.thumbnailSize(columns: columns, rows: rows)
        guard thumbnail?.file != file, size.columns > 0, size.rows > 0 else { return [] }
        thumbnail = CameraThumbnail(file: file)
        return [.cameraThumbnail(camera, file, columns: size.columns, rows: size.rows, colorMode)]
    }

    /// A thumbnail came: kept when it is still the highlighted file's.
    mutating func thumbnailCame(_ address: CameraAddress, _ file: CameraFile, _ cells: [[Cell]]?) {
        guard address == camera, thumbnail?.file == file else { return }
        thumbnail = CameraThumbnail(file: file, cells: cells, came: true)
    }
}
