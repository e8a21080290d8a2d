import Library

/// A photo's marks as small badges: ✗ rejected, P picked, a dot in its label's colour and its
/// stars (★★★★☆), on tiles, in the list view and the photo view's status line. Where the room
/// is short the stars shrink to "4★", then the rest go from the right.
enum PhotoBadges {
    /// One badge: its text and colours.
    struct Part: Equatable {
        var text: String
        var style: Style
    }

    static let rejectStyle = Style(fg: .indexed(1), attrs: [.bold])
    static let pickStyle = Style(fg: .indexed(2), attrs: [.bold])

    /// "★★★★☆" for 4.
    static func stars(_ n: Int) -> String {
        let n = max(0, min(5, n))
        return String(repeating: "★", count: n) + String(repeating: "☆", count: 5 - n)
    }

    /// The colour of a label's dot (the terminal palette's nearest for orange and purple).
    static func color(of label: ColourLabel) -> CellColor {
        switch label {
        case .red: .indexed(1)
        case .orange: .indexed(208)
        case .yellow: .indexed(3)
        case .green: .indexed(2)
        case .blue: .indexed(4)
        case .purple: .indexed(5)
        }
    }

    /// A label's dot style (none: plain), bold; reversed on a highlighted row keeps its colour.
    static func style(of label: ColourLabel?, selected: Bool = false) -> Style {
        guard let label else { return selected ? Theme.selected : .plain }
        return Style(fg: color(of: label), attrs: [.bold])
    }

    /// The badges of `photo` fitting `width` cells (one space between them): stars in full,
    /// else short, else dropped from the right.
    static func parts(_ photo: Photo, width: Int = .max) -> [Part] {
        var parts: [Part] = []
        if photo.isRejected { parts.append(Part(text: "✗", style: rejectStyle)) }
        if photo.isPicked { parts.append(Part(text: "P", style: pickStyle)) }
        if let label = photo.label { parts.append(Part(text: "●", style: style(of: label))) }
        if photo.rating > 0 { parts.append(Part(text: stars(photo.rating), style: Theme.star)) }
        if self.width(parts) > width, photo.rating > 0 {
            parts[parts.count - 1].text = "\(photo.rating)★"
        }
        while self.width(parts) > width { parts.removeLast() }
        return parts
    }

    /// Cells the badges take, spaces between them included.
    static func width(_ parts: [Part]) -> Int {
        parts.isEmpty ? 0 : parts.map(\.text.displayWidth).reduce(0, +) + parts.count - 1
    }

    /// The badges as plain text ("✗ ● ★★★★☆").
    static func text(_ parts: [Part]) -> String { parts.map(\.text).joined(separator: " ") }

    /// Draws the badges from column `x` of row `y`; returns the column after them.
    @discardableResult
    static func draw(_ parts: [Part], x: Int, y: Int, into grid: inout CellGrid) -> Int {
        var x = x
        for part in parts {
            grid.put(part.text, x: x, y: y, style: part.style)
            x += part.text.displayWidth + 1
        }
        return x
    }

    /// A rejected photo's preview in a grid, dimmed: its colours darkened (character art), the
    /// caption dim. A pixel image is drawn over the cells and keeps its colours; its ✗ says it.
    static func dim(_ rect: Rect, into grid: inout CellGrid) {
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX {
                var cell = grid[x, y]
                guard !cell.isContinuation else { continue }
                cell.fg = darkened(cell.fg)
                cell.bg = darkened(cell.bg)
                cell.attrs.insert(.dim)
                grid[x, y] = cell
            }
        }
    }

    /// An RGB colour at a third of its brightness; others as they are (the cell gets `.dim` too).
    static func darkened(_ color: CellColor) -> CellColor {
        guard case let .rgb(r, g, b) = color else { return color }
        return .rgb(r / 3, g / 3, b / 3)
    }

    /// Pixels at a third of their brightness, as `darkened` does to a cell (a dimmed pixel tile).
    static func darkened(_ image: DecodedImage) -> DecodedImage {
        var pixels = image.pixels
        pixels.withUnsafeMutableBufferPointer { bytes in
            for i in stride(from: 0, to: bytes.count, by: 4) {
                bytes[i] /= 3
                bytes[i + 1] /= 3
                bytes[i + 2] /= 3
            }
        }
        return DecodedImage(width: image.width, height: image.height, pixels: pixels, warning: image.warning)
    }
}
