import Library

/// Everything that can change the app's state: key presses, a resize, and the results of work
/// done off the UI loop.
public enum Msg: Sendable {
    case key(Key)
    /// A click, double-click or wheel turn (mouse reporting on: `mouse` in `config.toml`).
    case mouse(MouseEvent)
    case resized(columns: Int, rows: Int)
    /// The terminal's cell measures something else in pixels now (a font change): pixel previews are redone.
    case cellSizeChanged(CellPixelSize)
    case previewReady(PreviewKey, PreviewResult)
    case folderListed(path: String, Result<[FolderEntry], Failure>)
    /// Where the running import stands, `elapsed` seconds after it started.
    case importProgress(ImportProgress, elapsed: Double = 0)
    case importFinished(Result<ImportDone, Failure>)
    // Paged feeds (issue 24)
    /// A feed's next page was fetched (the library as saved, the photos it added, the page's
    /// problem if it failed), or the library could not be used.
    case feedPageLoaded(feedURL: String, Result<FeedPage, Failure>)
    /// Bytes of a web photo's original received so far.
    case originalProgress(photoID: String, WebTransfer)
    /// A web photo's original was downloaded and saved in the library file (the photo as
    /// saved), or it failed.
    case originalDownloaded(photoID: String, Result<Photo, Failure>)
    /// Photos whose downloads were waiting and are not wanted any more.
    case originalsDropped([String])
    /// The library read again from disk: after `r` (`byAnotherWriter` false), or because another
    /// process wrote a new snapshot (an import, a compaction).
    case libraryLoaded(Result<PhotoLibrary, Failure>, byAnotherWriter: Bool = false)
    /// Edits another process appended to the library's journal since the browser last looked.
    case editsAppendedElsewhere([LibraryEdit])
    /// Photos an import appended to the journal (another process's, or the browser's own) since
    /// the browser last looked.
    case photosAppendedElsewhere(ImportedPhotos)
    /// Which of the `checked` paths had no file, checked in the background after start.
    case missingChecked(missing: Set<String>, checked: Set<String>)
    /// Edits up to `through` were saved, or could not be yet. The browser keeps its own state:
    /// it already shows them.
    case editsSaved(Result<EditsSaved, Failure>, through: Int)
    /// Photos read from a library being read behind the first frame (issue 26): covers or a
    /// folder's next screen, or why not.
    case pagedRead(PagedRead, Result<Library.FolderPage, Failure>)
    /// The library answers again after following it failed (a PostgreSQL server back; issue 26).
    case libraryReachable
    /// The file's own metadata for the info panel.
    case detailsRead(photoID: String, Result<Metadata, FileMetadataError>)
    /// Every tag of a photo's file, for the all-tags layer (issue 20).
    case allTagsRead(photoID: String, Result<[MetadataTag], FileMetadataError>)
    /// The folders of a grouping, built from the library as at revision `generation` of the caches.
    case treeBuilt(FolderTree, GroupingKind, generation: Int)
    /// The search index, built from the library as at revision `generation` of the caches.
    case searchIndexBuilt(SearchIndex, generation: Int)
    /// A day's memories, as folders, and the day-of-year index they were read from, made from the
    /// library as at revision `generation` (issue 23).
    case memoriesBuilt([PhotoGroup], OnThisDay, MemoryIndex, generation: Int)
    /// The local date turned (noticed at the next key or message).
    case newDay(OnThisDay)
    /// Edits were written into files (`W`): the library as saved and each photo's outcome.
    case wroteBack(Result<WriteBackDone, Failure>)
    /// A frame of the opening animation is due: the runtime's clock in seconds, and whether the
    /// terminal draws frames fast enough (false ends the animation at once).
    case animationFrame(now: Double, canKeepUp: Bool = true)
    /// Photos moved to the trash, restored, or deleted (`Effect.changeTrash`).
    case trashChanged(Result<TrashDone, Failure>)
    // Slideshow (issue 23)
    /// The slideshow's time came (`AppState.slideshowTickDue`): the loop's clock, in seconds.
    case slideshowTick(now: Double)
    // Export (issue 23)
    /// The export (`Effect.exportPhotos`) ended: each photo's outcome.
    case exportFinished(ExportSummary)
    // GPX geotagging (issue 25)
    /// The tracks typed in the geotag form (`Effect.readTracks`) were read: those that could
    /// be, and each file's problem.
    case tracksRead(typed: String, tracks: [GPXTrack], problems: [String])
    // Cameras (issue 25)
    /// The cameras found (detected, then the config's `camera-folders`), the webcams there
    /// are, and why detecting cameras failed.
    case camerasDetected([CameraAddress], webcams: [WebcamDevice] = [], problem: String?)
    /// One folder of a camera, listed for the picker (`Effect.listCameraFolder`).
    case cameraFolderListed(CameraAddress, path: String, Result<[FolderEntry], Failure>)
    /// A camera file's thumbnail as cells (nil: the camera offers none).
    case cameraThumbnail(CameraAddress, CameraFile, [[Cell]]?)
    /// Files deleted from a camera, and those that could not be with why.
    case cameraFilesDeleted(label: String, deleted: Int, problems: [String])
    /// A picture taken (`Effect.capture`): the library as saved and the photo, with the seconds
    /// it took; or why not.
    case captured(Result<CaptureDone, Failure>)
    // Webcams (issue 25): the preview (`WebcamRunner`).
    /// The webcam of request `generation` is open: its device and name.
    case webcamOpened(generation: Int, WebcamDevice)
    /// A frame of the preview, and whether the terminal draws a pixel frame within a frame's
    /// time (false: character art from then on), as for a video.
    case webcamFrame(WebcamFrame, canKeepUp: Bool = true)
    /// The webcam could not be opened or read: the message names it and says why.
    case webcamFailed(generation: Int, message: String)

