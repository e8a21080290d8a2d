import Foundation
import Library
import Testing

/// Decodes the real sample photos in /work/shared/photos (skipped when absent).
@Suite("Imaging: sample photos", .enabled(if: ImagingTestSupport.photosAvailable))
struct ImagingSamplePhotoTests {
    typealias S = ImagingTestSupport

    static func load(_ url: URL) throws -> Data { try Data(contentsOf: url) }

    @Test("orientation/: every landscape_N and portrait_N comes out like _1", arguments: ["landscape", "portrait"])
    func orientationSet(prefix: String) throws {
        // Each file is the same picture stored turned and tagged with EXIF orientation N (the
        // tag matches the file name); a big digit N is drawn in the middle, so they never match
        // exactly. The orientation we apply must be the best of all eight at undoing the turn.
        let dir = S.photosRoot.appendingPathComponent("orientation")
        let reference = try JPEGDecoder.decode(
            Self.load(dir.appendingPathComponent("\(prefix)_1.jpg")), atLeast: 64, 64, orientation: 1)
        let refGrid = S.grid(reference)
        for n in 2...8 {
            let data = try Self.load(dir.appendingPathComponent("\(prefix)_\(n).jpg"))
            // Ask for the same display size: the target is in stored pixels.
            let image = try JPEGDecoder.decode(data, atLeast: 64, 64, orientation: n)
            #expect(image.width == reference.width && image.height == reference.height,
                    "\(prefix)_\(n): \(image.width)×\(image.height) vs \(reference.width)×\(reference.height)")
            let right = S.distance(S.grid(image), refGrid)
            #expect(right < 20, "\(prefix)_\(n) differs from _1 by \(right)")
            let raw = try JPEGDecoder.decode(data, atLeast: 64, 64, orientation: 1)
            #expect(ImageTransform.oriented(raw, orientation: n) == image)
            var scores: [(orientation: Int, distance: Double)] = []
            for k in 1...8 {
                let candidate = ImageTransform.oriented(raw, orientation: k)
                guard candidate.width == reference.width else { continue }
                scores.append((k, S.distance(S.grid(candidate), refGrid)))
            }
            let best = scores.min { $0.distance < $1.distance }
            #expect(best?.orientation == n, "\(prefix)_\(n): scores \(scores)")
        }
    }

    @Test("real/ and tiny/ all decode", arguments: ["real", "tiny"])
    func decodeAll(folder: String) throws {
        let files = S.photos(in: folder)
        #expect(!files.isEmpty)
        for url in files {
            let data = try Self.load(url)
            do {
                let header = try JPEGDecoder.header(data)
                let image = try JPEGDecoder.decode(data, atLeast: 160, 120)
                #expect(image.width > 0 && image.height > 0)
                #expect(image.width >= min(160, header.width) && image.height >= min(120, header.height),
                        "\(url.lastPathComponent): \(image.width)×\(image.height)")
                // A few tiny files (1×1 … 10×10 placeholders) really are black.
                if header.width >= 64 && header.height >= 64 {
                    let mean = S.meanColor(image)
                    #expect(mean.r + mean.g + mean.b > 0, "\(url.lastPathComponent) decoded black")
                }
            } catch {
                Issue.record("\(folder)/\(url.lastPathComponent): \(error)")
            }
        }
    }

    @Test("broken/ decodes or fails with a reason, never crashes")
    func decodeBroken() throws {
        let files = S.photos(in: "broken")
        #expect(!files.isEmpty)
        var decoded = 0, failed: [String] = []
        for url in files {
            let data = try Self.load(url)
            do {
                let image = try JPEGDecoder.decode(data, atLeast: 160, 120, orientation: 6)
                #expect(image.pixels.count == image.width * image.height * 4)
                decoded += 1
            } catch {
                #expect(!error.description.isEmpty)
                failed.append("\(url.lastPathComponent): \(error)")
            }
        }
        // Print the reasons so a run shows what broke and why.
        print("broken/: \(decoded) decoded, \(failed.count) refused:\n  " + failed.joined(separator: "\n  "))
        #expect(decoded > 10)
    }

    @Test("broken/ files with known problems give the expected outcome")
    func knownBroken() throws {
        let dir = S.photosRoot.appendingPathComponent("broken")
        func decode(_ name: String) throws -> DecodedImage {
            try JPEGDecoder.decode(Self.load(dir.appendingPathComponent(name)), atLeast: 0, 0)
        }
        // Adobe YCCK: Pillow's test says the top-left is red and the bottom-right black.
        let cmyk = try JPEGDecoder.decode(Self.load(dir.appendingPathComponent("pil_sample_cmyk.jpg")),
                                          atLeast: 100, 100)
        let tl = cmyk.pixel(0, 0), br = cmyk.pixel(cmyk.width - 1, cmyk.height - 1)
        #expect(tl.r > 200 && tl.g < 60 && tl.b < 60, "top-left \(tl)")
        #expect(Int(br.r) + Int(br.g) + Int(br.b) < 90, "bottom-right \(br)")
        // Truncated files still give an image, with the warning.
        #expect(try decode("truncated_jpeg.jpg").warning?.contains("Premature end") == true)
        #expect(try decode("ultrahdr.jpg").warning != nil)
        // Junk before a marker: a warning, not an error.
        #expect(try JPEGDecoder.header(Self.load(dir.appendingPathComponent("junk_jpeg_header.jpg"))).hadWarning)
        #expect(throws: JPEGDecodeError.zeroSize) { try decode("exiv2_table.jpg") }
        #expect(throws: JPEGDecodeError.notJPEG(firstBytes: [0x00, 0x00])) { try decode("heic_hdlr_box.jpg") }
    }
}
