/// The styles screens draw with, in one place.
enum Theme {
    static let title = Style(attrs: [.bold])
    static let dim = Style(attrs: [.dim])
    static let selected = Style(attrs: [.reverse, .bold])
    static let marked = Style(fg: .indexed(3), attrs: [.bold])
    /// The badge on a marked tile.
    static let markBadge = Style(fg: .indexed(0), bg: .indexed(3), attrs: [.bold])
    // Videos (issue 21)
    static let videoBadge = Style(fg: .indexed(15), bg: .indexed(0), attrs: [.bold])
    /// A favourite's star.
    static let star = Style(fg: .indexed(3), attrs: [.bold])
    /// A value the user edited, in the info panel.
    static let edited = Style(fg: .indexed(6), attrs: [.bold])
    static let folder = Style(fg: .indexed(4), attrs: [.bold])
    static let error = Style(fg: .indexed(1), attrs: [.bold])
    static let statusBar = Style(attrs: [.reverse])
    static let border = Style(attrs: [.bold])
    static let barFilled = Style(fg: .indexed(2))
    /// The line on a web photo whose original is on its way (or failed).
    static let downloading = Style(attrs: [.reverse, .bold])
    static let downloadFailed = Style(fg: .indexed(1), attrs: [.reverse, .bold])
    /// A photo not drawn (yet): loading, undecodable or missing.
    static let placeholder = Cell(" ", bg: .indexed(238))
    static let placeholderText = Style(fg: .indexed(252), bg: .indexed(238))
}
