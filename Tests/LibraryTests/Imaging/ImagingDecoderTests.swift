import Fixtures
import Foundation
import Library
import Testing

@Suite("Imaging: JPEGDecoder")
struct ImagingDecoderTests {
    typealias S = ImagingTestSupport

    // MARK: - Scaling choice

    @Test("uses only the fast power-of-two DCT scales")
    func factors() {
        let factors = JPEGDecoder.downscalingFactors.map { "\($0.num)/\($0.denom)" }
        #expect(factors == ["1/1", "1/2", "1/4", "1/8"])
    }

    @Test("picks the smallest scale that still covers the target",
          arguments: [
            // image w, h, target w, h → num/denom, out w, h
            (4000, 3000, 0, 0, 1, 8, 500, 375),
            (4000, 3000, 500, 375, 1, 8, 500, 375),
            (4000, 3000, 501, 375, 1, 4, 1000, 750),
            (4000, 3000, 200, 376, 1, 4, 1000, 750),
            (4000, 3000, 1000, 100, 1, 4, 1000, 750),
            (4000, 3000, 1001, 100, 1, 2, 2000, 1500),
            (4000, 3000, 2000, 1500, 1, 2, 2000, 1500),
            (4000, 3000, 2001, 10, 1, 1, 4000, 3000),
            (4000, 3000, 8000, 6000, 1, 1, 4000, 3000),  // even 1/1 too small: full size
            (3000, 4000, 400, 400, 1, 4, 750, 1000),
            (101, 75, 13, 10, 1, 8, 13, 10),               // ceil(101/8), ceil(75/8)
            (101, 75, 14, 10, 1, 4, 26, 19),
            (1, 1, 100, 100, 1, 1, 1, 1),
            (7, 5, 1, 1, 1, 8, 1, 1),
          ] as [(Int, Int, Int, Int, Int, Int, Int, Int)])
    func scaleChoice(_ c: (Int, Int, Int, Int, Int, Int, Int, Int)) {
        let s = JPEGDecoder.scale(forImageWidth: c.0, height: c.1, atLeast: c.2, c.3)
        #expect(s == JPEGDecoder.Scale(num: c.4, denom: c.5, width: c.6, height: c.7))
    }

    @Test("steps down when the chosen scale would allocate more than maxPixels")
    func scaleBound() {
        let s = JPEGDecoder.scale(forImageWidth: 12000, height: 12000, atLeast: 12000, 12000)
        #expect(s == JPEGDecoder.Scale(num: 1, denom: 2, width: 6000, height: 6000))
        let tiny = JPEGDecoder.scale(forImageWidth: 800, height: 800, atLeast: 800, 800, maxPixels: 150 * 150)
        #expect(tiny == JPEGDecoder.Scale(num: 1, denom: 8, width: 100, height: 100))
    }

    @Test("decoded size matches the scaling choice")
    func decodedSizeMatchesScale() throws {
        let jpeg = JPEGFixture.encode(width: 101, height: 75)
        for (tw, th) in [(0, 0), (13, 10), (14, 10), (30, 20), (51, 38), (52, 38), (500, 500)] {
            let image = try JPEGDecoder.decode(jpeg, atLeast: tw, th)
            let s = JPEGDecoder.scale(forImageWidth: 101, height: 75, atLeast: tw, th)
            #expect(image.width == s.width && image.height == s.height, "target \(tw)×\(th)")
            #expect(image.pixels.count == image.width * image.height * 4)
            #expect(image.warning == nil)
        }
    }

    // MARK: - Colour spaces and file kinds

