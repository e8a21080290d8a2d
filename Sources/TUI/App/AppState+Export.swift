import Library

/// Export (issue 23): `X` asks for a folder on the line at the bottom (the `!` line's,
/// `CommandLineLayer.Purpose.export`), then the marked photos (else the one selected or shown)
/// are copied there in the background (`Effect.exportPhotos`, `PhotoExporter`), the import
/// overlay showing the progress and then each photo's outcome.
extension AppState {
    /// Opens the folder line for the photos `X` applies to, with the last folder offered.
    mutating func askExportFolder() {
        let targets = editTargets
        guard !targets.isEmpty else { return }
        let offered = lastExportFolder ?? (homeFolder == "/" ? "/" : homeFolder + "/")
        open(.commandLine(CommandLineLayer(photoIDs: targets, command: offered, purpose: .export)))
    }

    /// Starts the export of `photoIDs` into `folder` as typed: `~` is the home folder, a
    /// relative path is from the folder photory was started in.
    mutating func exportPhotos(_ photoIDs: [String], to folder: String) -> [Effect] {
        var path = folder
        if path == "~" || path.hasPrefix("~/") { path = homeFolder + path.dropFirst() }
        if !path.hasPrefix("/") { path = (startFolder == "/" ? "" : startFolder) + "/" + path }
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        lastExportFolder = folder
        let photos = photoIDs.compactMap { library.photo(id: $0) }
        guard !photos.isEmpty else { return [] }
        importOverlay = ImportOverlayState(purpose: .exporting, progress: ImportProgress(phase: .exporting, total: photos.count))
        return [.exportPhotos(photos, to: path)]
    }
}
