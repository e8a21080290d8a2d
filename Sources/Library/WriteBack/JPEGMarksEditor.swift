/// Writes stars, reject, label and tags into a JPEG's own metadata, in memory: the embedded
/// XMP packet (APP1 "http://ns.adobe.com/xap/1.0/"), edited by the sidecar's editor so it
/// keeps everything else it holds, and the IPTC keywords (2:25) of the Photoshop APP13 segment,
/// whose other datasets and resources stay (its IPTC digest, resource 0x0425, goes: it would
/// no longer match). Every other byte is copied as it is. A missing segment is added after the
/// EXIF segment (or SOI and JFIF).
enum JPEGMarksEditor {
    static let xmpSignature = XMPDescriptionScanner.signature

    /// `bytes` with `changes.marks` written; `bytes` is a JPEG `JPEGLayout` accepted.
    static func apply(_ changes: MetadataChanges, to bytes: [UInt8], path: String) throws(WriteBackError) -> [UInt8] {
        guard let marks = changes.marks else { return bytes }
        var xmp: Range<Int>?, app13: Range<Int>?, afterEXIF = 2
        var pos = 2
        while pos + 4 <= bytes.count, bytes[pos] == 0xFF, bytes[pos + 1] != 0xDA {
            let end = pos + 2 + (Int(bytes[pos + 2]) << 8 | Int(bytes[pos + 3]))
            let payload = bytes[(pos + 4)..<min(end, bytes.count)]
            if bytes[pos + 1] == 0xE1, xmp == nil, payload.starts(with: xmpSignature) { xmp = pos..<end }
            if bytes[pos + 1] == 0xED, app13 == nil, payload.starts(with: IPTCReader.signature) { app13 = pos..<end }
            if bytes[pos + 1] == 0xE0 || (bytes[pos + 1] == 0xE1 && payload.starts(with: EXIFReader.signature)) { afterEXIF = end }
            pos = end
        }
        // The new XMP packet: the old one edited, or a new one.
        let oldPacket = xmp.map { Array(bytes[($0.lowerBound + 4 + xmpSignature.count)..<$0.upperBound]) }
        let packet = try XMPSidecar.updated(oldPacket, with: MetadataChanges(marks: marks), path: path)
        guard packet.count + xmpSignature.count + 2 <= 0xFFFF else {
            throw .writeFailed(path: path, reason: "its XMP packet would take \(packet.count) bytes, more than one JPEG segment holds")
        }
        let xmpSegment = segment(0xE1, xmpSignature + packet)
        let keywords = TagPath.unique(marks.tags.map(TagPath.leaf))
        let oldPhotoshop = app13.map { Array(bytes[($0.lowerBound + 4)..<$0.upperBound]) }
        let photoshop = (oldPhotoshop != nil || !keywords.isEmpty) ? photoshopPayload(oldPhotoshop, keywords: keywords) : nil
        guard photoshop.map({ $0.count + 2 <= 0xFFFF }) ?? true else {
            throw .writeFailed(path: path, reason: "its IPTC block would be more than one JPEG segment holds")
        }
        // Replace in place, or insert after EXIF; later ranges first so earlier offsets hold.
        var edits: [(range: Range<Int>, with: [UInt8])] = [(xmp ?? afterEXIF..<afterEXIF, xmpSegment)]
        if let photoshop { edits.append((app13 ?? afterEXIF..<afterEXIF, segment(0xED, photoshop))) }
        var out = bytes
        for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            out.replaceSubrange(edit.range, with: edit.with)
        }
        return out
    }

    static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        let length = payload.count + 2
        return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    }

    /// The APP13 payload with its IIM's keywords replaced by `keywords`.
    static func photoshopPayload(_ old: [UInt8]?, keywords: [String]) -> [UInt8] {
        photoshopPayload(old) { iimWithKeywords($0, keywords) }
    }

    /// The APP13 payload with its IIM datasets (resource 0x0404, empty when absent) made by
    /// `editIIM`; the IPTC digest (0x0425) goes, every other resource stays.
    static func photoshopPayload(_ old: [UInt8]?, editIIM: ([UInt8]) -> [UInt8]) -> [UInt8] {
        var resources: [(id: Int, name: ArraySlice<UInt8>, data: [UInt8])] = []
        if let old {
            var p = IPTCReader.signature.count
            while p + 12 <= old.count, old[p..<p + 4].elementsEqual(Array("8BIM".utf8)) {
                let id = Int(old[p + 4]) << 8 | Int(old[p + 5])
                var nameField = 1 + Int(old[p + 6])
                if nameField & 1 == 1 { nameField += 1 }
                let sizeAt = p + 6 + nameField
                guard sizeAt + 4 <= old.count else { break }
                let size = Int(old[sizeAt]) << 24 | Int(old[sizeAt + 1]) << 16 | Int(old[sizeAt + 2]) << 8 | Int(old[sizeAt + 3])
                let start = sizeAt + 4
                guard start + size <= old.count else { break }
                resources.append((id, old[(p + 6)..<sizeAt], Array(old[start..<start + size])))
                p = start + size + (size & 1)
            }
        }
        resources.removeAll { $0.id == 0x0425 }
        let iim = editIIM(resources.first { $0.id == 0x0404 }?.data ?? [])
        if let index = resources.firstIndex(where: { $0.id == 0x0404 }) {
            resources[index].data = iim
        } else {
            resources.append((0x0404, [0, 0], iim))
        }
        var out = IPTCReader.signature
        for resource in resources {
            out += Array("8BIM".utf8) + [UInt8(resource.id >> 8), UInt8(resource.id & 0xFF)] + resource.name
            let size = resource.data.count
            out += [UInt8(size >> 24 & 0xFF), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)]
            out += resource.data
            if size & 1 == 1 { out.append(0) }
        }
        return out
    }

    /// IIM datasets with every 2:25 dropped and `keywords` added (UTF-8, declared by 1:90).
    private static func iimWithKeywords(_ old: [UInt8], _ keywords: [String]) -> [UInt8] {
        var (kept, declaresUTF8) = iim(old, dropping: { $0 == 2 && $1 == 25 })
        if !declaresUTF8, keywords.contains(where: { $0.utf8.contains { $0 >= 0x80 } }) {
            kept = [0x1C, 1, 90, 0, 3, 0x1B, 0x25, 0x47] + kept
        }
        for keyword in keywords {
            var cut = keyword   // IPTC allows 64 bytes; cut at a character
            while cut.utf8.count > 64 { cut.removeLast() }
            let value = Array(cut.utf8)
            kept += [0x1C, 2, 25, UInt8(value.count >> 8), UInt8(value.count & 0xFF)] + value
        }
        return kept
    }

    /// IIM datasets without those `drop` names by record and dataset number, and whether they
    /// declare UTF-8 (1:90).
    static func iim(_ old: [UInt8], dropping drop: (UInt8, UInt8) -> Bool) -> (kept: [UInt8], declaresUTF8: Bool) {
        var kept: [UInt8] = []
        var declaresUTF8 = false
        var q = 0
        while q + 5 <= old.count, old[q] == 0x1C {
            let (record, dataset) = (old[q + 1], old[q + 2])
            var length = Int(old[q + 3]) << 8 | Int(old[q + 4])
            var start = q + 5
            if length & 0x8000 != 0 {
                let count = length & 0x7FFF
                guard count >= 1, count <= 4, start + count <= old.count else { break }
                length = old[start..<start + count].reduce(0) { $0 << 8 | Int($1) }
                start += count
            }
            let end = min(start + length, old.count)
            if record == 1, dataset == 90 { declaresUTF8 = old[start..<end].starts(with: [0x1B, 0x25, 0x47]) }
            if !drop(record, dataset) { kept += old[q..<end] }
            q = end
        }
        return (kept, declaresUTF8)
    }
}
