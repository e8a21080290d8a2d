import CExif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every tag of one file, for the "all the metadata" view and `show --all-tags`: the file's
/// format inspects it as usual while `MetadataBlocks` records the blocks it meets, then each
/// block is listed whole. EXIF (IFD0, ExifIFD, GPS, InteropIFD, IFD1) and the maker note
/// entries libexif can name come from libexif; every XMP property from `XMPFacts`'s walk; IPTC
/// datasets from `IPTCReader`'s; a video's container and stream dictionaries, a GIF's or a
/// TIFF's own facts from the format. Groups are named as `exiftool -G1` names them.
public enum FileTags {
    /// At most this many bytes of one value are kept (a maker note's blob says its size instead).
    static let maxValueBytes = 1024

    /// Every tag of the file at `path`, in file order within each group, or why there are none.
    public static func read(path: String) -> Result<[MetadataTag], FileMetadataError> {
        FileMetadata.inspecting(path: path, tags)
    }

    /// The same for a whole file in memory.
    public static func read(file: UnsafeRawBufferPointer) -> Result<[MetadataTag], FileMetadataError> {
        FileMetadata.inspecting(file: file, tags)
    }

    private static func tags(_ format: any PhotoFormat, _ inspect: () throws -> PhotoFormatInfo) throws -> [MetadataTag] {
        let (info, blocks) = try MetadataBlocks.recording(inspect)
        var tags = [MetadataTag(group: "File", name: "FileType", value: format.name),
                    MetadataTag(group: "File", name: "ImageSize", value: "\(info.width)x\(info.height)")]
        tags += blocks.tags
        if let exif = blocks.exif { tags += exifTags(exif) }
        if let xmp = blocks.xmp { tags += xmpTags(xmp) }
        if let iptc = blocks.iptc { tags += iptcTags(iptc) }
        return tags
    }

    // MARK: - EXIF

    /// The IFDs as `exiftool -G1` names them, in libexif's order.
    private static let ifdGroups: [(ExifIfd, String)] = [
        (EXIF_IFD_0, "IFD0"), (EXIF_IFD_EXIF, "ExifIFD"), (EXIF_IFD_GPS, "GPS"),
        (EXIF_IFD_INTEROPERABILITY, "InteropIFD"), (EXIF_IFD_1, "IFD1"),
    ]

    /// Every entry of every IFD of `payload` ("Exif\0\0" + TIFF), then the maker note's.
    static func exifTags(_ payload: [UInt8]) -> [MetadataTag] {
        guard let data = exif_data_new() else { return [] }
        defer { exif_data_unref(data) }
        _ = payload.withUnsafeBytes { EXIFReader.load(data, payload: $0) }
        var tags: [MetadataTag] = []
        var buffer = [CChar](repeating: 0, count: maxValueBytes)
        for (ifd, group) in ifdGroups {
            guard let content = EXIFReader.content(data, ifd), let entries = content.pointee.entries else { continue }
            for i in 0..<Int(content.pointee.count) {
                guard let entry = entries[i] else { continue }
                let tag = entry.pointee.tag
                let name = exif_tag_get_name_in_ifd(tag, ifd).map { String(cString: $0) } ?? hexName(UInt16(tag.rawValue))
                let value = buffer.withUnsafeMutableBufferPointer { b in
                    exif_entry_get_value(entry, b.baseAddress, UInt32(b.count)).map { text(UnsafeRawPointer($0), max: b.count) } ?? ""
                }
                tags.append(MetadataTag(group: group, name: name, value: value))
            }
        }
        if let note = exif_data_get_mnote_data(data) {
            for i in 0..<exif_mnote_data_count(note) {
                guard let name = exif_mnote_data_get_name(note, i) else { continue }
                let value = buffer.withUnsafeMutableBufferPointer { b in
                    exif_mnote_data_get_value(note, i, b.baseAddress, UInt32(b.count)).map { text(UnsafeRawPointer($0), max: b.count) } ?? ""
                }
                tags.append(MetadataTag(group: "MakerNotes", name: String(cString: name), value: value))
            }
        }
        return tags
    }

