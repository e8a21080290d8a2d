/// Keeps a maker note readable after libexif moved it.
///
/// libexif copies the maker note as its bytes (`DONT_CHANGE_MAKER_NOTE`), but saves it at
/// another place in the TIFF stream. Many makers (Canon, Sony, Panasonic, Casio, older
/// Olympus, Konica Minolta…) store offsets in their maker note counted from the TIFF header,
/// not from the note itself, so a moved note points at the wrong bytes. As exiftool does
/// when it relocates a maker note, the note's IFD is found, and when its out-of-line values
/// lie inside the note counted from the TIFF header, each offset is moved by the distance
/// the note moved (and so is Canon's footer, which records where the note was). Notes with
/// their own TIFF header (Nikon type 3, newer Olympus, Fujifilm, Apple) or with offsets
/// counted from the note itself need nothing and are left alone.
enum MakerNoteOffsets {
    static let tag: UInt16 = 0x927C

    /// Fixes the maker note in `saved` ("Exif\0\0" + TIFF, as libexif wrote it) from where it
    /// was in `original` (the same form, as the file had it), where its data took `length`
    /// bytes (`MakerNoteExtent`). False when the saved note is not the original's `length`
    /// bytes, apart from the offsets moved here: writing it would change the note.
    static func fix(_ saved: inout [UInt8], original: UnsafeRawBufferPointer, length: Int) -> Bool {
        let header = EXIFReader.signature.count
        guard original.count > header + 8 else { return true }
        let old = UnsafeRawBufferPointer(rebasing: original[header...])
        guard let oldNote = location(in: old) else { return true }
        guard saved.count > header + 8, oldNote.0 + length <= old.count else { return false }
        let (newNote, littleEndian) = saved.withUnsafeBytes { raw -> ((Int, Int)?, Bool) in
            let tiff = UnsafeRawBufferPointer(rebasing: raw[header...])
            return (location(in: tiff), TIFFReader(tiff)?.littleEndian ?? false)
        }
        guard let newNote, newNote.1 == length else { return false }
        var expected = Array(old[oldNote.0..<(oldNote.0 + length)])
        for patch in newNote.0 == oldNote.0 ? [] : patches(old, note: oldNote, movedTo: newNote.0, littleEndian: littleEndian) {
            let v = patch.value
            let bytes = patch.littleEndian
                ? [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24)]
                : [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
            guard patch.at + 4 <= length else { continue }
            expected.replaceSubrange(patch.at..<(patch.at + 4), with: bytes)
        }
        let at = header + newNote.0
        saved.replaceSubrange(at..<(at + length), with: expected)
        return true
    }

    /// The offsets (from the note's start) to rewrite, and their new values, when the note at
    /// `note` in `old` moves to `newOffset`.
    private static func patches(_ old: UnsafeRawBufferPointer, note location: (Int, Int), movedTo newOffset: Int,
                                littleEndian: Bool) -> [(at: Int, value: UInt32, littleEndian: Bool)] {
        let delta = newOffset - location.0
        let note = UnsafeRawBufferPointer(rebasing: old[location.0..<(location.0 + location.1)])
        guard let ifd = tiffRelativeIFD(in: note, noteOffset: location.0, littleEndian: littleEndian) else { return [] }
        var patches = ifd.offsets.map { (at: $0.at, value: UInt32(Int($0.value) + delta), littleEndian: ifd.littleEndian) }
        // Readers take the base of the offsets from Canon's footer, so it moves with them (also
        // when a program before us moved the note without fixing it: the skew stays as it was).
        if !patches.isEmpty, let footer = footer(note), footer.recorded + delta >= 0 {
            patches.append((footer.at, UInt32(footer.recorded + delta), footer.littleEndian))
        }
        return patches
    }

    /// (offset, size) of the maker note in a TIFF stream, from the EXIF IFD's 0x927C entry.
    static func location(in tiff: UnsafeRawBufferPointer) -> (Int, Int)? {
        guard let reader = TIFFReader(tiff), let ifd0 = reader.u32(4),
              let exifIFD = entryValue(reader, ifd: Int(ifd0), tag: 0x8769)?.value,
              let note = entryValue(reader, ifd: Int(exifIFD), tag: tag), note.count > 4,
              Int(note.value) + note.count <= tiff.count else { return nil }
        return (Int(note.value), note.count)
    }

    /// The value/offset field and the byte count of `tag` in the IFD at `ifd`.
    private static func entryValue(_ reader: TIFFReader, ifd: Int, tag: UInt16) -> (value: UInt32, count: Int)? {
        guard let n = reader.u16(ifd) else { return nil }
        for i in 0..<Int(n) {
            let entry = ifd + 2 + 12 * i
            guard let t = reader.u16(entry), let type = reader.u16(entry + 2), let count = reader.u32(entry + 4),
                  let value = reader.u32(entry + 8) else { return nil }
            if t == tag { return (value, Int(count) * typeSize(type)) }
        }
        return nil
    }

