import Library

/// Work `update` asks the run loop to do; its results come back as `Msg`s.
public enum Effect: Equatable, Sendable {
    case listFolder(String)
    case startImport([String])
    case cancelImport
    /// Re-fetch every web feed of the library (new items in, gone ones missing).
    case refreshFeeds
    // Paged feeds (issue 24)
    /// Fetch the next page of the feed with this URL in the background (infinite scroll).
    case loadMoreOfFeed(String)
    /// Download these web photos' originals (they came with their thumbnails only), the first
    /// one first; what was waiting and is not among them is dropped.
    case wantOriginals([Photo])
    case reloadLibrary
    /// Read the library again without saying so: another writer's edits came while the
    /// browser's own were pending, and on disk they go under them (the undo order must match).
    case catchUpWithDisk
    /// Read covers or a folder's next screen from a library being read behind (issue 26).
    case readPaged(PagedRead)
    /// Save what the browser remembers between runs.
    case remember(RememberedState)
    /// Save an edit (or its undo/redo) to the library file; `sequence` numbers them in order.
    case saveEdits(LibraryEdit, sequence: Int)
    /// Read a photo's metadata from its file for the info panel.
    case readDetails(photoID: String, path: String)
    /// Read every tag of a photo's file for the all-tags layer (issue 20).
    case readAllTags(photoID: String, path: String)
    /// Write the photos' edited metadata into their files and sidecars.
    case writeBack([String])
    /// Build the folders of a grouping for the library as at revision `generation` of the
    /// caches (`DerivedCaches`), off the UI thread; a newer build cancels it.
    case buildTree(PhotoLibrary, GroupingKind, generation: Int)
    /// Build the search index for the library as at revision `generation` of the caches, off
    /// the UI thread; a newer build cancels it.
    case buildSearchIndex(PhotoLibrary, generation: Int)
    /// Make the memories of a day for the library as at revision `generation` of the caches,
    /// off the UI thread (issue 23).
    case buildMemories(PhotoLibrary, OnThisDay, generation: Int)
    // Videos (issue 21)
    /// Decode and post the frames of a video from a position (`VideoPlayer`); replaces what played.
    case playVideo(VideoPlayRequest)
    /// Stop decoding the video playing (paused or stopped).
    case stopVideo
    /// Hand the terminal to the `video-player` command with the video's path, and take it back.
    case runVideoPlayer(command: [String], path: String)
    // Open with, run on marks, copy the path (issue 20)
    /// Open photos with these runs of the `open-with` program; `inTerminal`: hand it the
    /// terminal (`TerminalHandover`), else run it beside the browser.
    case openWith([ExternalProgram], inTerminal: Bool)
    /// Run the user's `!` command (its output captured), `command` as typed.
    case runCommand(ExternalProgram, command: String)
    /// Put these bytes on the terminal's clipboard (`ClipboardCopy`).
    case copyToClipboard([UInt8])
    /// Move photos to the trash, restore them, delete them for good, or delete trashed ones for
    /// good (`LibraryTrash`), the edits still on their way saved first.
    case changeTrash(TrashWork, [String])
    // Export (issue 23)
    /// Copy the photos into the folder (`PhotoExporter`) on the import queue, its progress and
    /// outcomes shown by the import overlay; `.cancelImport` stops it too.
    case exportPhotos([Photo], to: String, options: ExportOptions)
    // GPX geotagging (issue 25)
    /// Read the GPX files (or folders of them) typed in the geotag form (`GPXTrack.read(typed:)`).
    case readTracks(String)
    // Cameras (issue 25)
    /// List the cameras plugged in and the `camera-folders` of the config (`Msg.camerasDetected`).
    case detectCameras
    /// List one folder of a camera for the picker (`Msg.cameraFolderListed`).
    case listCameraFolder(CameraAddress, String)
    /// Fetch the thumbnail the camera keeps for a file, drawn as character art within
    /// `columns` × `rows` cells (`Msg.cameraThumbnail`).
    case cameraThumbnail(CameraAddress, CameraFile, columns: Int, rows: Int, ColorMode)
    /// Copy the chosen files and folders of a camera into the folder, and import the copies,
    /// shown by the import overlay (`CameraImport`).
    case importFromCamera(CameraImportRequest, into: String)
    /// Delete these files from the camera (their copies verified): `Msg.cameraFilesDeleted`.
    case deleteFromCamera(CameraAddress, [CameraFile])
    /// Take a picture with the camera, copy it into the folder and import it (`Msg.captured`).
    case capture(CameraAddress, into: String)
    // Webcams (issue 25)
    /// Show a webcam's frames (`Msg.webcamOpened`, `Msg.webcamFrame`), stopping what showed.
    case startWebcam(WebcamRequest)
    /// Take the next frame of request `generation` as a picture into the folder (`Msg.captured`).
    case takeWebcamPicture(generation: Int, into: String)
    /// Stop the preview and let the device go.
    case stopWebcam
}

/// What the picker chose on a camera (issue 25): folders (every file under them) and files,
/// by their paths on the camera.
public struct CameraImportRequest: Equatable, Sendable {
    public var camera: CameraAddress
    public var folders: [String]
    public var files: [String]
    public init(camera: CameraAddress, folders: [String], files: [String]) {
        self.camera = camera
        self.folders = folders
        self.files = files
    }
}

/// What `Effect.changeTrash` does.
public enum TrashWork: Equatable, Sendable {
    case trash, restore, deletePermanently, erase
    /// Undo (restore its photos) or redo (trash them again) the move to the trash that is the
    /// history step with id `step` (`u` / `U` like every edit).
    case undo(step: String), redo(step: String)
}
