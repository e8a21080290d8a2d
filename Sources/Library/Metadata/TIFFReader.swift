/// Bounds-checked reads of 16/32-bit values at offsets inside a TIFF stream (EXIF body).
struct TIFFReader {
    let bytes: UnsafeRawBufferPointer
    let littleEndian: Bool

    /// `nil` unless `bytes` starts with a valid "II*\0" or "MM\0*" header.
    init?(_ bytes: UnsafeRawBufferPointer) {
        guard bytes.count >= 8 else { return nil }
        switch (bytes[0], bytes[1]) {
        case (0x49, 0x49): littleEndian = true
        case (0x4D, 0x4D): littleEndian = false
        default: return nil
        }
        self.bytes = bytes
        guard u16(2) == 42 else { return nil }
    }

    func u16(_ at: Int) -> UInt16? {
        guard at >= 0, at <= bytes.count - 2 else { return nil }
        let a = UInt16(bytes[at]), b = UInt16(bytes[at + 1])
        return littleEndian ? (b << 8 | a) : (a << 8 | b)
    }

    func u32(_ at: Int) -> UInt32? {
        guard at >= 0, at <= bytes.count - 4 else { return nil }
        let v = (UInt32(bytes[at]), UInt32(bytes[at + 1]), UInt32(bytes[at + 2]), UInt32(bytes[at + 3]))
        return littleEndian ? (v.3 << 24 | v.2 << 16 | v.1 << 8 | v.0) : (v.0 << 24 | v.1 << 16 | v.2 << 8 | v.3)
    }
}
