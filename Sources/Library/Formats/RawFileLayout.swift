/// What a TIFF-structured camera raw file (CR2, NEF, ARW, DNG, PEF, and the TIFF-like ORF
/// and RW2) says about itself, read by a bounded walk of its IFDs (the IFD0 chain and every
/// SubIFD): whether it is a raw file at all rather than a plain TIFF, its camera, and where
/// its embedded JPEG previews are. LibRaw reads the files it knows; this walk is what is left
/// for a camera it does not know (the preview is still there), and what tells a plain TIFF,
/// which photory does not read, from a raw file.
///
/// Untrusted input: every offset is checked against the file, IFDs are visited once each (a
/// loop of offsets ends), and at most `maxIFDs` IFDs of `maxEntries` entries are read.
public struct RawFileLayout: Sendable, Equatable {
    /// An embedded JPEG: its bytes in the file and the size its IFD gives (0 when it does not say).
    public struct Preview: Sendable, Equatable {
        public var range: Range<Int>
        public var width: Int
        public var height: Int
    }

    public var make: String?
    public var model: String?
    /// A DNGVersion tag, or an IFD of colour filter array (or linear raw) data, or a raw
    /// maker's own header (CR2, ORF, RW2).
    public var isRaw = false
    /// The embedded JPEGs, largest first.
    public var previews: [Preview] = []
    /// The size the largest raw data IFD claims (0×0 when none says).
    public var rawWidth = 0, rawHeight = 0
    /// Whether the file has TIFF's own magic number (not ORF's or RW2's).
    public var isTIFF = false

    static let maxIFDs = 32
    static let maxEntries = 1024

    /// The layout of `file`, or nil when it does not start with a TIFF (or ORF/RW2) header.
    public init?(_ file: UnsafeRawBufferPointer) {
        guard file.count >= 16 else { return nil }
        let little: Bool
        switch (file[0], file[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        let reader = Reader(bytes: file, little: little)
        guard let magic = reader.u16(2), [42, 0x4F52, 0x5352, 0x55].contains(magic),   // TIFF, ORF "RO"/"RS", RW2
              let first = reader.u32(4) else { return nil }
        isTIFF = magic == 42
        isRaw = magic != 42 || (file[8] == 0x43 && file[9] == 0x52)   // ORF, RW2, or CR2's "CR" after the header
        var pending = [Int(first)]
        var visited = Set<Int>()
        while let offset = pending.popLast(), visited.count < Self.maxIFDs {
            guard offset >= 8, offset + 2 <= file.count, visited.insert(offset).inserted else { continue }
            let ifd = Self.readIFD(reader, at: offset)
            if make == nil { make = ifd.make }
            if model == nil { model = ifd.model }
            if ifd.isRaw { isRaw = true }
            if ifd.holdsRawData {
                if ifd.width * ifd.height > rawWidth * rawHeight { (rawWidth, rawHeight) = (ifd.width, ifd.height) }
            }
            if let preview = ifd.preview(in: file) { previews.append(preview) }
            pending.append(contentsOf: ifd.subIFDs.reversed())
            if let next = ifd.next { pending.insert(next, at: 0) }
        }
        previews.sort { $0.range.count > $1.range.count }
    }

    /// What one IFD holds that matters here.
    private struct IFD {
        var make: String?
        var model: String?
        var isRaw = false
        /// Colour filter array or linear raw data (not a preview).
        var holdsRawData = false
        var width = 0, height = 0
        var compression = 0
        var stripOffset: Int?, stripLength: Int?
        var jpegOffset: Int?, jpegLength: Int?
        var subIFDs: [Int] = []
        var next: Int?

        /// The JPEG this IFD points at, when its bytes are in the file and start like one.
        func preview(in file: UnsafeRawBufferPointer) -> Preview? {
            let candidates = [(jpegOffset, jpegLength), [6, 7].contains(compression) ? (stripOffset, stripLength) : (nil, nil)]
            for case let (offset?, length?) in candidates where offset > 0 && length > 2 {
                guard offset <= file.count - length, file[offset] == 0xFF, file[offset + 1] == 0xD8 else { continue }
                return Preview(range: offset..<offset + length, width: width, height: height)
            }
            return nil
        }
    }

    private static func readIFD(_ reader: Reader, at offset: Int) -> IFD {
        var ifd = IFD()
        guard let count = reader.u16(offset) else { return ifd }
        let entries = min(Int(count), maxEntries)
        for index in 0..<entries {
            let entry = offset + 2 + index * 12
            guard let tag = reader.u16(entry), let type = reader.u16(entry + 2), let n = reader.u32(entry + 4) else { break }
            let value = reader.value(at: entry + 8, type: type)
            switch tag {
            case 0x0100: ifd.width = value ?? 0
            case 0x0101: ifd.height = value ?? 0
            case 0x0103: ifd.compression = value ?? 0
            case 0x0106: if value == 32803 || value == 34892 { (ifd.isRaw, ifd.holdsRawData) = (true, true) }   // CFA, LinearRaw
            case 0x010F: ifd.make = reader.ascii(entry: entry, count: Int(n))
            case 0x0110: ifd.model = reader.ascii(entry: entry, count: Int(n))
            case 0x0111: if n == 1 { ifd.stripOffset = value }
            case 0x0117: if n == 1 { ifd.stripLength = value }
            case 0x0201: ifd.jpegOffset = value
            case 0x0202: ifd.jpegLength = value
            case 0x014A: ifd.subIFDs = reader.offsets(entry: entry, count: Int(n))
            case 0xC612: ifd.isRaw = true   // DNGVersion
            default: break
            }
        }
        if let next = reader.u32(offset + 2 + entries * 12), next != 0 { ifd.next = Int(next) }
        return ifd
    }

    /// Bounds-checked reads in the file's byte order.
    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        let little: Bool

        func u16(_ at: Int) -> Int? {
            guard at >= 0, at <= bytes.count - 2 else { return nil }
            let a = Int(bytes[at]), b = Int(bytes[at + 1])
            return little ? b << 8 | a : a << 8 | b
        }

        func u32(_ at: Int) -> Int? {
            guard let low = u16(little ? at : at + 2), let high = u16(little ? at + 2 : at) else { return nil }
            return high << 16 | low
        }

        /// A SHORT or LONG held in the entry itself.
        func value(at: Int, type: Int) -> Int? {
            switch type {
            case 3: u16(at)
            case 4, 13: u32(at)
            default: nil
            }
        }

        /// An ASCII value (in the entry when 4 bytes or fewer, else at its offset), trimmed.
        func ascii(entry: Int, count: Int) -> String? {
            guard count > 0, count <= 256 else { return nil }
            let start = count <= 4 ? entry + 8 : u32(entry + 8) ?? -1
            guard start >= 0, start <= bytes.count - count else { return nil }
            let text = UnsafeRawBufferPointer(rebasing: bytes[start..<start + count]).prefix { $0 != 0 }
            return MetadataText.cleaned(UnsafeRawBufferPointer(rebasing: text))
        }

        /// LONG (or IFD) offsets of a SubIFDs entry, at most `maxIFDs`.
        func offsets(entry: Int, count: Int) -> [Int] {
            let n = min(count, RawFileLayout.maxIFDs)
            guard n > 0 else { return [] }
            if n == 1 { return u32(entry + 8).map { [$0] } ?? [] }
            guard let start = u32(entry + 8) else { return [] }
            return (0..<n).compactMap { u32(start + $0 * 4) }
        }
    }
}
