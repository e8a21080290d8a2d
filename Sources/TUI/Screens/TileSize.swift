/// How big the thumbnail tiles of the grids are (`+` / `-` in a grid, `tile-size` in
/// `config.toml`, remembered between runs). Bigger tiles ask for bigger previews, so their
/// pixels are decoded at the larger size (see `PreviewMaker`): sharper, not blown up.
public enum TileSize: String, CaseIterable, Codable, Sendable {
    case small, medium, large, huge

    /// Where the browser starts when neither the config file nor a remembered choice says.
    public static let standard = TileSize.medium

    /// A tile's width in cells.
    var width: Int {
        switch self {
        case .small: 16
        case .medium: 25
        case .large: 36
        case .huge: 50
        }
    }

    /// The smallest preview box a tile gets, in lines (the rows spare are shared out: see `GridLayout`).
    var minimumPreviewHeight: Int {
        switch self {
        case .small: 4
        case .medium: 6
        case .large: 9
        case .huge: 13
        }
    }

    /// One step bigger (the biggest stays).
    var larger: TileSize { Self.allCases.first { $0.width > width } ?? self }
    /// One step smaller (the smallest stays).
    var smaller: TileSize { Self.allCases.last { $0.width < width } ?? self }

    /// The names `tile-size` takes, in order.
    public static var names: [String] { allCases.map(\.rawValue) }
}