    @Test("header reports size, subsampling and colour space", arguments: [
        (JPEGFixture.Subsampling.s444, JPEGHeader.Subsampling.s444, JPEGHeader.Colorspace.ycbcr),
        (.s422, .s422, .ycbcr), (.s420, .s420, .ycbcr), (.gray, .gray, .gray),
    ] as [(JPEGFixture.Subsampling, JPEGHeader.Subsampling, JPEGHeader.Colorspace)])
    func header(_ c: (JPEGFixture.Subsampling, JPEGHeader.Subsampling, JPEGHeader.Colorspace)) throws {
        let h = try JPEGDecoder.header(JPEGFixture.encode(width: 64, height: 48, subsampling: c.0))
        #expect(h == JPEGHeader(width: 64, height: 48, subsampling: c.1, colorspace: c.2))
    }

    @Test("RGB colours survive the decode and alpha is opaque")
    func colour() throws {
        let jpeg = JPEGFixture.encode(width: 32, height: 32, quality: 95, subsampling: .s444,
                                      color: JPEGFixture.solid(200, 40, 90))
        let image = try JPEGDecoder.decode(jpeg, atLeast: 32, 32)
        #expect(S.close(image.pixel(5, 7), (200, 40, 90), tolerance: 3))
        #expect(stride(from: 3, to: image.pixels.count, by: 4).allSatisfy { image.pixels[$0] == 255 })
    }

    @Test("grayscale decodes to grey RGBA")
    func grayscale() throws {
        let jpeg = JPEGFixture.encode(width: 64, height: 48, subsampling: .gray)
        let image = try JPEGDecoder.decode(jpeg, atLeast: 64, 48)
        #expect(image.width == 64 && image.height == 48)
        var distinct = Set<UInt8>()
        for i in stride(from: 0, to: image.pixels.count, by: 4) {
            #expect(image.pixels[i] == image.pixels[i + 1] && image.pixels[i] == image.pixels[i + 2])
            #expect(image.pixels[i + 3] == 255)
            distinct.insert(image.pixels[i])
        }
        #expect(distinct.count > 20, "the gradient should survive")
        let small = try JPEGDecoder.decode(jpeg, atLeast: 0, 0)
        #expect(small.width == 8 && small.height == 6)
    }

    @Test("progressive decodes like baseline, at full and reduced scale")
    func progressive() throws {
        let base = JPEGFixture.encode(width: 200, height: 150, quality: 90)
        let prog = JPEGFixture.encode(width: 200, height: 150, quality: 90, progressive: true)
        let a = try JPEGDecoder.decode(base, atLeast: 200, 150)
        let b = try JPEGDecoder.decode(prog, atLeast: 200, 150)
        #expect(b.width == 200 && b.height == 150 && b.warning == nil)
        #expect(S.distance(S.grid(a), S.grid(b)) < 2)
        let quarter = try JPEGDecoder.decode(prog, atLeast: 50, 30)
        #expect(quarter.width == 50 && quarter.height == 38)
        let baseQuarter = try JPEGDecoder.decode(base, atLeast: 50, 30)
        #expect(S.distance(S.grid(baseQuarter), S.grid(quarter)) < 2)
    }

    @Test("CMYK (Adobe YCCK) decodes to the right colours, not inverted")
    func cmyk() throws {
        // Left half red ink mix (M+Y), right half pure black ink, bottom rows cyan.
        let jpeg = ImageFixture.cmykJPEG(width: 32, height: 32) { x, y in
            if y >= 24 { return (255, 0, 0, 0) }
            return x < 16 ? (0, 255, 255, 0) : (0, 0, 0, 255)
        }
        let h = try JPEGDecoder.header(jpeg)
        #expect(h.colorspace == .ycck)
        let image = try JPEGDecoder.decode(jpeg, atLeast: 32, 32)
        #expect(S.close(image.pixel(4, 4), (255, 0, 0)), "\(image.pixel(4, 4))")
        #expect(S.close(image.pixel(28, 4), (0, 0, 0)), "\(image.pixel(28, 4))")
        #expect(S.close(image.pixel(4, 30), (0, 255, 255)), "\(image.pixel(4, 30))")
        #expect(image.pixel(4, 4).a == 255)
        let small = try JPEGDecoder.decode(jpeg, atLeast: 4, 4, orientation: 3)
        #expect(small.width == 4 && small.height == 4)
        #expect(S.close(small.pixel(3, 3), (255, 0, 0), tolerance: 20), "\(small.pixel(3, 3))")
    }

