import Fixtures
import Foundation
import Library
import Testing

@Suite("Imaging: orientation, cropping and resizing")
struct ImagingTransformTests {
    typealias S = ImagingTestSupport

    /// A 3×2 image whose pixels are numbered 0…5 in the red channel (row-major).
    static let numbered = DecodedImage(width: 3, height: 2, pixels: (0..<6).flatMap { [UInt8($0), 0, 0, 255] })

    static func reds(_ image: DecodedImage) -> [[Int]] {
        (0..<image.height).map { y in (0..<image.width).map { x in Int(image.pixel(x, y).r) } }
    }

    @Test("orientation 1–8 moves pixels as EXIF says", arguments: [
        (1, [[0, 1, 2], [3, 4, 5]]),
        (2, [[2, 1, 0], [5, 4, 3]]),          // mirror horizontally
        (3, [[5, 4, 3], [2, 1, 0]]),          // rotate 180°
        (4, [[3, 4, 5], [0, 1, 2]]),          // mirror vertically
        (5, [[0, 3], [1, 4], [2, 5]]),        // transpose
        (6, [[3, 0], [4, 1], [5, 2]]),        // rotate 90° clockwise
        (7, [[5, 2], [4, 1], [3, 0]]),        // transverse
        (8, [[2, 5], [1, 4], [0, 3]]),        // rotate 270° clockwise
        (0, [[0, 1, 2], [3, 4, 5]]),          // out of range: as 1
        (9, [[0, 1, 2], [3, 4, 5]]),
    ] as [(Int, [[Int]])])
    func exactOrientation(_ c: (Int, [[Int]])) {
        let out = ImageTransform.oriented(Self.numbered, orientation: c.0)
        #expect(Self.reds(out) == c.1)
        #expect(out.pixels.count == 24)
    }

    @Test("rotations of a large image (several tiles) round-trip")
    func tiledRoundTrip() {
        let w = 131, h = 70
        var px = [UInt8](repeating: 0, count: w * h * 4)
        for i in 0..<(w * h) {
            px[i * 4] = UInt8(i & 0xFF); px[i * 4 + 1] = UInt8(i >> 8 & 0xFF); px[i * 4 + 2] = 7; px[i * 4 + 3] = 255
        }
        let image = DecodedImage(width: w, height: h, pixels: px)
        let r6 = ImageTransform.oriented(image, orientation: 6)
        #expect(r6.width == h && r6.height == w)
        #expect(ImageTransform.oriented(r6, orientation: 8) == image)
        for o in [2, 3, 4, 5, 7] {   // these are their own inverse
            #expect(ImageTransform.oriented(ImageTransform.oriented(image, orientation: o), orientation: o) == image)
        }
    }

    // Corner colours of a 24×16 JPEG made of 8×8 blocks: TL red, TR green, BL blue, BR white.
    static let red: (UInt8, UInt8, UInt8) = (255, 0, 0), green: (UInt8, UInt8, UInt8) = (0, 255, 0)
    static let blue: (UInt8, UInt8, UInt8) = (0, 0, 255), white: (UInt8, UInt8, UInt8) = (255, 255, 255)

    static func cornerJPEG() -> Data {
        JPEGFixture.encode(width: 24, height: 16, quality: 100, subsampling: .s444) { x, y in
            switch (x / 8, y / 8) {
            case (0, 0): red
            case (2, 0): green
            case (0, 1): blue
            case (2, 1): white
            default: (0, 0, 0)
            }
        }
    }

    @Test("decode applies orientation after scaling: corner colours", arguments: [
        // orientation, TL, TR, BL, BR
        (1, "red", "green", "blue", "white"),
        (2, "green", "red", "white", "blue"),
        (3, "white", "blue", "green", "red"),
        (4, "blue", "white", "red", "green"),
        (5, "red", "blue", "green", "white"),
        (6, "blue", "red", "white", "green"),
        (7, "white", "green", "blue", "red"),
        (8, "green", "white", "red", "blue"),
    ])
    func corners(orientation: Int, tl: String, tr: String, bl: String, br: String) throws {
        let named = ["red": Self.red, "green": Self.green, "blue": Self.blue, "white": Self.white]
        for (tw, th) in [(24, 16), (12, 8)] { // full size and 1/2 scale
            let image = try JPEGDecoder.decode(Self.cornerJPEG(), atLeast: tw, th, orientation: orientation)
            let (w, h) = orientation >= 5 ? (th, tw) : (tw, th)
            #expect(image.width == w && image.height == h)
            #expect(S.close(image.pixel(0, 0), named[tl]!), "TL \(image.pixel(0, 0))")
            #expect(S.close(image.pixel(w - 1, 0), named[tr]!), "TR \(image.pixel(w - 1, 0))")
            #expect(S.close(image.pixel(0, h - 1), named[bl]!), "BL \(image.pixel(0, h - 1))")
            #expect(S.close(image.pixel(w - 1, h - 1), named[br]!), "BR \(image.pixel(w - 1, h - 1))")
        }
    }

    // MARK: - Resizing

