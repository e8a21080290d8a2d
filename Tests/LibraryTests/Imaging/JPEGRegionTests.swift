import Fixtures
import Foundation
import Library
import Testing

/// The zoom decodes only a part of a JPEG (`JPEGDecoder.decodeRegion`, libjpeg's crop and skip
/// scanlines). Its pixels must be exactly those of a whole decode at the same scale, whatever the
/// chroma layout, scale and place, or views cut from two parts would not fit together on screen.
@Suite("Imaging: JPEG regions")
struct JPEGRegionTests {
    /// Detail in every pixel (no two neighbours alike), so a pixel taken from the wrong place shows.
    static func busy(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
        let h = (x &* 73_856_093) ^ (y &* 19_349_663)
        return (UInt8((x * 3 + (h & 31)) & 255), UInt8((y * 5 + ((h >> 5) & 31)) & 255), UInt8((x ^ y) & 255))
    }

    static let layouts: [(name: String, jpeg: Data)] = [
        ("4:4:4", JPEGFixture.encode(width: 333, height: 251, quality: 90, subsampling: .s444, color: busy)),
        ("4:2:2", JPEGFixture.encode(width: 333, height: 251, quality: 90, subsampling: .s422, color: busy)),
        ("4:2:0", JPEGFixture.encode(width: 333, height: 251, quality: 90, subsampling: .s420, color: busy)),
        ("grey", JPEGFixture.encode(width: 333, height: 251, quality: 90, subsampling: .gray, color: busy)),
        ("progressive 4:2:0", JPEGFixture.encode(width: 333, height: 251, quality: 90, subsampling: .s420,
                                                 progressive: true, color: busy)),
        ("CMYK", ImageFixture.cmykJPEG(width: 333, height: 251) { x, y in
            let (r, g, b) = busy(x, y)
            return (r, g, b, UInt8((x + y) & 127))
        }),
        ("4:1:0, restart markers", ImageFixture.flatGrey(width: 333, height: 251, components: [
            .init(id: 1, h: 4, v: 2), .init(id: 2, h: 1, v: 1), .init(id: 3, h: 1, v: 1),
        ], restartInterval: 3)),
    ]

    static let regions: [FractionRect] = [
        .whole,
        FractionRect(x: 0, y: 0, width: 0.1, height: 0.1),
        FractionRect(x: 0.37, y: 0.41, width: 0.2, height: 0.13),
        FractionRect(x: 0.9, y: 0.95, width: 0.1, height: 0.05),
        FractionRect(x: 0.013, y: 0.5, width: 0.987, height: 0.003),
    ]

