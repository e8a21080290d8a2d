import Foundation

/// Camera raw files for tests, written byte by byte: a DNG (a little-endian TIFF) whose IFD0
/// is an embedded JPEG preview (`JPEGFixture`) with the camera, EXIF and GPS IFDs, and whose
/// SubIFD is 16-bit colour filter array data (an RGGB mosaic of a gradient), as cameras and
/// Adobe's converter write them. Options make the files of the bad-input tests: no preview,
/// an unknown camera's raw IFD (no DNGVersion, so LibRaw does not read it), a size claim.
public enum RawFixture {
    public struct Options: Sendable {
        public var width = 256
        public var height = 170
        /// The embedded JPEG preview's size; nil for none.
        public var preview: (width: Int, height: Int)? = (256, 170)
        /// The preview's bytes (of `preview`'s size); a gradient is encoded when nil.
        public var previewJPEG: Data? = nil
        /// A small JPEG thumbnail in a SubIFD of its own, as cameras add beside the large preview.
        public var thumbnail: (width: Int, height: Int)? = nil
        public var make = "Photory"
        public var model = "Test DNG"
        public var orientation = 1
        /// EXIF DateTimeOriginal, "YYYY:MM:DD HH:MM:SS".
        public var dateTimeOriginal: String? = "2023:08:09 10:11:12"
        public var lens: String? = "Test 50mm F1.8"
        /// Signed latitude and longitude.
        public var gps: (Double, Double)? = nil
        public var description: String? = nil
        /// The size the raw IFD claims (its data stays `width`×`height`).
        public var claimedSize: (width: Int, height: Int)? = nil
        /// Leave out DNGVersion and UniqueCameraModel and give the raw data a compression
        /// nobody knows: a TIFF-based raw file of a camera LibRaw does not know.
        public var unknownCamera = false

        public init() {}
    }

    /// The DNG's bytes.
    public static func dng(_ options: Options = Options()) -> Data {
        var tiff = TIFFWriter()
        let o = options
        // The raw data: an RGGB mosaic of a left-to-right red, top-to-bottom blue gradient.
        var mosaic = [UInt8]()
        mosaic.reserveCapacity(o.width * o.height * 2)
        for y in 0..<o.height {
            for x in 0..<o.width {
                let red = 4095 * x / max(1, o.width - 1), blue = 4095 * y / max(1, o.height - 1)
                let value: Int = switch (y % 2, x % 2) {
                case (0, 0): red
                case (1, 1): blue
                default: 2048
                }
                mosaic += [UInt8(value & 0xFF), UInt8(value >> 8)]
            }
        }
        let preview = o.preview.map { size in
            o.previewJPEG.map { [UInt8]($0) } ?? [UInt8](JPEGFixture.encode(width: size.width, height: size.height) { x, y in
                (UInt8(255 * x / max(1, size.width - 1)), 0, UInt8(255 * y / max(1, size.height - 1)))
            })
        }
        var exif: [TIFFWriter.Entry] = [.rational(0x829A, [(1, 250)]), .rational(0x829D, [(28, 10)]),
                                        .short(0x8827, [200]), .rational(0x920A, [(50, 1)])]
        if let date = o.dateTimeOriginal { exif.append(.ascii(0x9003, date)) }
        if let lens = o.lens { exif.append(.ascii(0xA434, lens)) }
        var gps: [TIFFWriter.Entry] = []
        if let (latitude, longitude) = o.gps {
            func dms(_ value: Double) -> [(UInt32, UInt32)] {
                let v = abs(value), d = v.rounded(.down), m = ((v - d) * 60).rounded(.down)
                return [(UInt32(d), 1), (UInt32(m), 1), (UInt32(((v - d) * 60 - m) * 60 * 10000), 10000)]
            }
            gps = [.bytes(0x0000, [2, 3, 0, 0]), .ascii(0x0001, latitude < 0 ? "S" : "N"), .rational(0x0002, dms(latitude)),
                   .ascii(0x0003, longitude < 0 ? "W" : "E"), .rational(0x0004, dms(longitude))]
        }
        let claimed = o.claimedSize ?? (o.width, o.height)
        let raw: [TIFFWriter.Entry] = [
            .long(0x00FE, [0]), .long(0x0100, [UInt32(claimed.width)]), .long(0x0101, [UInt32(claimed.height)]),
            .short(0x0102, [16]), .short(0x0103, [o.unknownCamera ? 65000 : 1]), .short(0x0106, [32803]), .data(0x0111, mosaic),
            .short(0x0115, [1]), .long(0x0116, [UInt32(o.height)]), .long(0x0117, [UInt32(mosaic.count)]),
            .short(0x828D, [2, 2]), .bytes(0x828E, [0, 1, 1, 2]), .short(0xC61D, [4095]),
        ]
        var ifd0: [TIFFWriter.Entry] = [.long(0x00FE, [o.preview == nil ? 0 : 1])]
        if let preview, let size = o.preview {
            ifd0 += [.long(0x0100, [UInt32(size.width)]), .long(0x0101, [UInt32(size.height)]), .short(0x0102, [8, 8, 8]),
                     .short(0x0103, [7]), .short(0x0106, [6]), .data(0x0111, preview), .short(0x0115, [3]),
                     .long(0x0116, [UInt32(size.height)]), .long(0x0117, [UInt32(preview.count)])]
        }
        ifd0 += [.ascii(0x010F, o.make), .ascii(0x0110, o.model), .short(0x0112, [UInt16(o.orientation)]),
                 .subIFDs(0x014A, [raw] + thumbnailIFD(o.thumbnail)), .subIFDs(0x8769, [exif])]
        if let description = o.description { ifd0.append(.ascii(0x010E, description)) }
        if !gps.isEmpty { ifd0.append(.subIFDs(0x8825, [gps])) }
        if !o.unknownCamera {
            ifd0 += [.bytes(0xC612, [1, 4, 0, 0]), .bytes(0xC613, [1, 1, 0, 0]), .ascii(0xC614, "\(o.make) \(o.model)"),
                     .srational(0xC621, [(1, 1), (0, 1), (0, 1), (0, 1), (1, 1), (0, 1), (0, 1), (0, 1), (1, 1)]),
                     .rational(0xC628, [(1, 1), (1, 1), (1, 1)]), .short(0xC65A, [21])]
        }
        return Data(tiff.file(ifd0))
    }

