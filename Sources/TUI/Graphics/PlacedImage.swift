/// An image a screen put in its frame, beside the cells: where it goes and what to write there.
public struct PlacedImage: Hashable, Sendable {
    /// Its place and identity in the image layer.
    public var entry: ImageLayer.Entry
    /// The encoded image.
    public var image: TerminalImage

    /// A kitty image gets an id of its own place too, so the same photo shown twice (two folders
    /// with one cover) is two images, each deleted on its own.
    public init(content: String, cells: Rect, image: TerminalImage) {
        let kittyID = image.kittyID == 0 ? 0
            : PixelEncoder.kittyID(for: "\(content) at \(cells.x),\(cells.y) \(cells.width)×\(cells.height)")
        entry = ImageLayer.Entry(content: content, placement: ImagePlacement(cells: cells), kittyID: kittyID)
        self.image = image
    }

    /// The bytes that draw it: a kitty image carries this place's id.
    var bytes: [UInt8] {
        entry.kittyID == 0 ? image.bytes : KittyImage.replacingID(in: image.bytes, with: entry.kittyID)
    }
}
