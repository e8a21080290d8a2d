import Foundation

/// One image in iTerm2's inline image protocol (also spoken by WezTerm):
/// `ESC ] 1337 ; File=inline=1;size=…;width=…;height=…;preserveAspectRatio=0 : <base64> BEL`.
///
/// Unlike kitty, the payload is an image file (JPEG or PNG), which the terminal decodes and scales
/// into `columns × rows` cells; the caller sizes the photo to those cells so its aspect is already right.
public struct ITerm2Image: Sendable, Equatable {
    /// The encoded image file (JPEG or PNG).
    public let file: [UInt8]
    /// The cells across the image fills.
    public let columns: Int
    /// The cells down the image fills.
    public let rows: Int

    /// Nil for an empty file or a size of no cells.
    public init?(file: [UInt8], columns: Int, rows: Int) {
        guard !file.isEmpty, columns > 0, rows > 0 else { return nil }
        self.file = file
        self.columns = columns
        self.rows = rows
    }

    /// The arguments before the colon.
    var arguments: String {
        "inline=1;size=\(file.count);width=\(columns);height=\(rows);preserveAspectRatio=0"
    }

    /// The escape sequence that shows the image at the cursor.
    public func encoded() -> [UInt8] {
        Array("\u{1B}]1337;File=\(arguments):".utf8) + Array(Data(file).base64EncodedData()) + [0x07]
    }
}
