/// Files that are not in a format photory reads, named in words ("audio (M4A)", "text
/// file", "JPEG 2000") so an import's reasons say what they are instead of their first bytes.
public struct NonPhotoFile: Sendable, Equatable {
    /// What the file is, in words.
    public var name: String
    /// An image format photory does not read (JPEG 2000…), rather than no image at all.
    public var isImage: Bool
    /// Text (or XML): obviously no photo, skipped quietly by an import.
    public var isText: Bool

    /// "audio (WAV), not a photo"; "JPEG 2000: a format photory does not read".
    public var reason: String {
        isImage ? "\(name): an image format photory does not read" : "\(name), not a photo"
    }

    /// What the file starting with `prefix` (at least `PhotoFormats.sniffLength` bytes when it
    /// has them) is, or nil when its bytes match nothing known.
    public static func recognise(_ prefix: UnsafeRawBufferPointer) -> NonPhotoFile? {
        let bytes = Array(prefix)
        func starts(_ signature: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + signature.count && Array(bytes[offset..<offset + signature.count]) == signature
        }
        func ascii(_ text: String, at offset: Int = 0) -> Bool { starts(Array(text.utf8), at: offset) }
        func image(_ name: String) -> NonPhotoFile { NonPhotoFile(name: name, isImage: true, isText: false) }
        func other(_ name: String) -> NonPhotoFile { NonPhotoFile(name: name, isImage: false, isText: false) }

        if starts([0x00, 0x00, 0x00, 0x0C, 0x6A, 0x50, 0x20, 0x20, 0x0D, 0x0A, 0x87, 0x0A])
            || starts([0xFF, 0x4F, 0xFF, 0x51]) { return image("JPEG 2000") }
        if ascii("ftyp", at: 4), bytes.count >= 12 {
            let brand = String(decoding: bytes[8..<12], as: UTF8.self)
            // Videos are read (`VideoFormat`); what is left of the ISO media family:
            switch brand {
            case "jp2 ", "jpx ", "jpm ": return image("JPEG 2000")
            case "M4A ", "M4B ", "M4P ": return other("audio (M4A)")
            case "msf1", "hevc": return image("HEIF image sequence")
            case "avis": return image("AVIF animation")
            default: return other("ISO media file (brand \"\(brand)\")")
            }
        }
        if ascii("RIFF"), ascii("WAVE", at: 8) { return other("audio (WAV)") }
        if starts([0x00, 0x00, 0x01, 0xBA]) || starts([0x00, 0x00, 0x01, 0xB3]) { return other("video (MPEG)") }
        if ascii("8BPS") { return image("Photoshop document") }
        if ascii("BM"), bytes.count >= 18, [12, 40, 52, 56, 108, 124].contains(Int(bytes[14])), bytes[15] == 0 { return image("BMP") }
        if ascii("%PDF") { return other("PDF document") }
        if starts([0x50, 0x4B, 0x03, 0x04]) { return other("ZIP archive") }
        if ascii("ID3") { return other("audio (MP3)") }
        if isText(bytes) {
            let start = String(decoding: bytes, as: UTF8.self).drop { $0.isWhitespace }.prefix(14).lowercased()
            let html = start.hasPrefix("<!doctype html") || start.hasPrefix("<html")
            return NonPhotoFile(name: html ? "web page (HTML)" : "text file", isImage: false, isText: true)
        }
        return nil
    }

    /// Whether `bytes` read as text: UTF-8 (a character may be cut at the end) with no control
    /// characters but tab, line feed, form feed and carriage return.
    static func isText(_ bytes: [UInt8]) -> Bool {
        guard !bytes.isEmpty else { return false }
        if bytes.contains(where: { $0 < 0x20 && ![0x09, 0x0A, 0x0C, 0x0D].contains($0) || $0 == 0x7F }) { return false }
        // Up to 3 trailing bytes may be a character cut by the sniff length.
        for cut in 0...min(3, bytes.count - 1) where String(validating: bytes.dropLast(cut), as: UTF8.self) != nil {
            return true
        }
        return false
    }

    /// Sidecars cameras and photo apps put beside photos, by name: THM (a camera's thumbnail of a
    /// video), AAE (Apple's edit list), XMP, and the edit files of a few raw developers.
    public static func isSidecar(name: String) -> Bool {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
        return ["thm", "aae", "xmp", "pp3", "dop", "on1", "lrv"].contains(name[name.index(after: dot)...].lowercased())
    }
}
