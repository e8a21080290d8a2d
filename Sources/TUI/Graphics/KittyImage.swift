import Foundation
import Library

/// One image in the kitty graphics protocol: raw RGB or RGBA pixels, sent in APC chunks.
///
/// `encoded()` gives `ESC _ G a=T,f=…,s=…,v=…,i=…,q=2,m=1;<base64> ESC \` followed by
/// `ESC _ G m=1;<base64> ESC \` … and a last chunk with `m=0`: each chunk holds at most 4096 base64
/// bytes (a multiple of 4, as kitty requires), the image is transmitted and shown at the cursor in one go,
/// and `q=2` keeps the terminal from answering (an answer would reach the key reader).
/// `delete(id:)` removes the image and its placements by id.
public struct KittyImage: Sendable, Equatable {
    /// How the pixels are laid out.
    public enum Format: Int, Sendable {
        /// 3 bytes a pixel (`f=24`).
        case rgb = 24
        /// 4 bytes a pixel (`f=32`).
        case rgba = 32

        /// Bytes for one pixel.
        public var bytesPerPixel: Int { self == .rgb ? 3 : 4 }
    }

    /// Why pixels cannot be sent as a kitty image.
    public enum Problem: Error, Equatable, CustomStringConvertible {
        /// The byte count is not width × height × bytes per pixel.
        case pixelCount(expected: Int, actual: Int)
        /// A zero or negative width or height, or image id 0 (kitty's "no id").
        case invalid(String)

        public var description: String {
            switch self {
            case .pixelCount(let expected, let actual):
                "kitty image: \(actual) pixel bytes, expected \(expected)"
            case .invalid(let what):
                "kitty image: \(what)"
            }
        }
    }

    /// The most base64 bytes in one APC chunk.
    public static let chunkSize = 4096

    /// The image id (1…2³²−1): the same id replaces the image, and `delete(id:)` removes it.
    public let id: UInt32
    /// Width in pixels (`s=`).
    public let width: Int
    /// Height in pixels (`v=`).
    public let height: Int
    /// RGB or RGBA.
    public let format: Format
    /// Row-major pixels, `width × height × format.bytesPerPixel` bytes.
    public let pixels: [UInt8]
    /// The cells the image is scaled into (`c=`, `r=`); nil shows it at its pixel size.
    public let cells: (columns: Int, rows: Int)?

    /// Checks that the pixels fill the image exactly.
    public init(id: UInt32, width: Int, height: Int, format: Format, pixels: [UInt8],
                cells: (columns: Int, rows: Int)? = nil) throws(Problem) {
        guard id != 0 else { throw .invalid("image id 0") }
        guard width > 0, height > 0 else { throw .invalid("size \(width)×\(height)") }
        if let cells, cells.columns <= 0 || cells.rows <= 0 {
            throw .invalid("cells \(cells.columns)×\(cells.rows)")
        }
        let expected = width * height * format.bytesPerPixel
        guard pixels.count == expected else { throw .pixelCount(expected: expected, actual: pixels.count) }
        self.id = id
        self.width = width
        self.height = height
        self.format = format
        self.pixels = pixels
        self.cells = cells
    }

    public static func == (lhs: KittyImage, rhs: KittyImage) -> Bool {
        lhs.id == rhs.id && lhs.width == rhs.width && lhs.height == rhs.height && lhs.format == rhs.format
            && lhs.pixels == rhs.pixels && lhs.cells?.columns == rhs.cells?.columns
            && lhs.cells?.rows == rhs.cells?.rows
    }

    /// The control keys of the first chunk (without `m=`). `C=1` keeps the cursor where it was,
    /// so an image ending on the bottom rows never scrolls the screen.
    func controlKeys(compressed: Bool) -> String {
        var keys = "a=T,f=\(format.rawValue),s=\(width),v=\(height),i=\(id),q=2,C=1"
        if compressed { keys += ",o=z" }
        if let cells { keys += ",c=\(cells.columns),r=\(cells.rows)" }
        return keys
    }

