import CExif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Changes our tags in an EXIF payload ("Exif\0\0" + TIFF) and keeps the rest.
///
/// An existing payload is first checked by libexif (damage it would skip is refused), then
/// edited where its bytes lie (`EXIFInPlaceEditor`): nothing moves, so every offset the block
/// holds (maker-note previews, strip thumbnails) stays true. Only when that cannot be done
/// (a structure it cannot follow, or no room left under 64 KB) is the block rewritten by
/// libexif, as follows. The payload is loaded the way exiftool would want it: unknown tags kept (no
/// `IGNORE_UNKNOWN_TAGS`), nothing invented (no `FOLLOW_SPECIFICATION`), the maker note
/// copied as its bytes (`DONT_CHANGE_MAKER_NOTE`), with the bytes past its declared end that
/// its own IFDs point at (`MakerNoteExtent`), then `MakerNoteOffsets` keeps it readable where
/// libexif moved it, or the write is refused. Only our tags are replaced: dates and
/// offsets in the EXIF IFD, ImageDescription in IFD0, position tags in the GPS IFD.
/// The result must fit one APP1 segment; the IFD1 thumbnail is dropped when that makes it fit.
enum EXIFEditor {
    /// The most an APP1 payload can hold (65535 minus the two length bytes).
    static let maxPayload = 65_533

    struct Output: Equatable {
        var payload: [UInt8]
        /// True when the IFD1 thumbnail was left out to fit the segment.
        var thumbnailDropped: Bool
    }

    enum Failure: Error, Equatable {
        /// libexif found corrupt data: saving would lose what it skipped.
        case damaged(String)
        /// Even without a thumbnail the payload needs this many bytes.
        case tooLarge(Int)
        /// libexif could not allocate or save.
        case libexif(String)
        /// The maker note could not be kept as it was.
        case makerNote(String)
    }

    /// The edited payload for `payload` (nil: a new EXIF block) with `changes` applied.
    static func edit(_ payload: UnsafeRawBufferPointer?, changes: MetadataChanges) throws(Failure) -> Output {
        guard let data = exif_data_new() else { throw .libexif("out of memory") }
        defer { exif_data_unref(data) }
        let edits = EXIFTagEdit.edits(for: changes)
        if let payload {
            let problems = EXIFReader.load(data, payload: payload, extraOptions: [EXIF_DATA_OPTION_DONT_CHANGE_MAKER_NOTE])
                // The maker note is kept as bytes: libexif's trouble reading it does not matter.
                .filter { !$0.hasPrefix("EXIF: ExifMnote") }
            if let first = problems.first { throw .damaged(first) }
            if let patched = EXIFInPlaceEditor.apply(edits, to: payload), patched.count <= maxPayload {
                return Output(payload: patched, thumbnailDropped: false)
            }
            keepWholeMakerNote(data, payload: payload)
        } else {
            exif_data_unset_option(data, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION)
            exif_data_set_option(data, EXIF_DATA_OPTION_DONT_CHANGE_MAKER_NOTE)
            exif_data_set_byte_order(data, EXIF_BYTE_ORDER_MOTOROLA)
        }
        let editor = Entries(data: data)
        for edit in edits { editor.apply(edit) }

        var saved = try save(data)
        var dropped = false
        if saved.count > maxPayload, data.pointee.size > 0 || (EXIFReader.content(data, EXIF_IFD_1)?.pointee.count ?? 0) > 0 {
            free(data.pointee.data)
            data.pointee.data = nil
            data.pointee.size = 0
            editor.removeAll(EXIF_IFD_1)
            saved = try save(data)
            dropped = true
        }
        guard saved.count <= maxPayload else { throw .tooLarge(saved.count) }
        let noteLength = makerNoteLength(data)
        if let payload, !MakerNoteOffsets.fix(&saved, original: payload, length: noteLength) {
            throw .makerNote("the rewritten EXIF would not hold its \(noteLength) bytes as they were")
        }
        return Output(payload: saved, thumbnailDropped: dropped)
    }

