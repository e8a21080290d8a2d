import Library

/// The webcam preview (issue 25): opened from the import picker (`c` away from a camera), its
/// frames shown as they come, the picture taken with Space into the import folder (the one
/// chosen for camera imports, else `~/Pictures/photory`), then shown like a tethered camera's
/// (`captured`). See `WebcamPreview` and `WebcamRunner`.
extension AppState {
    /// Opens the preview of the first webcam.
    mutating func openWebcam() -> [Effect] {
        webcamRequests += 1
        open(.webcam(WebcamPreview(generation: webcamRequests)))
        return [.startWebcam(webcamRequest(generation: webcamRequests, device: nil, pixelsOff: false))]
    }

    /// What to ask the runner for: the frames fitted to the photo view's area, in pixels where
    /// the terminal has them (unless they could not keep up).
    func webcamRequest(generation: Int, device: String?, pixelsOff: Bool) -> WebcamRequest {
        let area = WebcamView.imageArea(self)
        return WebcamRequest(generation: generation, device: device, maxColumns: area.width, maxRows: area.height,
                             colorMode: colorMode, pixels: pixelsOff ? nil : pixelFormat(inGrid: false))
    }

    /// Asks the runner again (a new size, character art), on the device already open.
    private mutating func restartWebcam() -> [Effect] {
        guard let preview = layer(WebcamPreview.self), !preview.taking else { return [] }
        webcamRequests += 1
        let generation = webcamRequests
        changeLayer(WebcamPreview.self) { $0.generation = generation }
        return [.startWebcam(webcamRequest(generation: generation, device: preview.device?.path, pixelsOff: preview.pixelsOff))]
    }

    /// A frame came: shown unless stale. A pixel frame the terminal cannot draw in its time
    /// (`canKeepUp` false) turns the preview to character art.
    mutating func webcamFrame(_ frame: WebcamFrame, canKeepUp: Bool) -> [Effect] {
        let drawn = changeLayer(WebcamPreview.self) { $0.receive(frame) } ?? false
        guard drawn, !canKeepUp, case .image = frame.content, layer(WebcamPreview.self)?.pixelsOff == false else { return [] }
        changeLayer(WebcamPreview.self) { $0.pixelsOff = true }
        return restartWebcam()
    }

    /// Space: the next frame is the picture.
    mutating func takeWebcamPicture() -> [Effect] {
        guard let preview = layer(WebcamPreview.self) else { return [] }
        return [.takeWebcamPicture(generation: preview.generation,
                                   into: LibraryPaths.absolute(cameraImportFolder ?? CameraImporter.defaultRoot))]
    }

    /// The webcam could not be opened or read: the preview closes and the status line says why.
    mutating func webcamFailed(generation: Int, message: String) {
        guard layer(WebcamPreview.self)?.generation == generation else { return }
        closeLayers(WebcamPreview.self)
        status = "Webcam: " + message.strippingControlCharacters
    }

    /// The terminal's size changed: the frames are asked for at the new size.
    mutating func webcamResized() -> [Effect] { restartWebcam() }
}
