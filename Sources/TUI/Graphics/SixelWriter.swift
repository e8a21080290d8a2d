import Foundation
import Library

/// Writes a sixel image (DEC's `ESC P q … ESC \`): raster attributes, the palette, then bands of
/// six pixel rows, each colour of a band as one line of sixel characters run-length coded.
enum SixelWriter {
    /// The sixel of `width × height` RGBA pixels, `height` cut to whole bands of 6 rows (as chafa
    /// does: the image never reaches below its cells); empty when there is nothing to draw.
    static func encode(_ pixels: UnsafePointer<UInt8>, width: Int, height: Int,
                       threads: Int = ProcessInfo.processInfo.activeProcessorCount) -> [UInt8] {
        var palette: SixelPalette?
        return encode(pixels, width: width, height: height, palette: &palette, threads: threads)
    }

    /// The same with `palette`'s colours when it is given and can draw these pixels
    /// (`SixelPalette.covering`), else with a palette made for them; `palette` is then the one used.
    static func encode(_ pixels: UnsafePointer<UInt8>, width: Int, height: Int, palette kept: inout SixelPalette?,
                       threads: Int = ProcessInfo.processInfo.activeProcessorCount) -> [UInt8] {
        let bands = height / 6
        guard width > 0, bands > 0 else { return [] }
        let rows = bands * 6
        let palette = kept?.covering(pixels, count: width * rows) ?? SixelPalette(pixels: pixels, width: width, height: rows)
        kept = palette
        var out: [UInt8] = []
        out.reserveCapacity(width * rows / 3 + 4096)
        out += [0x1B, 0x50] + Array("0;1;0q\"1;1;".utf8)
        number(width, into: &out); out.append(UInt8(ascii: ";")); number(rows, into: &out)
        for (index, color) in palette.colors.enumerated() {
            out.append(UInt8(ascii: "#")); number(index, into: &out); out += Array(";2;".utf8)
            number((Int(color.r) * 100 + 127) / 255, into: &out); out.append(UInt8(ascii: ";"))
            number((Int(color.g) * 100 + 127) / 255, into: &out); out.append(UInt8(ascii: ";"))
            number((Int(color.b) * 100 + 127) / 255, into: &out)
        }
        // Groups of bands written at once on `threads` threads, each into its own bytes, joined in order.
        let groups = max(1, min(threads, bands / 16))
        if groups == 1 {
            out += writeBands(0..<bands, of: pixels, width: width, palette: palette)
        } else {
            let source = SharedPixels(start: pixels)
            let written = Locked([[UInt8]](repeating: [], count: groups))
            DispatchQueue.concurrentPerform(iterations: groups) { group in
                let range = (bands * group / groups)..<(bands * (group + 1) / groups)
                let bytes = writeBands(range, of: source.start, width: width, palette: palette)
                written.withLock { $0[group] = bytes }
            }
            for bytes in written.withLock({ $0 }) { out += bytes }
        }
        out += [0x1B, 0x5C]
        return out
    }

    /// The pixels of a sixel, read by the threads that write its bands (they only read them,
    /// while `encode` holds them).
    private struct SharedPixels: @unchecked Sendable {
        let start: UnsafePointer<UInt8>
    }

    /// The sixel lines of bands `range` (6 pixel rows each) of `width`-pixel-wide `pixels`: per
    /// band, each colour used as one line of run-length coded sixel characters, then `-`.
    private static func writeBands(_ range: Range<Int>, of pixels: UnsafePointer<UInt8>, width: Int,
                                   palette: SixelPalette) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(width * range.count * 2 + 1024)
        // Per band: the six bits of every colour at every column, and the columns each colour spans.
        var masks = [UInt8](repeating: 0, count: 256 * width)
        var first = [Int](repeating: Int.max, count: 256), last = [Int](repeating: -1, count: 256)
        var indices = [UInt8](repeating: 0, count: width * 6)
        var used: [Int] = []
        used.reserveCapacity(256)
        masks.withUnsafeMutableBufferPointer { masks in
        first.withUnsafeMutableBufferPointer { first in
        last.withUnsafeMutableBufferPointer { last in
        indices.withUnsafeMutableBufferPointer { indices in
            for band in range {
                palette.indices(of: pixels + band * 6 * width * 4, count: width * 6, into: indices.baseAddress!)
                used.removeAll(keepingCapacity: true)
                for row in 0..<6 {
                    let bit = UInt8(1) << UInt8(row)
                    let rowIndices = indices.baseAddress! + row * width
                    for x in 0..<width {
                        let c = Int(rowIndices[x])
                        if last[c] < 0 { used.append(c); first[c] = x }
                        if x < first[c] { first[c] = x }
                        last[c] = max(last[c], x)
                        masks[c * width + x] |= bit
                    }
                }
                for (n, c) in used.enumerated() {
                    if n > 0 { out.append(UInt8(ascii: "$")) }
                    out.append(UInt8(ascii: "#")); number(c, into: &out)
                    run(of: 63, count: first[c], into: &out)
                    let line = masks.baseAddress! + c * width
                    var x = first[c]
                    let end = last[c] + 1
                    while x < end {
                        let m = line[x]
                        var next = x + 1
                        // Long runs (mostly of nothing: a colour absent from most of a band) 8 bytes at a time.
                        let eight = UInt64(m) &* 0x0101_0101_0101_0101
                        while next + 8 <= end && UnsafeRawPointer(line + next).loadUnaligned(as: UInt64.self) == eight { next += 8 }
                        while next < end && line[next] == m { next += 1 }
                        run(of: 63 + m, count: next - x, into: &out)
                        x = next
                    }
                    (line + first[c]).update(repeating: 0, count: end - first[c])
                    first[c] = Int.max; last[c] = -1
                }
                out.append(UInt8(ascii: "-"))
            }
        }
        }
        }
        }
        return out
    }

    /// `count` times `char`, as `!count char` when that is shorter.
    @inline(__always)
    private static func run(of char: UInt8, count: Int, into out: inout [UInt8]) {
        if count > 3 {
            out.append(UInt8(ascii: "!")); number(count, into: &out); out.append(char)
        } else {
            for _ in 0..<count { out.append(char) }
        }
    }

    @inline(__always)
    private static func number(_ value: Int, into out: inout [UInt8]) {
        if value >= 10 { number(value / 10, into: &out) }
        out.append(UInt8(48 + value % 10))
    }
}
