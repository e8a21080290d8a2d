/// An image a screen put in its frame, beside the cells: where it goes and what to write there.
public struct PlacedImage: Hashable, Sendable {
    /// Its place and identity in the image layer.
    public var entry: ImageLayer.Entry
    /// The encoded image.
    public var image: TerminalImage

    public init(content: String, cells: Rect, image: TerminalImage) {
        entry = ImageLayer.Entry(content: content, placement: ImagePlacement(cells: cells), kittyID: image.kittyID)
        self.image = image
    }
}
