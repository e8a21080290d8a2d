/// Reads the IPTC-IIM caption (2:120 Caption-Abstract) and keywords (2:25) from a Photoshop
/// APP13 segment.
///
/// Layout: "Photoshop 3.0\0", then image resource blocks ("8BIM", id, padded Pascal name,
/// 32-bit size, data padded to even). Resource 0x0404 holds IIM datasets: 0x1C, record,
/// dataset, 16-bit size (or an extended size when the top bit is set), value.
enum IPTCReader {
    static let signature: [UInt8] = Array("Photoshop 3.0\0".utf8)

    /// The cleaned caption, or `nil`. `payload` is the APP13 segment payload, signature included.
    static func caption(inPhotoshopSegment payload: UnsafeRawBufferPointer, keywords: inout [String],
                        warnings: inout [String]) -> String? {
        let n = payload.count
        var p = signature.count
        guard n >= p else { return nil }
        while p + 12 <= n {
            let sig = (payload[p], payload[p + 1], payload[p + 2], payload[p + 3])
            guard isResourceSignature(sig) else {
                if sig != (0, 0, 0, 0) { warnings.append("IPTC: unknown Photoshop resource signature") }
                return nil
            }
            let id = Int(payload[p + 4]) << 8 | Int(payload[p + 5])
            let nameLength = Int(payload[p + 6])
            var nameField = 1 + nameLength
            if nameField & 1 == 1 { nameField += 1 }
            let sizeAt = p + 6 + nameField
            guard sizeAt + 4 <= n else {
                warnings.append("IPTC: truncated Photoshop resource")
                return nil
            }
            let size = Int(payload[sizeAt]) << 24 | Int(payload[sizeAt + 1]) << 16
                | Int(payload[sizeAt + 2]) << 8 | Int(payload[sizeAt + 3])
            let dataStart = sizeAt + 4
            let dataEnd = min(dataStart + size, n)
            if dataStart + size > n { warnings.append("IPTC: Photoshop resource runs past its segment") }
            if id == 0x0404 {
                let iim = UnsafeRawBufferPointer(rebasing: payload[dataStart..<dataEnd])
                if let caption = captionInIIM(iim, keywords: &keywords, warnings: &warnings) { return caption }
            }
            p = dataStart + size + (size & 1)
        }
        return nil
    }

    private static func isResourceSignature(_ s: (UInt8, UInt8, UInt8, UInt8)) -> Bool {
        switch s {
        case (0x38, 0x42, 0x49, 0x4D),  // 8BIM
             (0x50, 0x48, 0x55, 0x54),  // PHUT
             (0x41, 0x67, 0x48, 0x67),  // AgHg
             (0x44, 0x43, 0x53, 0x52),  // DCSR
             (0x4D, 0x65, 0x53, 0x61):  // MeSa
            return true
        default:
            return false
        }
    }

    /// Walks IIM datasets; honours 1:90 (ESC % G = UTF-8) for the 2:120 value.
    static func captionInIIM(_ iim: UnsafeRawBufferPointer, keywords: inout [String], warnings: inout [String]) -> String? {
        MetadataBlocks.record(iptc: iim)
        var declaredUTF8 = false
        var captionRange: Range<Int>?
        var keywordRanges: [Range<Int>] = []
        forEachDataset(in: iim, warnings: &warnings) { record, dataset, range in
            if record == 1, dataset == 90 {
                declaredUTF8 = isUTF8Declaration(UnsafeRawBufferPointer(rebasing: iim[range]))
            } else if record == 2, dataset == 120, captionRange == nil {
                captionRange = range
            } else if record == 2, dataset == 25, keywordRanges.count < 1000 {
                keywordRanges.append(range)
            }
        }
        func text(_ range: Range<Int>) -> String? {
            let value = UnsafeRawBufferPointer(rebasing: iim[range])
            return MetadataText.clean(declaredUTF8 ? MetadataText.decodeUTF8Lossy(value) : MetadataText.decodeUTF8OrLatin1(value))
        }
        keywords += keywordRanges.compactMap(text)
        return captionRange.flatMap(text)
    }

    /// Whether a 1:90 CodedCharacterSet value says UTF-8 (ESC % G).
    static func isUTF8Declaration(_ value: UnsafeRawBufferPointer) -> Bool {
        value.count >= 3 && value[0] == 0x1B && value[1] == 0x25 && value[2] == 0x47
    }

    /// Calls `body` with each dataset's record, number and value range in `iim`, in order;
    /// stops at the first thing that is not a dataset, noting it in `warnings`.
    static func forEachDataset(in iim: UnsafeRawBufferPointer, warnings: inout [String],
                               _ body: (_ record: UInt8, _ dataset: UInt8, _ value: Range<Int>) -> Void) {
        let n = iim.count
        var q = 0
        while q + 5 <= n {
            guard iim[q] == 0x1C else {
                if iim[q] != 0 { warnings.append("IPTC: dataset marker missing") }
                break
            }
            let record = iim[q + 1]
            let dataset = iim[q + 2]
            var length = Int(iim[q + 3]) << 8 | Int(iim[q + 4])
            var valueStart = q + 5
            if length & 0x8000 != 0 {
                let count = length & 0x7FFF
                guard count >= 1, count <= 4, valueStart + count <= n else {
                    warnings.append("IPTC: bad extended dataset length")
                    break
                }
                length = 0
                for i in 0..<count { length = length << 8 | Int(iim[valueStart + i]) }
                valueStart += count
            }
            let valueEnd = min(valueStart + length, n)
            if valueStart + length > n { warnings.append("IPTC: dataset runs past its resource") }
            body(record, dataset, valueStart..<valueEnd)
            q = valueStart + length
        }
    }
}
