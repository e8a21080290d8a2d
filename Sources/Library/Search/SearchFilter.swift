/// One condition of a search query. Texts are folded (see `SearchText`).
public enum SearchFilter: Sendable, Equatable {
    /// Found in the file name, folder, description or camera.
    case word(String)
    /// Taken in this span (`year:`, `date:`).
    case taken(DateSpan)
    /// Found in the camera's make and model.
    case camera(String)
    /// Found in the name of the city or country of the photo's location.
    case place(String)
    /// In the description group of this name (case and accents ignored).
    case group(String)
    case favourite
    case missing
    /// The user changed the date, place or description.
    case edited
    /// A photo, a camera raw file or a video (`is:photo`, `is:raw`, `is:video`).
    case kind(Photo.Kind)
    /// A photo with a motion part (`is:live`: a Motion Photo or a Live Photo's still; see `Photo.hasMotion`).
    case live
    /// Files whose name ends in this extension or one naming the same type (`type:mp4`;
    /// `type:jpg` finds .jpeg too), folded, without the dot.
    case fileType(String)

    /// The extensions `fileType` matches for `type`, with their dots: the type and its aliases.
    static func extensions(of type: String) -> [[UInt8]] {
        let aliases = [["jpg", "jpeg", "jpe"], ["tif", "tiff"], ["heic", "heif", "hif"], ["mts", "m2ts"], ["mpg", "mpeg"]]
        let names = aliases.first { $0.contains(type) } ?? [type]
        return names.map { Array(("." + $0).utf8) }
    }
    /// Stars in this range (`rating:>=4`, `rating:0`).
    case rating(ClosedRange<Int>)
    case rejected
    case picked
    case label(ColourLabel)
    /// Tagged with this tag or one under it (folded: `tag:places/italy`).
    case tag(String)
    // Albums (issue 23)
    /// In the album of this name or in an album of the album folder of this name (`Album.key`).
    case album(String)
}

/// A span of dates taken, both ends included, as `TakenAt.sortKey` numbers (YYYYMMDDhhmmss).
public struct DateSpan: Sendable, Equatable {
    public var from: Int64
    public var through: Int64

    public init(from: Int64, through: Int64) {
        self.from = from
        self.through = through
    }

    /// Every moment of the year, month, day, minute or second `date` names.
    public init(_ date: DateInput) {
        let clock = date.clock
        let start = WallClock(year: clock.year, month: clock.month, day: clock.day, hour: clock.hour,
                              minute: clock.minute, second: clock.second)
        var end = start
        switch date.precision {
        case .year: (end.month, end.day, end.hour, end.minute, end.second) = (12, 31, 23, 59, 59)
        case .month: (end.day, end.hour, end.minute, end.second) = (WallClock.daysIn(month: clock.month, year: clock.year), 23, 59, 59)
        case .day: (end.hour, end.minute, end.second) = (23, 59, 59)
        case .minute: end.second = 59
        case .second: break
        }
        self.init(from: TakenAt.sortKey(start.iso), through: TakenAt.sortKey(end.iso))
    }

    /// Whether the date with sort key `key` is in the span; an unknown date never is, even in
    /// an open span ("2019..").
    public func contains(_ key: Int64) -> Bool { key != TakenAt.unknownSortKey && key >= from && key <= through }
}
