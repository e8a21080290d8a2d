import Library

/// Encodes a decoded photo for a pixel protocol, fitted to whole cells: what the preview workers
/// make for the photo view (and the grids with `graphics-grid`) instead of character art.
///
/// Pixels are sent at most at the cells' own pixel size (never more than the terminal can show):
/// - sixel: a 256-colour palette made for the picture (`SixelEncoder`), at `columns × rows` cells of `cellSize`;
/// - kitty: raw RGB (not compressed: photos hardly shrink), scaled by the terminal into the cells;
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
        var palette: SixelPalette?
        return encode(image, columns: columns, rows: rows, kittyID: kittyID, sixelPalette: &palette)
    }

    /// The same, a sixel in `sixelPalette`'s colours when it is given (else in a palette made for
    /// the picture, then kept there): a pan of a zoomed photo keeps its first view's. A sixel cut
    /// into pieces for tmux makes a palette for each piece and keeps none.
    func encode(_ image: DecodedImage, columns: Int, rows: Int, kittyID: UInt32,
                sixelPalette: inout SixelPalette?) -> Result<TerminalImage, Failure> {
        guard columns > 0, rows > 0, image.width > 0, image.height > 0 else {
            return .failure(Failure("nothing to draw"))
        }
        let target = pixelSize(columns: columns, rows: rows)
        switch format.graphicsProtocol {
        case .sixel:
            let encoder = SixelEncoder(cellSize: format.cellSize)
            guard format.tmuxPassthrough else {
                let bytes = encoder.encode(pixels: image.pixels, width: image.width, height: image.height,
                                           columns: columns, rows: rows, palette: &sixelPalette)
                return bytes.isEmpty ? .failure(Failure("the sixel encoder gave nothing")) : .success(TerminalImage(bytes: bytes))
            }
            sixelPalette = nil
            guard let pieces = encoder.encode(image, columns: columns, rows: rows, maxPieceBytes: TmuxPassthrough.pieceLimit) else {
                return .failure(Failure("the sixel is too large for tmux even one row at a time"))
            }
            return .success(pieces)
        case .kitty:
            let sized = ImageTransform.resized(image, toFit: target.width, target.height)
            let count = sized.width * sized.height
            let rgb = [UInt8](unsafeUninitializedCapacity: count * 3) { out, made in
                sized.pixels.withUnsafeBufferPointer { rgba in
                    for pixel in 0..<count {
                        out[pixel * 3] = rgba[pixel * 4]
                        out[pixel * 3 + 1] = rgba[pixel * 4 + 1]
                        out[pixel * 3 + 2] = rgba[pixel * 4 + 2]
                    }
                }
                made = count * 3
            }
            do {
                let kitty = try KittyImage(id: kittyID, width: sized.width, height: sized.height, format: .rgb,
                                           pixels: rgb, cells: (columns, rows))
                // Not compressed: zlib (level 1) took a 1200×800 view of a 12 MP photo only to 83 % of
                // its size, and that cost more than the rest of a pan (see `KittyImage.encoded`).
                let bytes = kitty.encoded()
                return .success(TerminalImage(bytes: bytes, kittyID: kittyID,
                                              pieceStarts: format.tmuxPassthrough ? Self.chunkGroups(bytes) : []))
            } catch {
                return .failure(Failure(error.description))
            }
        case .iterm2:
            let sized = ImageTransform.resized(image, toFit: target.width, target.height)
            // One sequence whatever its size: inside tmux, a lower quality until it fits.
            for quality in format.tmuxPassthrough ? [90, 75, 60, 40] : [90] {
                do {
                    let file = try JPEGEncoder.encode(sized, quality: quality)
                    guard let inline = ITerm2Image(file: file, columns: columns, rows: rows) else {
                        return .failure(Failure("nothing to draw"))
                    }
                    let bytes = inline.encoded()
                    if !format.tmuxPassthrough || bytes.count <= TmuxPassthrough.pieceLimit {
                        return .success(TerminalImage(bytes: bytes))
                    }
                } catch {
                    return .failure(Failure("cannot encode the photo as JPEG: \(error.description)"))
                }
            }
            return .failure(Failure("the photo is too large for tmux as an iTerm2 image"))
        case .symbols:
            return .failure(Failure("character art is not a pixel image"))
        }
    }

    /// Where to cut kitty's chunks into pieces that each fit tmux's limit: whole chunks (each ends with
    /// `ESC \\`), as many as fit in a piece.
    static func chunkGroups(_ bytes: [UInt8]) -> [TerminalImage.PieceStart] {
        var starts = [TerminalImage.PieceStart(row: 0, offset: 0)]
        let room = TmuxPassthrough.sequenceLimit - TmuxPassthrough.wrappedSize(ofPiece: [])
        var chunkStart = 0, pieceSize = 0   // the piece's bytes with its ESCs doubled
        for index in bytes.indices.dropFirst() where bytes[index - 1] == 0x1B && bytes[index] == UInt8(ascii: "\\") {
            let chunkSize = index + 1 - chunkStart + 2   // ESC _ and ESC \\ doubled
            if pieceSize > 0 && pieceSize + chunkSize > room {
                starts.append(TerminalImage.PieceStart(row: 0, offset: chunkStart))
                pieceSize = 0
            }
            pieceSize += chunkSize
            chunkStart = index + 1
        }
        return starts.count > 1 ? starts : []
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
