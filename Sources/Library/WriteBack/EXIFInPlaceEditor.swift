/// Applies `EXIFTagEdit`s to an EXIF payload ("Exif\0\0" + TIFF) without moving a byte that
/// is already in it, so every offset the file holds stays true: maker-note previews (Nikon's
/// PreviewIFD, Pentax's PreviewImageStart), uncompressed IFD1 thumbnails (StripOffsets),
/// data no reader knows. Empty and unknown tags are kept as they were.
///
/// A value of the same length is overwritten where it is; a longer or shorter one is
/// appended at the end and its entry pointed there. A directory that gains an entry is
/// written again at the end and its parent's pointer (or the TIFF header) moved to it. The
/// bytes a write leaves unused (an old value, an old directory, a cleared GPS IFD) are zeroed,
/// so a removed place does not linger in the file.
struct EXIFInPlaceEditor {
    private var tiff: [UInt8]
    private let littleEndian: Bool

    private struct Entry {
        var tag: UInt16
        var type: UInt16
        var count: UInt32
        /// The 4-byte value/offset field, as stored.
        var field: [UInt8]
    }

    private struct Directory {
        /// Where it is now (nil: a new one).
        var offset: Int?
        /// How many entries fit where it is.
        var slots: Int
        var entries: [Entry]
        /// The next-IFD field (IFD0 → IFD1), as stored.
        var next: [UInt8]
        var changed = false
    }

    /// `payload` with `edits` applied; nil when its TIFF structure cannot be followed (the
    /// caller then rewrites the block with libexif).
    static func apply(_ edits: [EXIFTagEdit], to payload: UnsafeRawBufferPointer) -> [UInt8]? {
        let header = EXIFReader.signature.count
        guard payload.count > header + 8, payload.starts(with: EXIFReader.signature) else { return nil }
        var editor = EXIFInPlaceEditor(tiff: Array(payload[header...]), littleEndian: payload[header] == 0x49)
        guard editor.u16(2) == 42, let result = editor.apply(edits) else { return nil }
        return EXIFReader.signature + result
    }

    private mutating func apply(_ edits: [EXIFTagEdit]) -> [UInt8]? {
        guard let ifd0Offset = u32(4), var ifd0 = readDirectory(at: Int(ifd0Offset)) else { return nil }
        var children: [EXIFTagEdit.Directory: Directory] = [:]
        for (kind, pointer) in [(EXIFTagEdit.Directory.exif, UInt16(0x8769)), (.gps, 0x8825)] {
            if let entry = ifd0.entries.first(where: { $0.tag == pointer }) {
                guard let child = readDirectory(at: Int(value(of: entry.field))) else { return nil }
                children[kind] = child
            } else {
                children[kind] = Directory(offset: nil, slots: 0, entries: [], next: [0, 0, 0, 0])
            }
        }
        for edit in edits {
            switch edit {
            case .set(.ifd0, let tag, let value, let onlyInNew):
                set(tag, value, in: &ifd0, onlyInNew: onlyInNew)
            case .set(let kind, let tag, let value, let onlyInNew):
                set(tag, value, in: &children[kind]!, onlyInNew: onlyInNew)
            case .removeAll(let kind):
                if kind == .ifd0 { return nil }
                for entry in children[kind]!.entries { release(entry) }
                children[kind]!.entries = []
                children[kind]!.changed = true
            }
        }
        for (kind, pointer) in [(EXIFTagEdit.Directory.exif, UInt16(0x8769)), (.gps, 0x8825)] {
            guard var child = children[kind], child.changed else { continue }
            if child.entries.isEmpty {
                if let offset = child.offset { zero(offset, 2 + 12 * child.slots + 4) }
                ifd0.entries.removeAll { $0.tag == pointer }
                ifd0.changed = true
                continue
            }
            let offset = write(&child)
            put(Entry(tag: pointer, type: 4, count: 1, field: EXIFTagValue.u32(UInt32(offset), littleEndian)), in: &ifd0)
        }
        if ifd0.changed {
            let offset = write(&ifd0)
            tiff.replaceSubrange(4..<8, with: EXIFTagValue.u32(UInt32(offset), littleEndian))
        }
        return tiff
    }

    // MARK: - Entries

