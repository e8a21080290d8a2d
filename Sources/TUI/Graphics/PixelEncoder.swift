import Library

/// Encodes a decoded photo for a pixel protocol, fitted to whole cells: what the preview workers
/// make for the photo view (and the grids with `graphics-grid`) instead of character art.
///
/// Pixels are sent at most at the cells' own pixel size (never more than the terminal can show):
/// - sixel: through chafa (a 256-colour palette), at `columns × rows` cells of `cellSize`;
/// - kitty: raw RGB, zlib-compressed (`o=z`), scaled by the terminal into the cells;
/// - iTerm2: a JPEG file (quality 90), which the terminal decodes and scales into the cells.
public struct PixelEncoder: Sendable {
    /// The protocol to encode for and the cell size to fit.
    public var format: PixelFormat

    public init(format: PixelFormat) {
        self.format = format
    }

    /// The pixel size the image is sent at for `columns × rows` cells.
    public func pixelSize(columns: Int, rows: Int) -> (width: Int, height: Int) {
        (columns * format.cellSize.width, rows * format.cellSize.height)
    }

    /// `image` encoded into `columns × rows` cells; the kitty image carries `kittyID`.
    public func encode(_ image: DecodedImage, columns: Int, rows: Int, kittyID: UInt32) -> Result<TerminalImage, Failure> {
        guard columns > 0, rows > 0, image.width > 0, image.height > 0 else {
            return .failure(Failure("nothing to draw"))
        }
        let target = pixelSize(columns: columns, rows: rows)
        switch format.graphicsProtocol {
        case .sixel:
            let bytes = SixelEncoder(cellSize: format.cellSize).encode(
                pixels: image.pixels, width: image.width, height: image.height, columns: columns, rows: rows)
            return bytes.isEmpty ? .failure(Failure("the sixel encoder gave nothing")) : .success(TerminalImage(bytes: bytes))
        case .kitty:
            let sized = ImageTransform.resized(image, toFit: target.width, target.height)
            var rgb = [UInt8](repeating: 0, count: sized.width * sized.height * 3)
            sized.pixels.withUnsafeBufferPointer { rgba in
                for pixel in 0..<(sized.width * sized.height) {
                    rgb[pixel * 3] = rgba[pixel * 4]
                    rgb[pixel * 3 + 1] = rgba[pixel * 4 + 1]
                    rgb[pixel * 3 + 2] = rgba[pixel * 4 + 2]
                }
            }
            do {
                let kitty = try KittyImage(id: kittyID, width: sized.width, height: sized.height, format: .rgb,
                                           pixels: rgb, cells: (columns, rows))
                return .success(TerminalImage(bytes: kitty.encoded(compressed: true), kittyID: kittyID))
            } catch {
                return .failure(Failure(error.description))
            }
        case .iterm2:
            let sized = ImageTransform.resized(image, toFit: target.width, target.height)
            do {
                let file = try JPEGEncoder.encode(sized, quality: 90)
                guard let inline = ITerm2Image(file: file, columns: columns, rows: rows) else {
                    return .failure(Failure("nothing to draw"))
                }
                return .success(TerminalImage(bytes: inline.encoded()))
            } catch {
                return .failure(Failure("cannot encode the photo as JPEG: \(error.description)"))
            }
        case .symbols:
            return .failure(Failure("character art is not a pixel image"))
        }
    }

    /// A kitty image id for `text` (a preview key): FNV-1a, never 0 and never 31 (the start-up query's).
    public static func kittyID(for text: String) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for byte in text.utf8 {
            hash = (hash ^ UInt32(byte)) &* 16_777_619
        }
        return hash <= 31 ? hash + 32 : hash
    }
}
