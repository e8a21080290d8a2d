/// Select Graphic Rendition sequences for cells the terminal layer writes itself.
enum SGR {
    /// `ESC [ 0 ; attrs ; fg ; bg m` for `cell`: resets first, so it fully describes the cell.
    static func sequence(for cell: Cell) -> [UInt8] {
        var bytes: [UInt8] = []
        append(cell, to: &bytes)
        return bytes
    }

    /// Appends ``sequence(for:)`` to `bytes` (a full screen of truecolor cells writes one a cell:
    /// made as bytes, without strings).
    static func append(_ cell: Cell, to bytes: inout [UInt8]) {
        bytes += [0x1B, 0x5B, 0x30]   // ESC [ 0
        if !cell.attrs.isEmpty {
            for (attribute, code) in [(CellAttributes.bold, 1), (.dim, 2), (.underline, 4), (.reverse, 7), (.invisible, 8)]
                where cell.attrs.contains(attribute) {
                parameter(code, to: &bytes)
            }
        }
        parameters(cell.fg, base: 30, brightBase: 90, extended: 38, to: &bytes)
        parameters(cell.bg, base: 40, brightBase: 100, extended: 48, to: &bytes)
        bytes.append(0x6D)   // m
    }

    private static func parameters(_ color: CellColor, base: Int, brightBase: Int, extended: Int,
                                   to bytes: inout [UInt8]) {
        switch color {
        case .default: break
        case .indexed(let i) where i < 8: parameter(base + Int(i), to: &bytes)
        case .indexed(let i) where i < 16: parameter(brightBase + Int(i) - 8, to: &bytes)
        case .indexed(let i):
            parameter(extended, to: &bytes); parameter(5, to: &bytes); parameter(Int(i), to: &bytes)
        case .rgb(let r, let g, let b):
            parameter(extended, to: &bytes); parameter(2, to: &bytes)
            parameter(Int(r), to: &bytes); parameter(Int(g), to: &bytes); parameter(Int(b), to: &bytes)
        }
    }

    /// `;` and `value` (0…999) in decimal.
    private static func parameter(_ value: Int, to bytes: inout [UInt8]) {
        bytes.append(0x3B)
        if value >= 100 { bytes.append(0x30 + UInt8(value / 100)) }
        if value >= 10 { bytes.append(0x30 + UInt8(value / 10 % 10)) }
        bytes.append(0x30 + UInt8(value % 10))
    }
}
