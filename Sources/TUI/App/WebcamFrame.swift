import Library

/// One frame of the webcam preview, made by `WebcamRunner` for `Msg.webcamFrame`: character art
/// or a pixel image fitted to the preview's area, and the camera's own frame size.
public struct WebcamFrame: Equatable, Sendable {
    /// The request it answers (`WebcamRequest.generation`).
    public var generation: Int
    public var content: PreviewResult
    /// Its size in cells.
    public var columns: Int
    public var rows: Int
    /// The camera's frame, in pixels.
    public var width: Int
    public var height: Int

    public init(generation: Int, content: PreviewResult, columns: Int, rows: Int, width: Int, height: Int) {
        (self.generation, self.content, self.columns, self.rows) = (generation, content, columns, rows)
        (self.width, self.height) = (width, height)
    }
}

/// What `Effect.startWebcam` asks the runner for: the frames of `device` (the first webcam when
/// nil), fitted into `maxColumns` × `maxRows` cells as character art in `colorMode`, or pixels
/// in `pixels`.
public struct WebcamRequest: Equatable, Sendable {
    public var generation: Int
    public var device: String?
    public var maxColumns: Int
    public var maxRows: Int
    public var colorMode: ColorMode
    public var pixels: PixelFormat?

    public init(generation: Int, device: String?, maxColumns: Int, maxRows: Int, colorMode: ColorMode, pixels: PixelFormat?) {
        (self.generation, self.device, self.maxColumns, self.maxRows) = (generation, device, maxColumns, maxRows)
        (self.colorMode, self.pixels) = (colorMode, pixels)
    }

    /// The preview key of a `width` × `height` frame: as large as the area allows, its shape kept.
    public func key(width: Int, height: Int) -> PreviewKey {
        PhotoTile.fittedKey(id: "webcam", width: width, height: height, maxColumns: maxColumns, maxRows: maxRows,
                            colorMode: colorMode, pixels: pixels)
    }

    /// `frame` fitted to the area and rendered as its key asks (`PreviewMaker.render`, as a
    /// video frame is): what the runner posts, and `bench` times.
    public func rendered(_ frame: RGBFrame, kittyID: UInt32? = nil) -> WebcamFrame {
        let key = key(width: frame.width, height: frame.height)
        let pixels = PreviewMaker.pixelSize(for: key)
        let picture = ImageTransform.resized(frame.rgba, toWidth: pixels.width, height: pixels.height)
        return WebcamFrame(generation: generation, content: PreviewMaker.render(picture, for: key, kittyID: kittyID),
                           columns: key.columns, rows: key.rows, width: frame.width, height: frame.height)
    }
}