    /// Makes the maker note entry hold all the bytes its IFDs point at (`MakerNoteExtent`), so
    /// they move with it.
    private static func keepWholeMakerNote(_ data: UnsafeMutablePointer<ExifData>, payload: UnsafeRawBufferPointer) {
        let header = EXIFReader.signature.count
        guard payload.count > header + 8, let content = EXIFReader.content(data, EXIF_IFD_EXIF),
              let entry = exif_content_get_entry(content, ExifTag(UInt32(MakerNoteOffsets.tag))) else { return }
        let tiff = UnsafeRawBufferPointer(rebasing: payload[header...])
        guard let (offset, size) = MakerNoteOffsets.location(in: tiff), size == Int(entry.pointee.size),
              let littleEndian = TIFFReader(tiff)?.littleEndian else { return }
        let length = MakerNoteExtent.length(in: tiff, note: offset, size: size, littleEndian: littleEndian)
        guard length > size, let buffer = malloc(length)?.assumingMemoryBound(to: UInt8.self) else { return }
        // libexif frees entry data with its default allocator (free).
        buffer.initialize(from: tiff.bindMemory(to: UInt8.self).baseAddress! + offset, count: length)
        free(entry.pointee.data)
        entry.pointee.data = buffer
        entry.pointee.size = UInt32(length)
        entry.pointee.format = EXIF_FORMAT_UNDEFINED
        entry.pointee.components = UInt(length)
    }

    /// The byte count of the maker note entry in `data` (0 without one).
    private static func makerNoteLength(_ data: UnsafeMutablePointer<ExifData>) -> Int {
        guard let content = EXIFReader.content(data, EXIF_IFD_EXIF),
              let entry = exif_content_get_entry(content, ExifTag(UInt32(MakerNoteOffsets.tag))) else { return 0 }
        return Int(entry.pointee.size)
    }

    private static func save(_ data: UnsafeMutablePointer<ExifData>) throws(Failure) -> [UInt8] {
        var out: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt32 = 0
        exif_data_save_data(data, &out, &size)
        guard let out, size > 0 else { throw .libexif("libexif could not save the EXIF block") }
        defer { free(out) }
        return Array(UnsafeBufferPointer(start: out, count: Int(size)))
    }

    // MARK: - Entries

    /// Replacing and removing entries of `data`, in its byte order.
    private struct Entries {
        let data: UnsafeMutablePointer<ExifData>
        var order: ExifByteOrder { exif_data_get_byte_order(data) }

        func apply(_ edit: EXIFTagEdit) {
            switch edit {
            case .set(let directory, let tag, let value, let onlyInNewDirectory):
                let ifd = Self.ifd(directory)
                if onlyInNewDirectory, (EXIFReader.content(data, ifd)?.pointee.count ?? 0) > 0 { return }
                let (type, count, bytes) = value.encoded(littleEndian: order == EXIF_BYTE_ORDER_INTEL)
                set(ifd, tag, format: ExifFormat(UInt32(type)), components: count, bytes: bytes)
            case .removeAll(let directory):
                removeAll(Self.ifd(directory))
            }
        }

        static func ifd(_ directory: EXIFTagEdit.Directory) -> ExifIfd {
            switch directory {
            case .ifd0: EXIF_IFD_0
            case .exif: EXIF_IFD_EXIF
            case .gps: EXIF_IFD_GPS
            }
        }

        func set(_ ifd: ExifIfd, _ tag: UInt16, format: ExifFormat, components: Int, bytes: [UInt8]) {
            guard let content = EXIFReader.content(data, ifd), let entry = exif_entry_new() else { return }
            defer { exif_entry_unref(entry) }
            remove(ifd, tag)
            entry.pointee.tag = ExifTag(UInt32(tag))
            entry.pointee.format = format
            entry.pointee.components = UInt(components)
            entry.pointee.size = UInt32(bytes.count)
            // libexif frees entry data with its default allocator (free).
            let buffer = malloc(bytes.count)!.assumingMemoryBound(to: UInt8.self)
            buffer.initialize(from: bytes, count: bytes.count)
            entry.pointee.data = buffer
            exif_content_add_entry(content, entry)
        }

        func remove(_ ifd: ExifIfd, _ tag: UInt16) {
            guard let content = EXIFReader.content(data, ifd) else { return }
            while let old = exif_content_get_entry(content, ExifTag(UInt32(tag))) {
                exif_content_remove_entry(content, old)
            }
        }

        func removeAll(_ ifd: ExifIfd) {
            guard let content = EXIFReader.content(data, ifd) else { return }
            while content.pointee.count > 0, let first = content.pointee.entries?[0] {
                exif_content_remove_entry(content, first)
            }
        }
    }
}