    /// A NUL-terminated C string of at most `max` bytes, decoded and trimmed.
    private static func text(_ pointer: UnsafeRawPointer, max: Int) -> String {
        let length = strnlen(pointer.assumingMemoryBound(to: CChar.self), max)
        return MetadataText.cleaned(UnsafeRawBufferPointer(start: pointer, count: length)) ?? ""
    }

    /// "0xA40A" for an entry libexif has no name for.
    private static func hexName(_ tag: UInt16) -> String {
        let hex = String(tag, radix: 16, uppercase: true)
        return "0x" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    // MARK: - XMP

    /// Every property: group "XMP-" + the prefix the packet uses ("XMP-dc"), its local name,
    /// its values joined by ", ".
    static func xmpTags(_ packet: [UInt8]) -> [MetadataTag] {
        var tags: [MetadataTag] = []
        _ = packet.withUnsafeBytes { raw in
            XMPFacts.forEachProperty(in: raw) { uri, name, values in
                guard uri != XMPFacts.Namespace.rdf else { return }   // rdf:about, rdf:parseType
                let parts = name.split(separator: ":", maxSplits: 1)
                let (prefix, local) = parts.count == 2 ? (String(parts[0]), String(parts[1])) : ("", name)
                let value = values.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.joined(separator: ", ")
                tags.append(MetadataTag(group: "XMP-" + prefix, name: local, value: value))
            }
        }
        return tags
    }

    // MARK: - IPTC

    /// IIM dataset names (IPTC-IIM 4.2, as exiftool spells them), by record and number.
    static let iptcNames: [UInt16: String] = [
        0x0100: "EnvelopeRecordVersion", 0x0114: "FileFormat", 0x0116: "FileVersion", 0x015A: "CodedCharacterSet",
        0x0200: "ApplicationRecordVersion", 0x0205: "ObjectName", 0x020A: "Urgency", 0x020F: "Category",
        0x0214: "SupplementalCategories", 0x0219: "Keywords", 0x0228: "SpecialInstructions",
        0x0237: "DateCreated", 0x023C: "TimeCreated", 0x023E: "DigitalCreationDate", 0x023F: "DigitalCreationTime",
        0x0241: "OriginatingProgram", 0x0246: "ProgramVersion", 0x0250: "By-line", 0x0255: "By-lineTitle",
        0x025A: "City", 0x025C: "Sub-location", 0x025F: "Province-State", 0x0264: "Country-PrimaryLocationCode",
        0x0265: "Country-PrimaryLocationName", 0x0267: "OriginalTransmissionReference", 0x0269: "Headline",
        0x026E: "Credit", 0x0273: "Source", 0x0274: "CopyrightNotice", 0x0276: "Contact", 0x0278: "Caption-Abstract",
        0x027A: "Writer-Editor",
    ]

    /// Every dataset: text as 1:90 declares it (UTF-8, else UTF-8 or Latin-1), the record
    /// versions (two bytes) as numbers.
    static func iptcTags(_ iim: [UInt8]) -> [MetadataTag] {
        var tags: [MetadataTag] = []
        var warnings: [String] = []
        iim.withUnsafeBytes { raw in
            var utf8 = false
            IPTCReader.forEachDataset(in: raw, warnings: &warnings) { record, dataset, range in
                let bytes = UnsafeRawBufferPointer(rebasing: raw[range.prefix(maxValueBytes)])
                if record == 1, dataset == 90 { utf8 = IPTCReader.isUTF8Declaration(bytes) }
                let name = iptcNames[UInt16(record) << 8 | UInt16(dataset)] ?? "\(record):\(dataset)"
                let value: String
                if dataset == 0 || (record == 1 && dataset == 90) {
                    value = dataset == 0 ? "\(bytes.reduce(0) { $0 << 8 | Int($1) })" : (utf8 ? "UTF8" : "")
                } else {
                    value = MetadataText.clean(utf8 ? MetadataText.decodeUTF8Lossy(bytes) : MetadataText.decodeUTF8OrLatin1(bytes)) ?? ""
                }
                tags.append(MetadataTag(group: "IPTC", name: name, value: value))
            }
        }
        return tags
    }
}