    @Test("fitted size keeps the aspect ratio and never enlarges", arguments: [
        (4000, 3000, 80, 60, 80, 60),
        (4000, 3000, 80, 80, 80, 60),
        (3000, 4000, 80, 80, 60, 80),
        (100, 10, 30, 30, 30, 3),
        (1000, 1, 10, 10, 10, 1),
        (50, 40, 80, 60, 50, 40),
    ] as [(Int, Int, Int, Int, Int, Int)])
    func fitted(_ c: (Int, Int, Int, Int, Int, Int)) {
        let s = ImageTransform.fittedSize(width: c.0, height: c.1, toFit: c.2, c.3)
        #expect(s.width == c.4 && s.height == c.5)
    }

    @Test("box downscale averages each block")
    func boxAverage() {
        // 4×2 → 2×1: each output pixel averages a 2×2 block.
        let values: [UInt8] = [0, 10, 100, 200,
                               20, 30, 50, 250]
        let image = DecodedImage(width: 4, height: 2, pixels: values.flatMap { [$0, 255 - $0, 7, 255] })
        let out = ImageTransform.resized(image, toFit: 2, 2)
        #expect(out.width == 2 && out.height == 1)
        #expect(out.pixel(0, 0) == (15, 240, 7, 255))
        #expect(out.pixel(1, 0) == (150, 105, 7, 255))
        #expect(ImageTransform.resized(image, toFit: 10, 10) == image)
    }

    @Test("box downscale of a decoded photo keeps its colours")
    func resizeDecoded() throws {
        let jpeg = JPEGFixture.encode(width: 640, height: 480, quality: 90)
        let image = try JPEGDecoder.decode(jpeg, atLeast: 0, 0)
        let small = ImageTransform.resized(image, toFit: 40, 40)
        #expect(small.width == 40 && small.height == 30)
        let a = S.meanColor(image), b = S.meanColor(small)
        #expect(abs(a.r - b.r) < 2 && abs(a.g - b.g) < 2 && abs(a.b - b.b) < 2)
    }

    @Test("a crop keeps the pixels of its rectangle and stops at the edges")
    func crop() {
        #expect(Self.reds(ImageTransform.cropped(Self.numbered, x: 1, y: 0, width: 2, height: 2)) == [[1, 2], [4, 5]])
        #expect(Self.reds(ImageTransform.cropped(Self.numbered, x: 2, y: 1, width: 5, height: 5)) == [[5]])
        #expect(Self.reds(ImageTransform.cropped(Self.numbered, x: -3, y: 0, width: 1, height: 1)) == [[0]])
        #expect(ImageTransform.cropped(Self.numbered, x: 0, y: 0, width: 3, height: 2) == Self.numbered)
    }

    /// `width`×`height` pixels numbered in the red channel, row-major.
    static func numbered(_ width: Int, _ height: Int) -> DecodedImage {
        DecodedImage(width: width, height: height, pixels: (0..<(width * height)).flatMap { [UInt8($0), 0, 0, 255] })
    }

    @Test("a part of the turned photo, scaled, is cut from the stored pixels and turned alone", arguments: 1...8)
    func orientedPart(orientation: Int) {
        let image = Self.numbered(8, 6)
        let whole = ImageTransform.oriented(image, orientation: orientation)
        // Scaled by whole factors, the box filter turns with the photo, so turning first is the reference.
        for (sw, sh) in [(whole.width, whole.height), (whole.width / 2, whole.height / 2), (whole.width * 2, whole.height * 2)] {
            let scaled = ImageTransform.scaledPart(whole, scaledWidth: sw, scaledHeight: sh, x: 0, y: 0, width: sw, height: sh)
            for (x, y, width, height) in [(0, 0, 2, 3), (1, 2, 2, 1), (sw - 2, sh - 1, 2, 1), (0, 0, sw, sh)] {
                let part = ImageTransform.orientedPart(image, orientation: orientation, scaledWidth: sw, scaledHeight: sh,
                                                       x: x, y: y, width: width, height: height)
                #expect(part == ImageTransform.cropped(scaled, x: x, y: y, width: width, height: height),
                        "orientation \(orientation) at \(sw)×\(sh), \(width)×\(height) at (\(x), \(y))")
            }
        }
    }

    @Test("parts of one scaled image fit together exactly, shrunk or enlarged by any factor", arguments: [(5, 4), (11, 9), (7, 5)])
    func scaledPartsFit(size: (Int, Int)) {
        let image = Self.numbered(7, 5)
        let (sw, sh) = size
        let whole = ImageTransform.scaledPart(image, scaledWidth: sw, scaledHeight: sh, x: 0, y: 0, width: sw, height: sh)
        #expect(whole.width == sw && whole.height == sh)
        for x in 0..<sw {
            for y in 0..<sh {
                let one = ImageTransform.scaledPart(image, scaledWidth: sw, scaledHeight: sh, x: x, y: y, width: 1, height: 1)
                #expect(one.pixels == Array(whole.pixels[((y * sw + x) * 4)..<((y * sw + x) * 4 + 4)]))
            }
        }
        if (sw, sh) == (7, 5) { #expect(whole == image) }
    }
}
