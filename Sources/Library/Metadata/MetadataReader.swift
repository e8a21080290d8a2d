/// Reads `Metadata` from the bytes of a JPEG file.
///
/// Walks the JPEG marker segments from SOI to SOS itself and hands each metadata segment to
/// its reader: APP1 "Exif\0\0" → `EXIFReader` (libexif), APP1 XMP → `XMPDescriptionScanner`,
/// APP13 "Photoshop 3.0\0" → `IPTCReader`. A missing or truncated frame header (SOFn) before
/// the scan is noted in `warnings`.
///
/// The input is untrusted: junk and fill bytes between markers, truncated segments and bogus
/// lengths are tolerated and noted in `warnings`. Every read is bounds-checked, every loop step
/// moves forward, and the walk ends at SOS, EOI or the end of the buffer, so the work is linear
/// in the bytes before the first scan. The buffer is never copied.
public enum MetadataReader {
    /// Reads EXIF (libexif via the `CExif` module), XMP and IPTC from JPEG bytes.
    public static func read(_ bytes: UnsafeRawBufferPointer) -> Metadata {
        var metadata = Metadata()
        let n = bytes.count
        guard n >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else {
            metadata.warnings.append("not a JPEG file (no SOI marker)")
            return metadata
        }
        var state = WalkState()
        var pos = 2
        walk: while pos < n {
            // Find the next 0xFF; anything before it is junk.
            if bytes[pos] != 0xFF {
                let junkStart = pos
                pos = nextFF(bytes, from: pos) ?? n
                state.junkBytes += pos - junkStart
                continue
            }
            // Skip fill bytes.
            var markerAt = pos + 1
            while markerAt < n, bytes[markerAt] == 0xFF { markerAt += 1 }
            guard markerAt < n else { break }
            let marker = bytes[markerAt]
            pos = markerAt + 1
            switch marker {
            case 0x00:
                state.junkBytes += 2  // stuffed byte outside entropy data
                continue
            case 0x01, 0xD0...0xD8:
                continue  // standalone markers (TEM, RSTn, a stray SOI)
            case 0xD9:
                metadata.warnings.append("EOI before any image scan")
                break walk
            case 0xDA:
                state.reachedScan = true
                break walk
            default:
                break
            }
            guard pos + 2 <= n else {
                metadata.warnings.append("segment \(name(marker)) truncated at end of file")
                break
            }
            let length = Int(bytes[pos]) << 8 | Int(bytes[pos + 1])
            guard length >= 2 else {
                metadata.warnings.append("segment \(name(marker)) has bogus length \(length)")
                continue  // resync: scan on for the next marker
            }
            let start = pos + 2
            let declaredEnd = pos + length
            if declaredEnd > n {
                metadata.warnings.append("segment \(name(marker)) runs past end of file")
            }
            let payload = UnsafeRawBufferPointer(rebasing: bytes[start..<min(declaredEnd, n)])
            handle(marker: marker, payload: payload, at: start, file: bytes, state: &state, into: &metadata)
            pos = declaredEnd
        }
        if state.junkBytes > 0 {
            metadata.warnings.append("\(state.junkBytes) junk bytes between markers")
        }
        if !state.sawFrame {
            metadata.warnings.append("no frame header (SOF) before the image data")
        }
        return metadata
    }

    /// What the walk has found so far.
    private struct WalkState {
        var junkBytes = 0
        var sawEXIF = false
        var sawXMP = false
        var sawIPTC = false
        var sawFrame = false
        var reachedScan = false
    }

    private static func handle(marker: UInt8, payload: UnsafeRawBufferPointer, at offset: Int,
                               file: UnsafeRawBufferPointer, state: inout WalkState,
                               into metadata: inout Metadata) {
        switch marker {
        case 0xE1:
            if !state.sawEXIF, payload.starts(with: EXIFReader.signature) {
                state.sawEXIF = true
                EXIFReader.read(payload: payload, payloadOffset: offset, file: file, into: &metadata)
            } else if !state.sawXMP, payload.starts(with: XMPDescriptionScanner.signature) {
                state.sawXMP = true
                let packet = UnsafeRawBufferPointer(
                    rebasing: payload[XMPDescriptionScanner.signature.count...])
                metadata.xmpPacket = (offset + XMPDescriptionScanner.signature.count)..<(offset + payload.count)
                metadata.readXMP(packet)
            }
        case 0xED:
            if !state.sawIPTC, payload.starts(with: IPTCReader.signature) {
                let caption = IPTCReader.caption(inPhotoshopSegment: payload, keywords: &metadata.iptcKeywords,
                                                 warnings: &metadata.warnings)
                if let caption { metadata.iptcCaption = caption }
                state.sawIPTC = caption != nil || !metadata.iptcKeywords.isEmpty
            }
        case 0xC0...0xCF where marker != 0xC4 && marker != 0xC8 && marker != 0xCC:
            guard !state.sawFrame else { return }
            state.sawFrame = true
            if payload.count < 5 { metadata.warnings.append("frame header truncated") }
        default:
            break
        }
    }

    /// "FFE1" for marker 0xE1.
    private static func name(_ marker: UInt8) -> String {
        let hex = String(marker, radix: 16, uppercase: true)
        return "FF" + (hex.count < 2 ? "0" + hex : hex)
    }

    private static func nextFF(_ bytes: UnsafeRawBufferPointer, from: Int) -> Int? {
        guard from < bytes.count else { return nil }
        return bytes[from...].firstIndex(of: 0xFF)
    }
}