    /// Canon's footer, in a note's last 8 bytes: "II*\0" or "MM\0*", then where the note was
    /// (from the TIFF header) when its offsets were written.
    static func footer(_ note: UnsafeRawBufferPointer) -> (at: Int, recorded: Int, littleEndian: Bool)? {
        guard note.count >= 8 else { return nil }
        let at = note.count - 8
        let mark = Array(note[at..<(at + 4)])
        let littleEndian: Bool
        switch mark {
        case [0x49, 0x49, 0x2A, 0x00]: littleEndian = true
        case [0x4D, 0x4D, 0x00, 0x2A]: littleEndian = false
        default: return nil
        }
        guard let recorded = read32(note, at + 4, littleEndian) else { return nil }
        return (at + 4, Int(recorded), littleEndian)
    }

    /// An IFD inside `note` whose out-of-line values (three in four at least) start inside the
    /// note when counted from the TIFF header: the places (from the note's start) of those
    /// offsets, their values and the byte counts they point at, the IFD's byte order, and
    /// `skew`, how far past the data the values point (a program before us moved the note
    /// without fixing them; Canon's footer says where it was).
    static func tiffRelativeIFD(in note: UnsafeRawBufferPointer, noteOffset: Int, littleEndian: Bool)
        -> (offsets: [(at: Int, value: UInt32, length: Int)], littleEndian: Bool, skew: Int)? {
        let recorded = footer(note)?.recorded ?? noteOffset
        for base in recorded == noteOffset ? [noteOffset] : [recorded, noteOffset] {
            if let found = tiffRelativeIFD(in: note, base: base, littleEndian: littleEndian) {
                return (found.offsets, found.littleEndian, base - noteOffset)
            }
        }
        return nil
    }

    /// `tiffRelativeIFD` for values counted as if the note started at `base`.
    private static func tiffRelativeIFD(in note: UnsafeRawBufferPointer, base noteOffset: Int, littleEndian: Bool)
        -> (offsets: [(at: Int, value: UInt32, length: Int)], littleEndian: Bool)? {
        if [Array("Nikon\0\u{2}".utf8), Array("OLYMPUS\0".utf8), Array("OM SYSTEM".utf8), Array("FUJIFILM".utf8),
            Array("Apple iOS".utf8)].contains(where: { note.starts(with: $0) }) { return nil }
        for start in [0, 6, 8, 10, 12, 14, 18] {
            for order in [littleEndian, !littleEndian] {
                guard let n = read16(note, start, order), (1...512).contains(n), start + 2 + 12 * Int(n) <= note.count
                else { continue }
                var outOfLine: [(at: Int, value: UInt32, length: Int)] = []
                var valid = true
                for i in 0..<Int(n) {
                    let entry = start + 2 + 12 * i
                    guard let type = read16(note, entry + 2, order), (1...13).contains(type),
                          let count = read32(note, entry + 4, order), let value = read32(note, entry + 8, order) else {
                        valid = false
                        break
                    }
                    let length = Int(count) * typeSize(type)
                    if length > 4 { outOfLine.append((entry + 8, value, length)) }
                }
                // Cameras often declare the note a little shorter than the data it points at:
                // values that start inside it, or go on from those, count.
                let inside = MakerNoteExtent.belonging(outOfLine.map { (Int($0.value), $0.length) },
                                                       note: noteOffset, size: note.count).indices.map { outOfLine[$0] }
                // Offsets counted from elsewhere (the note itself, say) are not ours to move.
                if valid, !inside.isEmpty, inside.count * 4 >= outOfLine.count * 3 { return (inside, order) }
            }
        }
        return nil
    }

    static func typeSize(_ type: UInt16) -> Int {
        switch type {
        case 1, 2, 6, 7: 1
        case 3, 8: 2
        case 4, 9, 11, 13: 4
        case 5, 10, 12: 8
        default: 0
        }
    }

    static func read16(_ b: UnsafeRawBufferPointer, _ at: Int, _ littleEndian: Bool) -> UInt16? {
        guard at >= 0, at + 2 <= b.count else { return nil }
        return littleEndian ? UInt16(b[at]) | UInt16(b[at + 1]) << 8 : UInt16(b[at]) << 8 | UInt16(b[at + 1])
    }

    static func read32(_ b: UnsafeRawBufferPointer, _ at: Int, _ littleEndian: Bool) -> UInt32? {
        guard let a = read16(b, at, littleEndian), let c = read16(b, at + 2, littleEndian) else { return nil }
        return littleEndian ? UInt32(a) | UInt32(c) << 16 : UInt32(a) << 16 | UInt32(c)
    }
}