    private mutating func set(_ tag: UInt16, _ value: EXIFTagValue, in directory: inout Directory, onlyInNew: Bool) {
        if onlyInNew, !directory.entries.isEmpty { return }
        let (type, count, bytes) = value.encoded(littleEndian: littleEndian)
        let old = directory.entries.first { $0.tag == tag }
        var field: [UInt8]
        if bytes.count <= 4 {
            field = bytes + [UInt8](repeating: 0, count: 4 - bytes.count)
        } else if let old, old.type == type, Int(old.count) == count, let at = dataOffset(of: old) {
            tiff.replaceSubrange(at..<(at + bytes.count), with: bytes)
            field = old.field
        } else {
            field = EXIFTagValue.u32(UInt32(append(bytes)), littleEndian)
        }
        if let old, dataOffset(of: old).map({ EXIFTagValue.u32(UInt32($0), littleEndian) }) != field { release(old) }
        put(Entry(tag: tag, type: type, count: UInt32(count), field: field), in: &directory)
    }

    /// Replaces or inserts `entry`, keeping the entries in tag order.
    private func put(_ entry: Entry, in directory: inout Directory) {
        directory.entries.removeAll { $0.tag == entry.tag }
        let index = directory.entries.firstIndex { $0.tag > entry.tag } ?? directory.entries.count
        directory.entries.insert(entry, at: index)
        directory.changed = true
    }

    /// Where an entry's out-of-line value lies (nil when it fits in its field or lies outside).
    private func dataOffset(of entry: Entry) -> Int? {
        let length = Int(entry.count) * MakerNoteOffsets.typeSize(entry.type)
        let at = Int(value(of: entry.field))
        guard length > 4, at >= 8, at + length <= tiff.count else { return nil }
        return at
    }

    /// Zeroes the value an entry no longer uses.
    private mutating func release(_ entry: Entry) {
        guard let at = dataOffset(of: entry) else { return }
        zero(at, Int(entry.count) * MakerNoteOffsets.typeSize(entry.type))
    }

    // MARK: - Directories

    private func readDirectory(at offset: Int) -> Directory? {
        guard offset >= 8, let n = u16(offset), n > 0 || offset != Int(u32(4) ?? 0), offset + 2 + 12 * Int(n) + 4 <= tiff.count else { return nil }
        let entries = (0..<Int(n)).map { i -> Entry in
            let at = offset + 2 + 12 * i
            return Entry(tag: u16(at)!, type: u16(at + 2)!, count: u32(at + 4)!, field: Array(tiff[(at + 8)..<(at + 12)]))
        }
        let end = offset + 2 + 12 * Int(n)
        return Directory(offset: offset, slots: Int(n), entries: entries, next: Array(tiff[end..<(end + 4)]))
    }

    /// Writes `directory` where it is when it fits, at the end otherwise; its offset.
    private mutating func write(_ directory: inout Directory) -> Int {
        var bytes = EXIFTagValue.u16(UInt16(directory.entries.count), littleEndian)
        for entry in directory.entries {
            bytes += EXIFTagValue.u16(entry.tag, littleEndian) + EXIFTagValue.u16(entry.type, littleEndian)
                + EXIFTagValue.u32(entry.count, littleEndian) + entry.field
        }
        bytes += directory.next
        if let offset = directory.offset {
            zero(offset, 2 + 12 * directory.slots + 4)
            if directory.entries.count <= directory.slots {
                tiff.replaceSubrange(offset..<(offset + bytes.count), with: bytes)
                return offset
            }
        }
        return append(bytes)
    }

    // MARK: - Bytes

    /// Appends `bytes` at the end, on an even offset (TIFF values start on a word); their offset.
    private mutating func append(_ bytes: [UInt8]) -> Int {
        if tiff.count % 2 == 1 { tiff.append(0) }
        let offset = tiff.count
        tiff += bytes
        return offset
    }

    private mutating func zero(_ at: Int, _ count: Int) {
        guard at >= 8, count > 0, at + count <= tiff.count else { return }
        tiff.replaceSubrange(at..<(at + count), with: [UInt8](repeating: 0, count: count))
    }

    private func value(of field: [UInt8]) -> UInt32 {
        field.withUnsafeBytes { MakerNoteOffsets.read32($0, 0, littleEndian)! }
    }

    private func u16(_ at: Int) -> UInt16? { tiff.withUnsafeBytes { MakerNoteOffsets.read16($0, at, littleEndian) } }
    private func u32(_ at: Int) -> UInt32? { tiff.withUnsafeBytes { MakerNoteOffsets.read32($0, at, littleEndian) } }
}
