import Library

/// A layer's answer to a key (see `Layer`).
enum LayerOutcome: Equatable {
    /// The layer took the key and stays open; `then` is what it asks of the app.
    case consumed(then: LayerRequest = .nothing)
    /// Not the layer's key: the layer below, or the screen, gets it.
    case ignored
    /// The layer closes; `then` is what it leaves the app to do.
    case close(then: LayerRequest = .nothing)
}

/// What a layer asks the app to do; `AppState.carryOut` does it.
enum LayerRequest: Equatable {
    case nothing
    /// Work to start (a folder listing for the picker).
    case start([Effect])
    /// The help, over the layer.
    case showHelp
    /// A one-off message on the status line ("Nothing written").
    case say(String)
    /// Import these paths (the picker, which was in `folder`).
    case importPaths([String], from: String)
    /// Stop the running import (what finished is kept).
    case cancelImport
    /// An edit to make (from a form).
    case perform(EditStep)
    /// Write the edits of these photos into their files.
    case writeBack([String])
    /// Change the search line's query: type a character, or an editing action.
    case editQuery(Key, Action?)
    /// Leave search: back to where `/` was pressed.
    case leaveSearch
    // Scoped search
    /// Search the group `/` was pressed in, or the whole library (the other of the two).
    case toggleSearchScope
    // Issue 22
    /// Set (nil: remove) the colour label of the photos a marking key applies to.
    case setLabel(ColourLabel?)
    /// Move photos to the trash, restore, or delete them (`Effect.changeTrash`).
    case changeTrash(TrashWork, [String])
    /// Ask before deleting trashed photos for good.
    case confirmErase([String])
    /// Run the `!` command on these photos' paths (issue 20).
    case runCommand(String, photoIDs: [String])
    // Look-alike duplicates (issue 23)
    /// Merge the others' marks and edits into `keep`, then trash the others (asking) or reject them.
    case resolveDuplicates(keep: String, others: [String], trash: Bool)
    // Slideshow (issue 23)
    /// The slideshow ended: back to where it started, the selection on the photo shown last.
    case endSlideshow(lastShown: String)
    // Export (issue 23)
    /// Copy these photos into the folder typed (`~` and relative paths not resolved yet), as the options say.
    case exportPhotos([String], to: String, options: ExportOptions)
    // Paged feeds (issue 24)
    /// Fetch the next page of the feed on screen now (`M`; a failed one again).
    case loadMoreOfFeed
    // Cameras (issue 25)
    /// Import what the picker chose on a camera (the import folder asked for first, once).
    case importFromCamera(CameraImportRequest)
    /// The import folder was typed (`~` not resolved yet): remember it and import.
    case cameraFolderChosen(CameraImportRequest, String)
    /// Ask before deleting these copied files from the camera.
    case confirmCameraDelete(CameraAddress, [CameraFile])
    /// Delete them.
    case deleteFromCamera(CameraAddress, [CameraFile])
    /// Take a picture with the camera (tethered capture).
    case capture(CameraAddress)
    // Webcams (issue 25)
    /// Open the webcam preview (the first webcam).
    case openWebcam
    /// Take the picture with the webcam of the preview.
    case takeWebcamPicture
    /// The preview closed: let the webcam go.
    case stopWebcam
}