    @Test("a chroma layout turbojpeg 2.1 cannot name (4:1:0) still decodes")
    func unknownSubsampling() throws {
        let jpeg = ImageFixture.flatGrey(width: 64, height: 32, components: [
            .init(id: 1, h: 4, v: 2), .init(id: 2, h: 1, v: 1), .init(id: 3, h: 1, v: 1),
        ])
        let h = try JPEGDecoder.header(jpeg)
        #expect(h.subsampling == .unknown && h.colorspace == .ycbcr)
        #expect(h.width == 64 && h.height == 32)
        let image = try JPEGDecoder.decode(jpeg, atLeast: 64, 32)
        #expect(image.warning == nil)
        #expect(S.close(image.pixel(10, 10), (128, 128, 128), tolerance: 1))
        let eighth = try JPEGDecoder.decode(jpeg, atLeast: 0, 0)
        #expect(eighth.width == 8 && eighth.height == 4)
    }

    @Test("restart markers are followed", arguments: [1, 3, 7])
    func restarts(interval: Int) throws {
        let jpeg = ImageFixture.flatGrey(width: 70, height: 50, restartInterval: interval)
        #expect(jpeg.count > 100)
        let image = try JPEGDecoder.decode(jpeg, atLeast: 70, 50)
        #expect(image.warning == nil)
        #expect(image.width == 70 && image.height == 50)
        #expect(S.close(image.pixel(69, 49), (128, 128, 128), tolerance: 1))
        let gray = ImageFixture.flatGrey(width: 20, height: 20, components: [.init(id: 1, h: 1, v: 1)],
                                         restartInterval: interval)
        let g = try JPEGDecoder.decode(gray, atLeast: 20, 20)
        #expect(g.warning == nil && S.close(g.pixel(19, 19), (128, 128, 128), tolerance: 1))
    }

    // MARK: - Broken input