    @Test("a part has the pixels of a whole decode at the same scale", arguments: 0..<7)
    func partIsTheWholeDecodesPixels(layout: Int) throws {
        let (name, jpeg) = Self.layouts[layout]
        for target in [(0, 0), (100, 70), (333, 251)] {
            let whole = try JPEGDecoder.decode(jpeg, atLeast: target.0, target.1, fast: true)
            for region in Self.regions {
                let part = try jpeg.withUnsafeBytes { bytes in
                    try JPEGDecoder.decodeRegion(bytes, atLeast: target.0, target.1, region: region, fast: true)
                }
                let what = "\(name) at \(target), \(region) → \(part.image.width)×\(part.image.height)+\(part.x)+\(part.y)"
                #expect(part.fullWidth == whole.width && part.fullHeight == whole.height, "\(what)")
                // Covers what was asked for, in the scaled pixels.
                let x0 = Int(region.x * Double(whole.width)), y0 = Int(region.y * Double(whole.height))
                let x1 = Int(((region.x + region.width) * Double(whole.width)).rounded(.up))
                let y1 = Int(((region.y + region.height) * Double(whole.height)).rounded(.up))
                #expect(part.covers(x: x0, y: y0, width: min(x1, whole.width) - x0, height: min(y1, whole.height) - y0), "\(what)")
                #expect(part.image == ImageTransform.cropped(whole, x: part.x, y: part.y, width: part.image.width,
                                                             height: part.image.height), "\(what)")
                if region == .whole { #expect(part.isWhole, "\(what)") }
            }
        }
    }

    @Test("a small part near the top decodes fewer rows than the photo has and fewer columns")
    func aPartIsSmall() throws {
        let jpeg = JPEGFixture.encode(width: 1600, height: 1200, quality: 85, color: Self.busy)
        let part = try jpeg.withUnsafeBytes { bytes in
            try JPEGDecoder.decodeRegion(bytes, atLeast: 1600, 1200, region: FractionRect(x: 0.5, y: 0.1, width: 0.1, height: 0.1),
                                         fast: true)
        }
        #expect(part.fullWidth == 1600 && part.fullHeight == 1200)
        #expect(part.image.height == 120 && part.y == 120)
        #expect(part.image.width >= 160 && part.image.width < 160 + 32 && part.x <= 800 && part.x > 800 - 32)
    }

    @Test("a broken file is an error naming the reason, a truncated one decodes with a warning")
    func brokenFiles() throws {
        let jpeg = JPEGFixture.encode(width: 320, height: 240, quality: 85, color: Self.busy)
        let truncated = ImageFixture.truncated(jpeg, keeping: 0.4)
        let part = try truncated.withUnsafeBytes { bytes in
            try JPEGDecoder.decodeRegion(bytes, atLeast: 320, 240, region: FractionRect(x: 0.5, y: 0.8, width: 0.5, height: 0.2),
                                         fast: true)
        }
        #expect(part.image.warning?.contains("Premature end") == true, "\(String(describing: part.image.warning))")
        var garbage = jpeg
        garbage.replaceSubrange(20..<300, with: Data(repeating: 0x17, count: 280))
        #expect(throws: JPEGDecodeError.self) {
            try garbage.withUnsafeBytes { bytes in
                try JPEGDecoder.decodeRegion(bytes, atLeast: 320, 240, region: .whole, fast: true)
            }
        }
        #expect(throws: JPEGDecodeError.self) {
            try Data([0xFF, 0xD8, 0xFF]).withUnsafeBytes { bytes in
                try JPEGDecoder.decodeRegion(bytes, atLeast: 1, 1, region: .whole)
            }
        }
    }

    @Test("a part of the turned, scaled photo cut from a decoded region is the one cut from the whole", arguments: 1...8)
    func cutFromARegion(orientation: Int) {
        // Every pixel numbered (red: low byte, green: high byte).
        let image = DecodedImage(width: 40, height: 30, pixels: (0..<1200).flatMap { [UInt8($0 & 255), UInt8($0 >> 8), 0, 255] })
        let swaps = orientation >= 5
        let shown = swaps ? (width: 30, height: 40) : (width: 40, height: 30)
        for scale in [(1, 3), (1, 1), (3, 1), (5, 2)] {
            let scaled = (width: shown.width * scale.1 / scale.0, height: shown.height * scale.1 / scale.0)
            for view in [(x: 0, y: 0, width: 7, height: 5), (x: scaled.width / 3, y: scaled.height / 2, width: 9, height: 4),
                         (x: scaled.width - 6, y: scaled.height - 3, width: 6, height: 3)] {
                let stored = ImageTransform.storedRect(orientation: orientation, scaledWidth: scaled.width,
                                                       scaledHeight: scaled.height, x: view.x, y: view.y,
                                                       width: view.width, height: view.height)
                let storedScaled = swaps ? (width: scaled.height, height: scaled.width) : scaled
                let source = ImageTransform.sourceRect(sourceWidth: 40, sourceHeight: 30, scaledWidth: storedScaled.width,
                                                       scaledHeight: storedScaled.height, x: stored.x, y: stored.y,
                                                       width: stored.width, height: stored.height)
                let region = ImageRegion(image: ImageTransform.cropped(image, x: source.x, y: source.y, width: source.width,
                                                                       height: source.height),
                                         x: source.x, y: source.y, fullWidth: 40, fullHeight: 30)
                let fromRegion = ImageTransform.orientedPart(region, orientation: orientation, scaledWidth: scaled.width,
                                                             scaledHeight: scaled.height, x: view.x, y: view.y,
                                                             width: view.width, height: view.height)
                let fromWhole = ImageTransform.orientedPart(image, orientation: orientation, scaledWidth: scaled.width,
                                                            scaledHeight: scaled.height, x: view.x, y: view.y,
                                                            width: view.width, height: view.height)
                #expect(fromRegion == fromWhole, "orientation \(orientation), scaled \(scaled), view \(view), source \(source)")
            }
        }
    }
}