    /// The escape sequences that transmit the image and show it at the cursor.
    /// - Parameter compressed: send the pixels zlib-compressed (`o=z`) when that is smaller. Photos
    ///   are sent raw: zlib's fastest level took a 1200×800 part of a 12 MP photo (2.9 MB of RGB)
    ///   only to 83 %, in about as long as the rest of the frame; flat pictures shrink well.
    public func encoded(compressed: Bool = false) -> [UInt8] {
        let deflated = compressed ? Deflate.zlib(pixels).flatMap { $0.count < pixels.count ? $0 : nil } : nil
        let controlKeys = controlKeys(compressed: deflated != nil)
        let payload = Array(Data(deflated ?? pixels).base64EncodedData())
        var output: [UInt8] = []
        output.reserveCapacity(payload.count + (payload.count / Self.chunkSize + 1) * 16 + 64)
        var start = 0
        repeat {
            let end = min(start + Self.chunkSize, payload.count)
            let more = end < payload.count ? 1 : 0
            let keys = start == 0 ? "\(controlKeys),m=\(more)" : "m=\(more)"
            output += Self.apc(keys, payload[start..<end])
            start = end
        } while start < payload.count
        return output
    }

    /// Deletes the image with this id and all its placements, freeing the terminal's memory.
    public static func delete(id: UInt32) -> [UInt8] {
        apc("a=d,d=I,i=\(id),q=2", [])
    }

    /// `encoded` (from `encoded(compressed:)`) with its image id changed to `id`: one encoding can then be
    /// placed twice on a screen (two folders with the same cover) as two images, deleted one by one.
    /// Only the first chunk's keys carry the id. Returns the bytes unchanged when they hold no id.
    public static func replacingID(in encoded: [UInt8], with id: UInt32) -> [UInt8] {
        let keysStart = 3   // after ESC _ G
        guard encoded.count > keysStart,
              let keysEnd = encoded[keysStart...].firstIndex(where: { $0 == UInt8(ascii: ";") || $0 == 0x1B }) else {
            return encoded
        }
        let keys = String(decoding: encoded[keysStart..<keysEnd], as: UTF8.self).split(separator: ",")
        guard keys.contains(where: { $0.hasPrefix("i=") }) else { return encoded }
        let replaced = keys.map { $0.hasPrefix("i=") ? "i=\(id)" : String($0) }.joined(separator: ",")
        return Array(encoded[..<keysStart]) + Array(replaced.utf8) + Array(encoded[keysEnd...])
    }

    /// Deletes every image we placed (when leaving, or before repainting the whole screen).
    public static let deleteAll: [UInt8] = apc("a=d,d=A,q=2", [])

    /// Takes the image with this id off the screen but keeps its data, to be placed again with `place`.
    public static func hide(id: UInt32) -> [UInt8] {
        apc("a=d,d=i,i=\(id),q=2", [])
    }

    /// Takes every image off the screen, keeping their data (before repainting the whole screen).
    public static let hideAll: [UInt8] = apc("a=d,d=a,q=2", [])

    /// Shows the image with this id, already sent, at the cursor in `columns × rows` cells.
    public static func place(id: UInt32, columns: Int, rows: Int) -> [UInt8] {
        apc("a=p,i=\(id),q=2,C=1,c=\(columns),r=\(rows)", [])
    }

    /// `ESC _ G keys ; payload ESC \` (no `;` without a payload).
    static func apc(_ keys: String, _ payload: ArraySlice<UInt8>) -> [UInt8] {
        var bytes: [UInt8] = [0x1B, UInt8(ascii: "_"), UInt8(ascii: "G")] + Array(keys.utf8)
        if !payload.isEmpty {
            bytes.append(UInt8(ascii: ";"))
            bytes += payload
        }
        return bytes + [0x1B, UInt8(ascii: "\\")]
    }
}
