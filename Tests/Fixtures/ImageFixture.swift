import CTurboJPEG
import Foundation

/// JPEG builders for decoder tests that `JPEGFixture` does not cover: CMYK files, headers
/// patched to lie about their size, and hand-written files with any sampling factors and
/// restart markers.
public enum ImageFixture {
    // MARK: - CMYK

    /// A width×height CMYK JPEG (turbojpeg stores it as YCCK with an Adobe APP14 marker) whose
    /// pixel at (x, y) has the given ink amounts (0 = no ink, 255 = full ink). The values are
    /// written inverted, as Photoshop and other Adobe software write them.
    public static func cmykJPEG(
        width: Int, height: Int, quality: Int = 95,
        ink: (Int, Int) -> (c: UInt8, m: UInt8, y: UInt8, k: UInt8)
    ) -> Data {
        var px = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let v = ink(x, y)
                let i = (y * width + x) * 4
                px[i] = 255 - v.c; px[i + 1] = 255 - v.m; px[i + 2] = 255 - v.y; px[i + 3] = 255 - v.k
            }
        }
        guard let handle = tjInitCompress() else { fatalError("tjInitCompress failed") }
        defer { tjDestroy(handle) }
        var jpegBuf: UnsafeMutablePointer<UInt8>? = nil
        var jpegSize: UInt = 0
        let rc = px.withUnsafeBufferPointer { p in
            tjCompress2(handle, p.baseAddress, Int32(width), 0, Int32(height), Int32(TJPF_CMYK.rawValue),
                        &jpegBuf, &jpegSize, Int32(TJSAMP_444.rawValue), Int32(quality), 0)
        }
        guard rc == 0, let jpegBuf else {
            fatalError("tjCompress2 (CMYK) failed: \(String(cString: tjGetErrorStr2(handle)))")
        }
        defer { tjFree(jpegBuf) }
        return Data(bytes: jpegBuf, count: Int(jpegSize))
    }

    // MARK: - Patching

    /// Offset of the first SOFn marker (0xFFC0–0xFFCF except DHT 0xC4, JPG 0xC8, DAC 0xCC).
    public static func sofOffset(in jpeg: Data) -> Int? {
        let b = [UInt8](jpeg)
        var i = 2
        while i + 4 <= b.count {
            guard b[i] == 0xFF else { return nil }
            let m = b[i + 1]
            if (0xC0...0xCF).contains(m), m != 0xC4, m != 0xC8, m != 0xCC { return i }
            if m == 0xDA { return nil }
            i += 2 + (Int(b[i + 2]) << 8 | Int(b[i + 3]))
        }
        return nil
    }

    /// `jpeg` with its frame header rewritten to claim `width`×`height` (the scan data is left
    /// alone, so decoding such a file, if attempted, runs out of data).
    public static func claimingSize(width: Int, height: Int, in jpeg: Data) -> Data {
        guard let sof = sofOffset(in: jpeg) else { fatalError("no SOF marker") }
        var out = [UInt8](jpeg)
        out[sof + 5] = UInt8(height >> 8); out[sof + 6] = UInt8(height & 0xFF)
        out[sof + 7] = UInt8(width >> 8); out[sof + 8] = UInt8(width & 0xFF)
        return Data(out)
    }

    /// The first `fraction` of `jpeg`'s bytes, as a download or copy cut short leaves it.
    public static func truncated(_ jpeg: Data, keeping fraction: Double) -> Data {
        Data(jpeg.prefix(Int(Double(jpeg.count) * fraction)))
    }

    /// A file with quantization and Huffman tables but no frame: valid JPEG structure, no image.
    public static func tablesOnly() -> Data {
        var out: [UInt8] = [0xFF, 0xD8]
        out += quantizationTable()
        out += huffmanTables()
        out += [0xFF, 0xD9]
        return Data(out)
    }

    // MARK: - Hand-written baseline files

    /// One component of a hand-written file: its id and sampling factors.
    public struct Component: Sendable {
        public var id: UInt8
        public var h: Int
        public var v: Int
        public init(id: UInt8, h: Int, v: Int) { self.id = id; self.h = h; self.v = v }
    }

    /// A baseline JPEG of flat mid-grey (every sample 128) with any component sampling
    /// factors and, optionally, a restart marker every `restartInterval` MCUs.
    ///
    /// Every block has DC difference 0 and no AC coefficients, coded with one-symbol Huffman
    /// tables, so the scan is just two 0 bits per block. That makes layouts turbojpeg's encoder
    /// cannot produce (4:1:0, odd chroma factors) and restart intervals easy to write exactly.
    public static func flatGrey(
        width: Int, height: Int,
        components: [Component] = [Component(id: 1, h: 2, v: 2), Component(id: 2, h: 1, v: 1),
                                   Component(id: 3, h: 1, v: 1)],
        restartInterval: Int = 0
    ) -> Data {
        precondition(!components.isEmpty && components.count <= 4)
        var out: [UInt8] = [0xFF, 0xD8]
        out += quantizationTable()
        // SOF0
        out += [0xFF, 0xC0] + be16(8 + 3 * components.count) + [8] + be16(height) + be16(width)
        out.append(UInt8(components.count))
        for c in components { out += [c.id, UInt8(c.h << 4 | c.v), 0] }
        out += huffmanTables()
        if restartInterval > 0 { out += [0xFF, 0xDD] + be16(4) + be16(restartInterval) }
        // SOS
        out += [0xFF, 0xDA] + be16(6 + 2 * components.count) + [UInt8(components.count)]
        for c in components { out += [c.id, 0x00] }
        out += [0, 63, 0]
        // Scan: count MCUs and blocks per MCU.
        let hMax = components.map(\.h).max()!, vMax = components.map(\.v).max()!
        let mcus: Int, blocksPerMCU: Int
        if components.count == 1 {
            mcus = ((width + 7) / 8) * ((height + 7) / 8)
            blocksPerMCU = 1
        } else {
            mcus = ((width + 8 * hMax - 1) / (8 * hMax)) * ((height + 8 * vMax - 1) / (8 * vMax))
            blocksPerMCU = components.reduce(0) { $0 + $1.h * $1.v }
        }
        var bits = 0 // bits pending in the current byte (all zero so far)
        var restartCount = 0
        func flush() {
            if bits > 0 { out.append(UInt8(0xFF >> bits)) ; bits = 0 } // pad with 1 bits
        }
        for mcu in 0..<mcus {
            if restartInterval > 0, mcu > 0, mcu % restartInterval == 0 {
                flush()
                out += [0xFF, UInt8(0xD0 + restartCount % 8)]
                restartCount += 1
            }
            for _ in 0..<(2 * blocksPerMCU) {
                bits += 1
                if bits == 8 { out.append(0); bits = 0 }
            }
        }
        flush()
        out += [0xFF, 0xD9]
        return Data(out)
    }

    static func be16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

    /// DQT: table 0, all ones.
    static func quantizationTable() -> [UInt8] {
        [0xFF, 0xDB] + be16(67) + [0x00] + [UInt8](repeating: 1, count: 64)
    }

    /// DHT: DC table 0 and AC table 0, each with the single 1-bit code "0" (DC category 0,
    /// AC end-of-block).
    static func huffmanTables() -> [UInt8] {
        var counts = [UInt8](repeating: 0, count: 16)
        counts[0] = 1
        return [0xFF, 0xC4] + be16(2 + 2 * 18) + [0x00] + counts + [0x00] + [0x10] + counts + [0x00]
    }
}