    /// A reduced-resolution IFD holding a gradient JPEG of `size`, or none.
    static func thumbnailIFD(_ size: (width: Int, height: Int)?) -> [[TIFFWriter.Entry]] {
        guard let size else { return [] }
        let jpeg = [UInt8](JPEGFixture.encode(width: size.width, height: size.height))
        return [[.long(0x00FE, [1]), .long(0x0100, [UInt32(size.width)]), .long(0x0101, [UInt32(size.height)]),
                 .short(0x0103, [6]), .short(0x0106, [6]), .data(0x0111, jpeg), .long(0x0117, [UInt32(jpeg.count)])]]
    }
}

/// Writes a little-endian TIFF: IFDs with their entries sorted and their values, then the
/// image data (strips) at the end, as cameras do (libexif reads EXIF from the first 64 KB only).
struct TIFFWriter {
    indirect enum Entry {
        case short(UInt16, [UInt16])
        case long(UInt16, [UInt32])
        case bytes(UInt16, [UInt8])
        case ascii(UInt16, String)
        case rational(UInt16, [(UInt32, UInt32)])
        case srational(UInt16, [(Int32, Int32)])
        /// Bytes placed in the file, the entry (a LONG) holding their offset.
        case data(UInt16, [UInt8])
        /// IFDs placed in the file, the entry (a LONG or several) holding their offsets.
        case subIFDs(UInt16, [[Entry]])

        var tag: UInt16 {
            switch self {
            case let .short(t, _), let .long(t, _), let .bytes(t, _), let .ascii(t, _), let .rational(t, _),
                 let .srational(t, _), let .data(t, _), let .subIFDs(t, _): t
            }
        }
    }

    private var bytes: [UInt8] = []
    /// Image data placed after every IFD: where its offset goes, and the bytes.
    private var deferred: [(entry: Int, data: [UInt8])] = []

    mutating func file(_ ifd0: [Entry]) -> [UInt8] {
        bytes = [0x49, 0x49, 0x2A, 0x00, 0, 0, 0, 0]
        deferred = []
        let offset = write(ifd0)
        patch32(4, offset)
        for (entry, data) in deferred { patch32(entry, place(data)) }
        return bytes
    }

    /// Writes an IFD (and everything it points at) and returns its offset.
    private mutating func write(_ entries: [Entry]) -> UInt32 {
        let sorted = entries.sorted { $0.tag < $1.tag }
        align()
        let start = bytes.count
        bytes += le16(UInt16(sorted.count))
        bytes += [UInt8](repeating: 0, count: sorted.count * 12 + 4)
        for (index, entry) in sorted.enumerated() {
            let at = start + 2 + index * 12
            let (type, count, payload): (UInt16, Int, [UInt8]) = switch entry {
            case let .short(_, v): (3, v.count, v.flatMap(le16))
            case let .long(_, v): (4, v.count, v.flatMap(le32))
            case let .bytes(_, v): (1, v.count, v)
            case let .ascii(_, s): (2, s.utf8.count + 1, Array(s.utf8) + [0])
            case let .rational(_, v): (5, v.count, v.flatMap { le32($0.0) + le32($0.1) })
            case let .srational(_, v): (10, v.count, v.flatMap { le32(UInt32(bitPattern: $0.0)) + le32(UInt32(bitPattern: $0.1)) })
            case let .data(_, v): (4, 1, le32(0))
            case let .subIFDs(_, ifds):
                (4, ifds.count, ifds.map { write($0) }.flatMap(le32))
            }
            bytes.replaceSubrange(at..<at + 2, with: le16(entry.tag))
            bytes.replaceSubrange(at + 2..<at + 4, with: le16(type))
            bytes.replaceSubrange(at + 4..<at + 8, with: le32(UInt32(count)))
            let value = payload.count <= 4 ? payload + [UInt8](repeating: 0, count: 4 - payload.count) : le32(place(payload))
            bytes.replaceSubrange(at + 8..<at + 12, with: value)
            if case let .data(_, v) = entry { deferred.append((at + 8, v)) }
        }
        return UInt32(start)
    }

    private mutating func place(_ data: [UInt8]) -> UInt32 {
        align()
        let offset = bytes.count
        bytes += data
        return UInt32(offset)
    }

    private mutating func align() { if bytes.count % 2 == 1 { bytes.append(0) } }
    private mutating func patch32(_ at: Int, _ value: UInt32) { bytes.replaceSubrange(at..<at + 4, with: le32(value)) }
    private func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
    private func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8((v >> (8 * $0)) & 0xFF) } }
}
