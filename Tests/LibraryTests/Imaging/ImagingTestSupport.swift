import Foundation
import Library

/// Helpers shared by the imaging tests.
enum ImagingTestSupport {
    /// Mean of each colour channel over the whole image.
    static func meanColor(_ image: DecodedImage) -> (r: Double, g: Double, b: Double) {
        var r = 0, g = 0, b = 0
        for i in stride(from: 0, to: image.pixels.count, by: 4) {
            r += Int(image.pixels[i]); g += Int(image.pixels[i + 1]); b += Int(image.pixels[i + 2])
        }
        let n = Double(max(1, image.width * image.height))
        return (Double(r) / n, Double(g) / n, Double(b) / n)
    }

    /// The image averaged down to exactly `cells`×`cells` (aspect ignored), RGB per cell.
    static func grid(_ image: DecodedImage, cells: Int = 8) -> [Double] {
        var sums = [Double](repeating: 0, count: cells * cells * 3)
        var counts = [Double](repeating: 0, count: cells * cells)
        for y in 0..<image.height {
            let gy = y * cells / image.height
            for x in 0..<image.width {
                let gx = x * cells / image.width
                let i = (y * image.width + x) * 4, g = gy * cells + gx
                sums[g * 3] += Double(image.pixels[i])
                sums[g * 3 + 1] += Double(image.pixels[i + 1])
                sums[g * 3 + 2] += Double(image.pixels[i + 2])
                counts[g] += 1
            }
        }
        return sums.indices.map { sums[$0] / max(1, counts[$0 / 3]) }
    }

    /// Mean absolute difference of two equally sized grids.
    static func distance(_ a: [Double], _ b: [Double]) -> Double {
        zip(a, b).reduce(0) { $0 + abs($1.0 - $1.1) } / Double(max(1, a.count))
    }

    /// Whether `c` is within `tolerance` of `expected` in every channel.
    static func close(_ c: (r: UInt8, g: UInt8, b: UInt8, a: UInt8),
                      _ expected: (UInt8, UInt8, UInt8), tolerance: Int = 12) -> Bool {
        abs(Int(c.r) - Int(expected.0)) <= tolerance && abs(Int(c.g) - Int(expected.1)) <= tolerance
            && abs(Int(c.b) - Int(expected.2)) <= tolerance
    }

    /// Deterministic pseudo-random bytes.
    static func garbage(count: Int, seed: UInt64) -> Data {
        var state = seed
        var out = Data(count: count)
        for i in 0..<count {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            out[i] = UInt8(truncatingIfNeeded: state >> 33)
        }
        return out
    }

    static let photosRoot = URL(fileURLWithPath: "/work/shared/photos")
    static var photosAvailable: Bool {
        FileManager.default.fileExists(atPath: photosRoot.appendingPathComponent("orientation").path)
    }

    /// JPEG-ish files in a folder of the shared sample photos, sorted by name.
    static func photos(in folder: String) -> [URL] {
        let dir = photosRoot.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.sorted()
            .filter { ["jpg", "jpeg", "mpo"].contains(($0 as NSString).pathExtension.lowercased()) }
            .map { dir.appendingPathComponent($0) }
    }
}
