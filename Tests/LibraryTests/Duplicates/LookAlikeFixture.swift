import Fixtures
import Foundation
import Library

/// Look-alike copies of a picture made in the test (turbojpeg through `JPEGEncoder`): resized,
/// recompressed at low quality, cropped 5%, brightened; and synthetic pictures that always exist.
/// Each is hashed the way the importer does: its bytes through `ThumbnailStore.make`, the
/// thumbnail's pixels through `PerceptualHash`.
enum LookAlikeFixture {
    /// The copies of `image` a library fills up with, by name.
    static func copies(of image: DecodedImage) throws -> [(name: String, jpeg: [UInt8])] {
        [("resized to half", try JPEGEncoder.encode(ImageTransform.resized(image, toFit: image.width / 2, image.height / 2))),
         ("recompressed at quality 15", try JPEGEncoder.encode(image, quality: 15)),
         ("brightened +30", try JPEGEncoder.encode(brightened(image, by: 30)))]
    }

    /// 5% crops: at a corner (left and top, right and bottom) and centred; found through the
    /// crop hashes (`CropHashes`).
    static func crops(of image: DecodedImage) throws -> [(name: String, jpeg: [UInt8])] {
        let dx = image.width / 20, dy = image.height / 20
        return [("cropped 5% (left and top)", try JPEGEncoder.encode(cropped(image, by: 0.05))),
                ("cropped 5% (right and bottom)",
                 try JPEGEncoder.encode(ImageTransform.cropped(image, x: 0, y: 0, width: image.width - dx, height: image.height - dy))),
                ("cropped 5% (centred)", try JPEGEncoder.encode(centreCropped(image, by: 0.05)))]
    }

    /// Sample photos whose hash is noise: an almost blank frame.
    static let nearlyBlank: Set<String> = ["35-empty.jpg"]
    /// Two frames of one scene, the camera moved a little between them (Canon's HDR off and on,
    /// 14 bits apart): apart on their own and with resized, recompressed or brightened copies,
    /// but a 5% crop of one is also a crop of the other's scene, so crop copies join them. A
    /// crop cannot be told from a frame shifted by as much; `LookAlikeIndex`'s size rule keeps
    /// the frames themselves apart.
    static let framesLikeCrops: Set<Set<String>> = [["canon_hdr_NO.jpg", "canon_hdr_YES.jpg"]]
    /// Pairs of sample files that are one picture: metadata variants, and iOS's normal + HDR versions of one shot.
    static let samePicture: Set<Set<String>> = [["iptc.jpg", "iptc_roundUp.jpg"], ["iphone_hdr_NO.jpg", "iphone_hdr_YES.jpg"]]

    /// `image` without `fraction` of its width on the left and of its height at the top.
    static func cropped(_ image: DecodedImage, by fraction: Double) -> DecodedImage {
        let dx = Int(Double(image.width) * fraction), dy = Int(Double(image.height) * fraction)
        return ImageTransform.cropped(image, x: dx, y: dy, width: image.width - dx, height: image.height - dy)
    }

    /// `image` without `fraction` of each side in all, half on each edge.
    static func centreCropped(_ image: DecodedImage, by fraction: Double) -> DecodedImage {
        let dx = Int(Double(image.width) * fraction / 2), dy = Int(Double(image.height) * fraction / 2)
        return ImageTransform.cropped(image, x: dx, y: dy, width: image.width - 2 * dx, height: image.height - 2 * dy)
    }

    /// Every channel `amount` brighter (clipped at 255).
    static func brightened(_ image: DecodedImage, by amount: Int) -> DecodedImage {
        var out = image
        for i in out.pixels.indices where i % 4 != 3 { out.pixels[i] = UInt8(min(255, Int(out.pixels[i]) + amount)) }
        return out
    }

    /// The hash the importer gives a JPEG file with these bytes (orientation as stored).
    static func importHash(_ jpeg: [UInt8], store: ThumbnailStore) -> UInt64? {
        importHashes(jpeg, store: store)?.hash
    }

