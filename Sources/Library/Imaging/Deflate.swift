import CPNG

/// zlib compression (RFC 1950: a deflate stream with its header and checksum), as the kitty
/// graphics protocol's `o=z` expects.
public enum Deflate {
    /// `bytes` compressed at `level` (1 fastest … 9 smallest); nil only when zlib fails.
    /// Level 1 is the default: on photos it is within a few percent of level 6 and several times faster.
    public static func zlib(_ bytes: [UInt8], level: Int32 = 1) -> [UInt8]? {
        var size = compressBound(uLong(bytes.count))
        var output = [UInt8](repeating: 0, count: Int(size))
        let status = bytes.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                compress2(out.baseAddress, &size, input.baseAddress, uLong(input.count), level)
            }
        }
        guard status == Z_OK else { return nil }
        output.removeSubrange(Int(size)...)
        return output
    }
}