    @Test("zero-size headers are refused")
    func zeroSize() {
        let jpeg = JPEGFixture.encode(width: 16, height: 16)
        #expect(throws: JPEGDecodeError.zeroSize) {
            try JPEGDecoder.header(ImageFixture.claimingSize(width: 16, height: 0, in: jpeg))
        }
        #expect(throws: JPEGDecodeError.zeroSize) {
            try JPEGDecoder.decode(ImageFixture.claimingSize(width: 0, height: 16, in: jpeg), atLeast: 0, 0)
        }
        #expect(throws: JPEGDecodeError.zeroSize) {
            try JPEGDecoder.decode(ImageFixture.tablesOnly(), atLeast: 0, 0)
        }
        #expect(JPEGDecodeError.zeroSize.description == "image has zero size")
    }

    @Test("a header claiming 60000×60000 is refused before any allocation")
    func giant() {
        let jpeg = ImageFixture.claimingSize(width: 60000, height: 60000,
                                             in: JPEGFixture.encode(width: 16, height: 16))
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            #expect(throws: JPEGDecodeError.tooLarge(width: 60000, height: 60000)) {
                try JPEGDecoder.decode(jpeg, atLeast: 0, 0)
            }
        }
        #expect(elapsed < .seconds(1))
        #expect(throws: JPEGDecodeError.tooLarge(width: 60000, height: 60000)) { try JPEGDecoder.header(jpeg) }
        #expect(JPEGDecodeError.tooLarge(width: 60000, height: 60000).description
                == "image too large (60000×60000 pixels)")
    }

    @Test("a truncated file gives an image with a warning")
    func truncated() throws {
        let jpeg = JPEGFixture.encode(width: 256, height: 256, quality: 90)
        let cut = ImageFixture.truncated(jpeg, keeping: 0.6)
        let full = try JPEGDecoder.decode(jpeg, atLeast: 256, 256)
        let image = try JPEGDecoder.decode(cut, atLeast: 256, 256)
        #expect(image.width == 256 && image.height == 256)
        #expect(image.warning?.contains("Premature end of JPEG file") == true, "\(String(describing: image.warning))")
        // The rows that were there are intact.
        #expect(image.pixels.prefix(256 * 4 * 16) == full.pixels.prefix(256 * 4 * 16))
        let progressive = ImageFixture.truncated(
            JPEGFixture.encode(width: 256, height: 256, progressive: true), keeping: 0.5)
        let p = try JPEGDecoder.decode(progressive, atLeast: 64, 64)
        #expect(p.warning != nil)
    }

    @Test("garbage and non-JPEG data give clear errors")
    func garbage() {
        for seed in UInt64(1)...20 {
            let data = S.garbage(count: 1000, seed: seed)
            #expect(throws: JPEGDecodeError.self) { try JPEGDecoder.decode(data, atLeast: 0, 0) }
        }
        #expect(throws: JPEGDecodeError.notJPEG(firstBytes: [])) { try JPEGDecoder.decode(Data(), atLeast: 0, 0) }
        #expect(throws: JPEGDecodeError.notJPEG(firstBytes: [0x89, 0x50])) {
            try JPEGDecoder.header(Data([0x89, 0x50, 0x4E, 0x47]))
        }
        #expect(JPEGDecodeError.notJPEG(firstBytes: [0x89, 0x50]).description
                == "not a JPEG file (starts with 0x89 0x50)")
        // A JPEG start followed by noise: libjpeg's reason is kept.
        var fake = Data([0xFF, 0xD8]); fake.append(S.garbage(count: 500, seed: 99))
        do {
            _ = try JPEGDecoder.decode(fake, atLeast: 0, 0)
            Issue.record("noise after SOI decoded")
        } catch {
            #expect(error.description.count > 10, "\(error)")
        }
    }

    // MARK: - Threads

    @Test("decodes from several threads at once")
    func concurrent() async throws {
        let jpeg = JPEGFixture.encode(width: 300, height: 200)
        let reference = try JPEGDecoder.decode(jpeg, atLeast: 75, 50, orientation: 6)
        let results = await withTaskGroup(of: DecodedImage?.self) { group in
            for _ in 0..<16 {
                group.addTask { try? JPEGDecoder.decode(jpeg, atLeast: 75, 50, orientation: 6) }
            }
            var all: [DecodedImage?] = []
            for await r in group { all.append(r) }
            return all
        }
        #expect(results.count == 16)
        #expect(results.allSatisfy { $0 == reference })
    }

    // MARK: - Embedded thumbnail

    @Test("decodes a JPEG embedded at a byte range")
    func embedded() throws {
        let thumb = JPEGFixture.encode(width: 160, height: 120, subsampling: .s444,
                                       color: JPEGFixture.solid(20, 200, 60))
        var file = S.garbage(count: 777, seed: 5)
        let start = file.count
        file.append(thumb)
        file.append(S.garbage(count: 300, seed: 6))
        let range = start..<(start + thumb.count)
        let header = try EmbeddedThumbnail.header(file, range: range)
        #expect(header.width == 160 && header.height == 120)
        let image = try EmbeddedThumbnail.decode(file, range: range, atLeast: 40, 30, orientation: 8)
        #expect(image.width == 30 && image.height == 40)
        #expect(S.close(image.pixel(3, 3), (20, 200, 60), tolerance: 4))
        #expect(throws: JPEGDecodeError.thumbnailOutOfBounds(start..<(file.count + 1), fileSize: file.count)) {
            try EmbeddedThumbnail.decode(file, range: start..<(file.count + 1))
        }
    }
}
