/// Where the metadata segments of a JPEG file lie, checked strictly enough to rewrite one of
/// them and copy every other byte as it is.
///
/// Unlike `MetadataReader`, which tolerates junk for reading, this walk refuses anything it
/// cannot account for: bytes between segments that are not markers, a segment running past
/// the end of the file, EOI before the image data, no SOS at all.
struct JPEGLayout: Equatable {
    /// The first APP1 "Exif\0\0" segment, marker included (FF E1 len … payload).
    var exifSegment: Range<Int>?
    /// Where a new EXIF segment goes when there is none: after SOI and a JFIF/JFXX APP0.
    var insertionPoint: Int
    /// Start of the SOS marker: everything from here on is the image data.
    var scanStart: Int

    /// The EXIF payload ("Exif\0\0" + TIFF) of `exifSegment`.
    var exifPayload: Range<Int>? { exifSegment.map { ($0.lowerBound + 4)..<$0.upperBound } }

    enum Problem: Error, Equatable {
        case notJPEG(startsWith: String)
        case broken(String)
    }

    init(_ bytes: UnsafeRawBufferPointer) throws(Problem) {
        let n = bytes.count
        guard n >= 3, bytes[0] == 0xFF, bytes[1] == 0xD8, bytes[2] == 0xFF else {
            throw .notJPEG(startsWith: bytes.prefix(4).map { hex($0) }.joined(separator: " "))
        }
        var exif: Range<Int>?
        var insertion = 2
        var onlyAPP0SoFar = true
        var pos = 2
        var scan = 0
        walk: while true {
            guard pos < n else { throw .broken("no image data (SOS) before the end of the file") }
            guard bytes[pos] == 0xFF else {
                throw .broken("unexpected byte 0x\(hex(bytes[pos])) at offset \(pos) where a marker should be")
            }
            var markerAt = pos + 1
            while markerAt < n, bytes[markerAt] == 0xFF { markerAt += 1 }  // fill bytes
            guard markerAt < n else { throw .broken("no image data (SOS) before the end of the file") }
            let marker = bytes[markerAt]
            switch marker {
            case 0x01, 0xD0...0xD7:
                pos = markerAt + 1
                continue
            case 0x00, 0xD8:
                throw .broken("marker FF\(hex(marker)) at offset \(markerAt) inside the header")
            case 0xD9:
                throw .broken("end of image (EOI) at offset \(markerAt) before any image data")
            default:
                break
            }
            guard markerAt + 2 < n else { throw .broken("segment FF\(hex(marker)) at offset \(markerAt) truncated") }
            let length = Int(bytes[markerAt + 1]) << 8 | Int(bytes[markerAt + 2])
            let end = markerAt + 1 + length
            guard length >= 2, end <= n else {
                throw .broken("segment FF\(hex(marker)) at offset \(markerAt) runs past the end of the file")
            }
            if marker == 0xDA {
                scan = pos
                break walk
            }
            let payload = UnsafeRawBufferPointer(rebasing: bytes[(markerAt + 3)..<end])
            if marker == 0xE1, exif == nil, payload.starts(with: EXIFReader.signature) {
                exif = pos..<end
            }
            if marker == 0xE0, onlyAPP0SoFar,
               payload.starts(with: Array("JFIF\0".utf8)) || payload.starts(with: Array("JFXX\0".utf8)) {
                insertion = end
            } else {
                onlyAPP0SoFar = false
            }
            pos = end
        }
        // The image data ends with EOI (FF D9): inside it an FF is always followed by 00 or a
        // restart marker, so no EOI after SOS means the picture was cut off (a truncated copy).
        var hasEnd = false
        var index = n - 2
        while index > scan {
            if bytes[index] == 0xFF && bytes[index + 1] == 0xD9 {
                hasEnd = true
                break
            }
            index -= 1
        }
        guard hasEnd else { throw .broken("the image data has no end (EOI): the file is truncated") }
        exifSegment = exif
        insertionPoint = insertion
        scanStart = scan
    }
}

/// Two uppercase hex digits.
private func hex(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return digits.count < 2 ? "0" + digits : digits
}
