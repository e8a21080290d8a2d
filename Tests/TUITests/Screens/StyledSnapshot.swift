@testable import TUI

/// A grid written as a snapshot file a diff can be read in: the text, then a style map with one
/// letter per cell, then the legend of the letters.
///
/// ```
/// photory · Garden · 30 photos
///  Enter view · Esc back
/// ── styles: a letter per cell, "." default colours and no attributes ──
/// AAAAAAAAAAAAAAAAAAAAAAAAAAAA
/// BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB
/// ── legend ──
/// A  bold
/// B  reverse
/// ```
///
/// Style rows have one letter per grid column (a wide glyph's two columns both get its letter),
/// so in a terminal they line up under the text; trailing "." are trimmed. Letters are given in
/// order of first appearance, reading row by row.
///
/// **Image cells.** Every 24-bit colour is written as `rgb`, not its value: photos are drawn by
/// chafa, whose cells change with its version and the colour mode and would need a legend entry
/// per colour. Screen snapshots draw fake previews anyway (a plain glyph in default colours, see
/// `ScreenSnapshotTests.fakePreview`); the colours chafa produces are tested in
/// `ChafaRendererTests`. The UI itself uses only palette colours, which are written exactly.
struct StyledSnapshot {
    /// The whole file.
    let text: String

    static let stylesHeader = "── styles: a letter per cell, \".\" default colours and no attributes ──"
    static let legendHeader = "── legend ──"
    /// Letters for styles, in the order they are handed out.
    static let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789#$%&*+=@^~")

    init(_ grid: CellGrid) {
        var letterOf: [Style: Character] = [Style.plain: "."]
        var legend: [String] = []
        var rows: [String] = []
        for y in 0..<grid.height {
            var row = ""
            for cell in grid.row(y) {
                let style = Self.comparable(cell.style)
                if let letter = letterOf[style] {
                    row.append(letter)
                    continue
                }
                let letter = letterOf.count <= Self.letters.count ? Self.letters[letterOf.count - 1] : "?"
                letterOf[style] = letter
                legend.append("\(letter)  \(Self.describe(style))")
                row.append(letter)
            }
            while row.last == "." { row.removeLast() }
            rows.append(row)
        }
        text = ([grid.text(), Self.stylesHeader] + rows + [Self.legendHeader] + legend).joined(separator: "\n") + "\n"
    }

    /// Which parts of two snapshot files differ, in words ("text", "styles", "text and styles").
    static func whatDiffers(expected: String, actual: String) -> String {
        func parts(_ file: String) -> (text: Substring, styles: Substring) {
            guard let range = file.range(of: "\n" + stylesHeader + "\n") else { return (file[...], "") }
            return (file[..<range.lowerBound], file[range.upperBound...])
        }
        let old = parts(expected), new = parts(actual)
        switch (old.text != new.text, old.styles != new.styles) {
        case (true, true): return "text and styles"
        case (true, false): return "text"
        case (false, true): return "styles only; the text is the same"
        case (false, false): return "no difference"
        }
    }

    /// `style` with every 24-bit colour made the same (see "Image cells" above).
    static func comparable(_ style: Style) -> Style {
        var style = style
        if style.fg.isRGB { style.fg = .rgb(0, 0, 0) }
        if style.bg.isRGB { style.bg = .rgb(0, 0, 0) }
        return style
    }

    /// "fg 1 red, bg 238, bold reverse".
    static func describe(_ style: Style) -> String {
        var parts: [String] = []
        if style.fg != .default { parts.append("fg " + describe(style.fg)) }
        if style.bg != .default { parts.append("bg " + describe(style.bg)) }
        let names: [(CellAttributes, String)] = [(.bold, "bold"), (.dim, "dim"), (.reverse, "reverse"),
                                                 (.underline, "underline")]
        let attributes = names.filter { style.attrs.contains($0.0) }.map(\.1)
        if !attributes.isEmpty { parts.append(attributes.joined(separator: " ")) }
        return parts.isEmpty ? "default" : parts.joined(separator: ", ")
    }

    static func describe(_ color: CellColor) -> String {
        let ansi = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]
        switch color {
        case .default: return "default"
        case let .indexed(n) where n < 8: return "\(n) \(ansi[Int(n)])"
        case let .indexed(n) where n < 16: return "\(n) bright \(ansi[Int(n) - 8])"
        case let .indexed(n): return "\(n)"
        case .rgb: return "rgb"
        }
    }
}
