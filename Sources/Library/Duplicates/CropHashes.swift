import Foundation

/// The perceptual hashes (`PerceptualHash`) of a picture's five 95% crops: its four corners
/// and its centre. They find lightly cropped copies: a copy cropped by 5% is a few bits from
/// the original's crop of the same region (as a recompressed copy is from the original),
/// while its own hash can be 6–24 bits from the original's (`LookAlikeIndex` compares a
/// photo's hash with the others' crop hashes). 0 for a crop with no hash (a flat region);
/// all 0 while not known (imported before crop hashes).
public struct CropHashes: Sendable, Equatable {
    public var topLeft: UInt64 = 0
    public var topRight: UInt64 = 0
    public var bottomLeft: UInt64 = 0
    public var bottomRight: UInt64 = 0
    public var centre: UInt64 = 0

    public static let none = CropHashes()

    /// Stands for "tried, and the picture is flat" beside a perceptual hash of 0: such a photo
    /// has no hash to find look-alikes with, and is not one still to be hashed
    /// (`LookAlikeHashes.missing`). Never compared: photos without a hash stay out of the index.
    public static let flat = CropHashes([UInt64](repeating: .max, count: 5))

    /// How much of each side a crop leaves out: 1/20 (5%) in all, on one edge for the corners,
    /// half on each edge for the centre.
    static let cutDivisor = 20

    public init() {}

    /// From five hashes in the order of `all`.
    public init(_ hashes: [UInt64]) {
        precondition(hashes.count == 5)
        (topLeft, topRight, bottomLeft, bottomRight, centre) = (hashes[0], hashes[1], hashes[2], hashes[3], hashes[4])
    }

    public var isEmpty: Bool { self == .none }

    /// Top left, top right, bottom left, bottom right, centre.
    public var all: [UInt64] { [topLeft, topRight, bottomLeft, bottomRight, centre] }

    /// The five crops of a `width`×`height` picture as (x, y, width, height), in the order of
    /// `all`, in fractions of a pixel: a thumbnail is small (160 pixels), and a 5% cut rounded
    /// to whole pixels of a 160×68 one is 4.4% of its height, far enough to miss a copy.
    static func boxes(width: Int, height: Int) -> [PerceptualHash.Box] {
        let dx = Double(width) / Double(cutDivisor), dy = Double(height) / Double(cutDivisor)
        let (w, h) = (Double(width) - dx, Double(height) - dy)
        return [.init(x: 0, y: 0, width: w, height: h), .init(x: dx, y: 0, width: w, height: h),
                .init(x: 0, y: dy, width: w, height: h), .init(x: dx, y: dy, width: w, height: h),
                .init(x: dx / 2, y: dy / 2, width: w, height: h)]
    }

    /// 80 hex digits, as the library file writes them.
    public var hex: String { all.map(PerceptualHash.hex).joined() }

    /// The hashes written by `hex`, or nil.
    public init?(hex: String) {
        let utf8 = Array(hex.utf8)
        guard utf8.count == 80 else { return nil }
        var hashes: [UInt64] = []
        for i in 0..<5 {
            guard let text = String(bytes: utf8[(i * 16)..<(i * 16 + 16)], encoding: .ascii),
                  let hash = PerceptualHash.parse(hex: text) else { return nil }
            hashes.append(hash)
        }
        self.init(hashes)
    }
}
