/// How far a maker note's data really reaches.
///
/// Cameras do not always declare their maker note as long as it is: Nikon's COOLPIX P6000
/// declares 3,298 bytes, but the end of its NEFBitDepth value and its (empty) NikonScanIFD lie
/// in the 10 bytes after; Sigma's last strings go on past its end. libexif copies the declared
/// bytes only, so once the note has moved, those pointers read whatever follows it in the new
/// file. The note's IFD, and the sub-IFDs it points at, say how far it reaches; `EXIFEditor`
/// copies that much so all of it moves together.
enum MakerNoteExtent {
    /// Where a note's IFD is and what its offsets count from (both from the TIFF header).
    private struct Layout {
        var ifd: Int
        var base: Int
        var littleEndian: Bool
        /// Tags whose single LONG value is the offset of a sub-IFD (type 13 entries always are).
        var subIFDTags: Set<UInt16> = []
    }

    private static let olympusSubIFDs: Set<UInt16> = [0x2010, 0x2020, 0x2030, 0x2031, 0x2040, 0x2050, 0x3000]

    /// The note's length from its start to the end of the data its IFDs point at that goes on
    /// from it (`belonging`), never less than `size`. Data placed outside `tiff` does not count
    /// (a damaged note stays as damaged as it was), nor does data elsewhere in the EXIF block.
    static func length(in tiff: UnsafeRawBufferPointer, note offset: Int, size: Int, littleEndian: Bool) -> Int {
        guard offset >= 0, size > 0, offset + size <= tiff.count else { return size }
        let note = UnsafeRawBufferPointer(rebasing: tiff[offset..<(offset + size)])
        if let layout = layout(note, at: offset) {
            var pieces: [(start: Int, length: Int)] = []
            collect(tiff, ifd: layout.ifd, layout: layout, depth: 0, into: &pieces)
            return belonging(pieces.filter { $0.start + $0.length <= tiff.count }, note: offset, size: size).end - offset
        }
        // Offsets counted from the TIFF header: those that start inside the note move with it.
        guard let ifd = MakerNoteOffsets.tiffRelativeIFD(in: note, noteOffset: offset, littleEndian: littleEndian)
        else { return size }
        let ends = ifd.offsets.map { Int($0.value) - ifd.skew + $0.length }.filter { $0 <= tiff.count }
        return max(size, (ends.max() ?? 0) - offset)
    }

    /// The layout of a note that starts with its own header, from its first bytes.
    private static func layout(_ note: UnsafeRawBufferPointer, at offset: Int) -> Layout? {
        func order(_ at: Int) -> Bool? {
            guard at + 2 <= note.count else { return nil }
            switch (note[at], note[at + 1]) {
            case (0x49, 0x49): return true
            case (0x4D, 0x4D): return false
            default: return nil
            }
        }
        if note.starts(with: Array("Nikon\0\u{2}".utf8)), let le = order(10),
           let first = MakerNoteOffsets.read32(note, 14, le) {
            return Layout(ifd: offset + 10 + Int(first), base: offset + 10, littleEndian: le, subIFDTags: [0x0011, 0x0E10])
        }
        if note.starts(with: Array("OLYMPUS\0".utf8)), let le = order(8) {
            return Layout(ifd: offset + 12, base: offset, littleEndian: le, subIFDTags: olympusSubIFDs)
        }
        if note.starts(with: Array("OM SYSTEM\0".utf8)), let le = order(12) {
            return Layout(ifd: offset + 16, base: offset, littleEndian: le, subIFDTags: olympusSubIFDs)
        }
        if note.starts(with: Array("FUJIFILM".utf8)), let first = MakerNoteOffsets.read32(note, 8, true) {
            return Layout(ifd: offset + Int(first), base: offset, littleEndian: true)
        }
        if note.starts(with: Array("Apple iOS\0".utf8)) {
            return Layout(ifd: offset + 14, base: offset, littleEndian: false)
        }

        return nil
    }

    /// Which of `pieces` (start and byte count, from the TIFF header) belong to the note at
    /// `offset`, `size` bytes long: those that start inside it, inside a piece that belongs, or
    /// at most 3 bytes (padding) after the end of those; and where the last of them ends.
    static func belonging(_ pieces: [(start: Int, length: Int)], note offset: Int, size: Int) -> (indices: [Int], end: Int) {
        var end = offset + size
        var indices: [Int] = []
        for i in pieces.indices.sorted(by: { pieces[$0].start < pieces[$1].start })
        where pieces[i].start >= offset && pieces[i].start <= end + 3 {
            indices.append(i)
            end = max(end, pieces[i].start + pieces[i].length)
        }
        return (indices.sorted(), end)
    }

    /// The most pieces `collect` gathers: sub-IFDs pointing at sub-IFDs cannot make it slow.
    private static let maxPieces = 4096

    /// The IFD at `ifd`, its out-of-line values and its sub-IFDs as pieces (from the TIFF header).
    private static func collect(_ tiff: UnsafeRawBufferPointer, ifd: Int, layout: Layout, depth: Int,
                                into pieces: inout [(start: Int, length: Int)]) {
        let le = layout.littleEndian
        guard ifd >= 0, pieces.count < maxPieces, let n = MakerNoteOffsets.read16(tiff, ifd, le), n <= 1000 else { return }
        pieces.append((ifd, 2 + 12 * Int(n) + 4))
        for i in 0..<Int(n) where pieces.count < maxPieces {
            let entry = ifd + 2 + 12 * i
            guard let tag = MakerNoteOffsets.read16(tiff, entry, le), let type = MakerNoteOffsets.read16(tiff, entry + 2, le),
                  let count = MakerNoteOffsets.read32(tiff, entry + 4, le), let value = MakerNoteOffsets.read32(tiff, entry + 8, le)
            else { continue }
            let bytes = Int(count) * MakerNoteOffsets.typeSize(type)
            let start = layout.base + Int(value)
            if bytes > 4 { pieces.append((start, bytes)) }
            let isSubIFD = type == 13 || (type == 4 && layout.subIFDTags.contains(tag))
            if isSubIFD, count == 1, depth < 3, start != ifd {
                collect(tiff, ifd: start, layout: layout, depth: depth + 1, into: &pieces)
            }
        }
    }
}