    /// A tethered capture's end (issue 25).
    public struct CaptureDone: Sendable {
        public var library: PhotoLibrary
        public var photoID: String?
        public var path: String
        public var seconds: Double
        public init(library: PhotoLibrary, photoID: String?, path: String, seconds: Double) {
            (self.library, self.photoID, self.path, self.seconds) = (library, photoID, path, seconds)
        }
    }

    /// The trash work done: the library as saved, each photo's outcome, and the bytes moved.
    public struct TrashDone: Sendable {
        public var work: TrashWork
        public var library: PhotoLibrary
        public var outcomes: [LibraryTrash.Outcome]
        public var bytes: Int64
        public init(work: TrashWork, library: PhotoLibrary, outcomes: [LibraryTrash.Outcome], bytes: Int64 = 0) {
            (self.work, self.library, self.outcomes, self.bytes) = (work, library, outcomes, bytes)
        }
    }
    // Open with, run on marks (issue 20)
    /// The `open-with` runs ended (a graphical program: when it was closed).
    case openedWith([ExternalProgram.Outcome])
    /// The `!` command `command` ended, with its output.
    case commandFinished(command: String, ExternalProgram.Outcome)
    // Videos (issue 21)
    /// A frame of the video playing, stamped by the loop with its clock (`now`) and whether the
    /// terminal draws a pixel frame within a frame's time (false: character art from then on).
    case videoFrame(VideoFrame, now: Double = 0, canKeepUp: Bool = true)
    /// The video stopped by itself: at its end (`failure` nil), or why it could not go on.
    case videoEnded(photoID: String, generation: Int, failure: String?)
    /// The external `video-player` ended: nil when it ran, else why it could not.
    case videoPlayerEnded(failure: String?)

    /// A save of the browser's edits: the journal line that holds them, and what the reader
    /// should be told (a torn line cut off).
    public struct EditsSaved: Sendable, Equatable {
        public var journalSequence: Int?
        public var notes: [String] = []
        public init(journalSequence: Int?, notes: [String] = []) {
            self.journalSequence = journalSequence
            self.notes = notes
        }
    }

    public struct WriteBackDone: Sendable {
        public var library: PhotoLibrary
        public var outcomes: [WriteBackOutcome]
        public init(library: PhotoLibrary, outcomes: [WriteBackOutcome]) {
            self.library = library
            self.outcomes = outcomes
        }
    }

    /// A feed's next page as fetched (issue 24).
    public struct FeedPage: Equatable, Sendable {
        public var library: PhotoLibrary
        public var added: Int
        public var problem: String?

        public init(library: PhotoLibrary, added: Int, problem: String?) {
            self.library = library
            self.added = added
            self.problem = problem
        }
    }

    /// A finished import: the library as saved, and what happened to each file.
    public struct ImportDone: Sendable {
        public var library: PhotoLibrary
        public var summary: ImportSummary
        public init(library: PhotoLibrary, summary: ImportSummary) {
            self.library = library
            self.summary = summary
        }
    }
}

/// A failure explained in words, already naming the file it concerns.
public struct Failure: Error, Equatable, Sendable {
    public var message: String
    /// A folder was asked for and the path names a file (the picker opens its folder instead).
    public var pathIsFile = false
    public init(_ message: String, pathIsFile: Bool = false) {
        self.message = message
        self.pathIsFile = pathIsFile
    }
}

/// One entry of a folder listing in the import picker: a file or folder, or a camera (issue 25)
/// listed beside them.
public struct FolderEntry: Equatable, Sendable {
    public var name: String
    public var isFolder: Bool
    /// The camera this entry opens (cameras head the list), else nil.
    public var camera: CameraAddress?
    /// A camera's file as the camera describes it (size, time), for its thumbnail.
    public var cameraFile: CameraFile?
    public init(name: String, isFolder: Bool, camera: CameraAddress? = nil, cameraFile: CameraFile? = nil) {
        self.name = name
        self.isFolder = isFolder
        self.camera = camera
        self.cameraFile = cameraFile
    }
}
