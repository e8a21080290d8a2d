/// Select Graphic Rendition sequences for cells the terminal layer writes itself.
enum SGR {
    /// `ESC [ 0 ; attrs ; fg ; bg m` for `cell`: resets first, so it fully describes the cell.
    static func sequence(for cell: Cell) -> [UInt8] {
        var s = "\u{1b}[0"
        if cell.attrs.contains(.bold) { s += ";1" }
        if cell.attrs.contains(.dim) { s += ";2" }
        if cell.attrs.contains(.underline) { s += ";4" }
        if cell.attrs.contains(.reverse) { s += ";7" }
        if cell.attrs.contains(.invisible) { s += ";8" }
        s += parameters(cell.fg, base: 30, brightBase: 90, extended: 38)
        s += parameters(cell.bg, base: 40, brightBase: 100, extended: 48)
        s += "m"
        return Array(s.utf8)
    }

    private static func parameters(_ color: CellColor, base: Int, brightBase: Int,
                                   extended: Int) -> String {
        switch color {
        case .default: return ""
        case .indexed(let i) where i < 8: return ";\(base + Int(i))"
        case .indexed(let i) where i < 16: return ";\(brightBase + Int(i) - 8)"
        case .indexed(let i): return ";\(extended);5;\(i)"
        case .rgb(let r, let g, let b): return ";\(extended);2;\(r);\(g);\(b)"
        }
    }
}
