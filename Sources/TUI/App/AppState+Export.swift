import Library

/// Export (issue 23): `X` asks for a folder and the options (max size, format, GPS) in its form
/// at the bottom (`ExportForm`), then the marked photos (else the one selected or shown) are
/// copied there in the background (`Effect.exportPhotos`, `PhotoExporter`), the import
/// overlay showing the progress and then each photo's outcome.
extension AppState {
    /// Opens the export form for the photos `X` applies to, with the last folder and options offered.
    mutating func askExportFolder() {
        let targets = editTargets
        guard !targets.isEmpty else { return }
        let offered = lastExportFolder ?? (homeFolder == "/" ? "/" : homeFolder + "/")
        open(.exportForm(ExportForm(photoIDs: targets, folder: offered, options: lastExportOptions)))
    }

    /// Starts the export of `photoIDs` into `folder` as typed: `~` is the home folder, a
    /// relative path is from the folder photory was started in.
    mutating func exportPhotos(_ photoIDs: [String], to folder: String, options: ExportOptions = ExportOptions()) -> [Effect] {
        var path = folder
        if path == "~" || path.hasPrefix("~/") { path = homeFolder + path.dropFirst() }
        if !path.hasPrefix("/") { path = (startFolder == "/" ? "" : startFolder) + "/" + path }
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        lastExportFolder = folder
        lastExportOptions = options
        let photos = photoIDs.compactMap { library.photo(id: $0) }
        guard !photos.isEmpty else { return [] }
        importOverlay = ImportOverlayState(purpose: .exporting, progress: ImportProgress(phase: .exporting, total: photos.count))
        return [.exportPhotos(photos, to: path, options: options)]
    }
}
