/// Why a photo's metadata was not written back. Every case names the file; the original is
/// untouched whenever one of these is thrown.
public enum WriteBackError: Error, Equatable, CustomStringConvertible {
    /// The file could not be opened, read or examined.
    case unreadable(path: String, reason: String)
    /// The file's bytes do not start with a JPEG's SOI marker.
    case notJPEG(path: String, startsWith: String)
    /// The marker segments before the image data are damaged (no SOS, a truncated segment).
    case brokenJPEG(path: String, reason: String)
    /// The file, or the folder that holds it, may not be written.
    case readOnly(path: String, reason: String)
    /// The EXIF block would not fit in one APP1 segment (64 KB), even without its thumbnail.
    case exifTooLarge(path: String, bytes: Int)
    /// libexif found the file's EXIF damaged: rewriting it would lose part of it.
    case damagedEXIF(path: String, reason: String)
    /// The maker note could not be kept byte for byte where the rewritten EXIF puts it.
    case makerNoteNotKept(path: String, reason: String)
    /// A value in the changes cannot be written (a date not in EXIF form, say).
    case invalidValue(path: String, reason: String)
    /// An existing XMP sidecar is not valid XML or not an XMP packet.
    case invalidSidecar(path: String, reason: String)
    /// The file changed on disk while it was being rewritten.
    case changedMeanwhile(path: String)
    /// Writing the new file failed (disk full, I/O error…); the original is unchanged.
    case writeFailed(path: String, reason: String)

    /// The file the error is about.
    public var path: String {
        switch self {
        case .unreadable(let path, _), .notJPEG(let path, _), .brokenJPEG(let path, _),
             .readOnly(let path, _), .exifTooLarge(let path, _), .damagedEXIF(let path, _),
             .makerNoteNotKept(let path, _),
             .invalidValue(let path, _), .invalidSidecar(let path, _), .changedMeanwhile(let path),
             .writeFailed(let path, _):
            return path
        }
    }

    public var description: String {
        let file = PathBytes.display(path)
        switch self {
        case .unreadable(_, let reason): return "\(file): cannot read: \(reason)"
        case .notJPEG(_, let start): return "\(file): not a JPEG file (starts with \(start))"
        case .brokenJPEG(_, let reason): return "\(file): broken JPEG structure: \(reason)"
        case .readOnly(_, let reason): return "\(file): \(reason)"
        case .exifTooLarge(_, let bytes):
            return "\(file): the EXIF block would take \(bytes) bytes, more than one JPEG segment holds (65,533)"
        case .damagedEXIF(_, let reason): return "\(file): its EXIF is damaged, not rewritten (\(reason))"
        case .makerNoteNotKept(_, let reason): return "\(file): its maker note cannot be kept as it was, not rewritten (\(reason))"
        case .invalidValue(_, let reason): return "\(file): \(reason)"
        case .invalidSidecar(_, let reason): return "\(file): sidecar left alone: \(reason)"
        case .changedMeanwhile: return "\(file): the file changed while it was being written; try again"
        case .writeFailed(_, let reason): return "\(file): cannot write: \(reason)"
        }
    }
}