    /// The hash and crop hashes the importer gives a JPEG file with these bytes, and its pixel
    /// size as `LookAlikeIndex.sizes` takes it (`size`, else the file's).
    static func importHashes(_ jpeg: [UInt8], store: ThumbnailStore,
                             size: LookAlikeIndex.Size? = nil) -> (hash: UInt64, crops: CropHashes, size: LookAlikeIndex.Size)? {
        let key = ThumbnailStore.Key(photoID: String(jpeg.count) + "-" + String(jpeg.hashValue), fileSize: Int64(jpeg.count), fileModified: 0)
        let image = jpeg.withUnsafeBytes { store.prepare(key, from: $0, orientation: 1) }
        guard let hashes = image.flatMap(PerceptualHash.computeWithCrops),
              let header = try? jpeg.withUnsafeBytes({ try JPEGDecoder.header($0) }) else { return nil }
        return (hashes.hash, hashes.crops, size ?? LookAlikeIndex.Size(width: header.width, height: header.height))
    }

    /// The hashes of a real sample photo, its size that of `image`, the picture its copies are made from.
    static func originalHashes(_ photo: (name: String, bytes: [UInt8], image: DecodedImage),
                               store: ThumbnailStore) -> (hash: UInt64, crops: CropHashes, size: LookAlikeIndex.Size)? {
        importHashes(photo.bytes, store: store, size: LookAlikeIndex.Size(width: photo.image.width, height: photo.image.height))
    }

    /// A synthetic "photo": a seeded sky-to-ground gradient with a few coloured blobs and bars,
    /// different for each seed, 480×360.
    static func synthetic(seed: UInt64, width: Int = 480, height: Int = 360) -> DecodedImage {
        var random = SeededRandom(seed: seed)
        let top = (Int.random(in: 0...255, using: &random), Int.random(in: 0...255, using: &random), Int.random(in: 0...255, using: &random))
        let bottom = (Int.random(in: 0...255, using: &random), Int.random(in: 0...255, using: &random), Int.random(in: 0...255, using: &random))
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let t = Double(y) / Double(height), i = (y * width + x) * 4
                pixels[i] = UInt8(Double(top.0) * (1 - t) + Double(bottom.0) * t)
                pixels[i + 1] = UInt8(Double(top.1) * (1 - t) + Double(bottom.1) * t)
                pixels[i + 2] = UInt8(Double(top.2) * (1 - t) + Double(bottom.2) * t)
            }
        }
        for _ in 0..<8 {
            let cx = Int.random(in: 0..<width, using: &random), cy = Int.random(in: 0..<height, using: &random)
            let r = Int.random(in: 20...120, using: &random)
            let colour = (UInt8.random(in: 0...255, using: &random), UInt8.random(in: 0...255, using: &random),
                          UInt8.random(in: 0...255, using: &random))
            for y in max(0, cy - r)..<min(height, cy + r) {
                for x in max(0, cx - r)..<min(width, cx + r) where (x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r {
                    let i = (y * width + x) * 4
                    (pixels[i], pixels[i + 1], pixels[i + 2]) = colour
                }
            }
        }
        return DecodedImage(width: width, height: height, pixels: pixels)
    }

    /// The real sample photos (JPEG, at least 300 pixels a side), decoded at about 1024 pixels.
    static func realPhotos() -> [(name: String, bytes: [UInt8], image: DecodedImage)] {
        guard let folder = SharedPhotos.folder else { return [] }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder + "/real")) ?? []).sorted()
            .filter { $0.lowercased().hasSuffix(".jpg") }
        return names.compactMap { name in
            guard let data = FileManager.default.contents(atPath: folder + "/real/" + name),
                  let image = try? JPEGDecoder.decode(data, atLeast: 1024, 1024),
                  image.warning == nil, min(image.width, image.height) >= 300 else { return nil }
            return (name, Array(data), image)
        }
    }
}
