import Fixtures
import Foundation
@testable import Library

/// Reads a file the way the importer does: its format by content, then `inspect`.
func inspectFile(_ path: String) throws -> PhotoFormatInfo {
    let bytes = try FileBytes.read(path)
    return try bytes.withUnsafeBytes { raw throws -> PhotoFormatInfo in
        guard let format = PhotoFormats.format(of: raw) else { throw FormatTools.Failure(description: "no format for \(path)") }
        return try format.inspect(raw)
    }
}

/// The format name the registry picks for the file at `path`.
func formatName(_ path: String) throws -> String? {
    try FileBytes.read(path).withUnsafeBytes { PhotoFormats.format(of: $0)?.name }
}

/// `PreviewImage.make` for the file at `path` (display pixels, `orientation` from inspect).
func previewFile(_ path: String, _ minWidth: Int, _ minHeight: Int, orientation: Int = 1,
                 fitting: Bool = false) throws -> DecodedImage {
    try FileBytes.read(path).withUnsafeBytes { raw throws -> DecodedImage in
        try PreviewImage.make(from: raw, minWidth: minWidth, minHeight: minHeight, orientation: orientation,
                              fitting: fitting)
    }
}

/// Whether the file's preview for the box would come from an embedded preview.
func usesEmbedded(_ path: String, _ minWidth: Int, _ minHeight: Int, fitting: Bool = true) throws -> Bool {
    try FileBytes.read(path).withUnsafeBytes {
        PreviewImage.usesEmbeddedPreview(in: $0, minWidth: minWidth, minHeight: minHeight, orientation: 1,
                                         fitting: fitting)
    }
}

/// The file's bytes with `edit` applied, written beside it under `name`.
func writeEdited(_ path: String, as name: String, in folder: TemporaryFolder, _ edit: (inout [UInt8]) -> Void) throws -> String {
    var bytes = try FileBytes.read(path)
    edit(&bytes)
    return folder.write(Data(bytes), to: name)
}

/// Channels equal within `tolerance` (lossy codecs).
func close(_ pixel: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ rgb: (Int, Int, Int), tolerance: Int = 12) -> Bool {
    abs(Int(pixel.r) - rgb.0) <= tolerance && abs(Int(pixel.g) - rgb.1) <= tolerance
        && abs(Int(pixel.b) - rgb.2) <= tolerance && pixel.a == 255
}
