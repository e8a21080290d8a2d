/// The xterm palette and nearest-colour mapping, used to show a ``CellColor`` on a terminal
/// with fewer colours than it asks for.
public enum ColorPalette {
    /// The RGB value xterm uses for palette entry `index` (the first 16 vary by terminal theme;
    /// these are xterm's defaults).
    public static func rgb(ofIndex index: UInt8) -> (UInt8, UInt8, UInt8) {
        let i = Int(index)
        if i < 16 { return ansi16[i] }
        if i >= 232 {
            let level = UInt8(8 + (i - 232) * 10)
            return (level, level, level)
        }
        let c = i - 16
        return (cubeLevels[c / 36], cubeLevels[(c / 6) % 6], cubeLevels[c % 6])
    }

    /// The nearest entry of the 256-colour palette outside the first 16 (which themes change):
    /// the closer of the 6×6×6 cube entry and the grey ramp entry.
    public static func nearest256(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
        func cubeIndex(_ v: UInt8) -> Int {
            v < 48 ? 0 : v < 115 ? 1 : (Int(v) - 35) / 40
        }
        let ci = (cubeIndex(r), cubeIndex(g), cubeIndex(b))
        let cube = (cubeLevels[ci.0], cubeLevels[ci.1], cubeLevels[ci.2])
        let cubeEntry = 16 + 36 * ci.0 + 6 * ci.1 + ci.2
        let average = (Int(r) + Int(g) + Int(b)) / 3
        let greyIndex = average > 238 ? 23 : max(0, (average - 3) / 10)
        let greyLevel = UInt8(8 + greyIndex * 10)
        let cubeDistance = distance((r, g, b), cube)
        let greyDistance = distance((r, g, b), (greyLevel, greyLevel, greyLevel))
        return UInt8(greyDistance < cubeDistance ? 232 + greyIndex : cubeEntry)
    }

    /// The nearest of the first `count` (8 or 16) ANSI colours.
    public static func nearestANSI(_ r: UInt8, _ g: UInt8, _ b: UInt8, count: Int) -> UInt8 {
        var best = 0
        var bestDistance = Int.max
        for i in 0..<min(max(count, 1), 16) {
            let d = distance((r, g, b), ansi16[i])
            if d < bestDistance { best = i; bestDistance = d }
        }
        return UInt8(best)
    }

    /// The palette index to use for `color` on a terminal with `paletteSize` colours, or nil
    /// for the terminal default (`.default`, or any colour when `paletteSize` is 0).
    public static func index(for color: CellColor, paletteSize: Int) -> Int? {
        guard paletteSize > 0 else { return nil }
        switch color {
        case .default:
            return nil
        case .indexed(let i):
            if Int(i) < paletteSize { return Int(i) }
            let (r, g, b) = rgb(ofIndex: i)
            return Int(nearestANSI(r, g, b, count: paletteSize))
        case .rgb(let r, let g, let b):
            if paletteSize >= 256 { return Int(nearest256(r, g, b)) }
            return Int(nearestANSI(r, g, b, count: paletteSize))
        }
    }

    // MARK: - Tables

    private static let cubeLevels: [UInt8] = [0, 95, 135, 175, 215, 255]

    private static let ansi16: [(UInt8, UInt8, UInt8)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0),
        (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0),
        (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]

    /// Squared distance, weighted roughly by how sensitive the eye is to each channel.
    private static func distance(_ a: (UInt8, UInt8, UInt8), _ b: (UInt8, UInt8, UInt8)) -> Int {
        let dr = Int(a.0) - Int(b.0), dg = Int(a.1) - Int(b.1), db = Int(a.2) - Int(b.2)
        return 3 * dr * dr + 4 * dg * dg + 2 * db * db
    }
}
