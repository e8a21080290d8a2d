/// The day-of-year index behind "On this day" (`OnThisDay`): every photo with a full date,
/// bucketed by the month and day of its effective (edited) date, so a day's memories read the
/// seven or so buckets around its month and day (about 1/50 of the library) instead of every
/// photo. A million photos: built in one pass off the UI thread, then asked in milliseconds
/// (`bench --only memories`).
///
/// Recipe: `init(library:)` builds it; `memories(on:in:)` answers for a day, reading the
/// photos' rejects and date precision then (so marks never touch the index); `update(old:new:in:)`
/// follows photos whose dates changed (a date edit costs the photos edited). It holds positions
/// in `library.photos`: photos coming or going (`inputs`) need a new index.
public struct MemoryIndex: Sendable {
    /// A photo in its bucket, with all a day's question reads of its date as numbers (so
    /// asking never parses a date or copies a photo): where it is in `library.photos`, its date
    /// sort key (`TakenAt.sortKey`, for the memory's date order), year and day number, and
    /// whether it is dated to the day (a date the user gave only to the month or year is not).
    struct Entry: Sendable, Equatable {
        var sortKey: Int64
        var position: Int32
        var year: Int32
        var dayNumber: Int32
        var datedToTheDay: Bool

        /// The entry of the photo at `position`, or nil when its date is not a full day.
        init?(_ photo: Photo, at position: Int) {
            guard let takenAt = photo.takenAt, let date = MemoryIndex.date(of: takenAt) else { return nil }
            (sortKey, self.position, year, dayNumber) = (TakenAt.sortKey(takenAt), Int32(position), Int32(date.year), Int32(date.dayNumber))
            datedToTheDay = photo.takenAtPrecision != .year && photo.takenAtPrecision != .month
        }

        /// The bucket it goes in.
        var slot: Int {
            let (_, month, day) = MemoryIndex.civil(fromDayNumber: Int(dayNumber))
            return (month - 1) * 31 + day - 1
        }
    }

    /// Slot (month − 1) × 31 + (day − 1): 372 buckets, a few never used (30 February).
    private(set) var buckets: [[Entry]]

    /// What the index reads: which photos there are (and where) and their dates.
    public static let inputs: LibraryChange = [.photosAdded, .photosRemoved, .dates]

    /// Builds the index of `library`; nil when `isCancelled` said stop.
    public init?(library: PhotoLibrary, isCancelled: () -> Bool = { false }) {
        var buckets = [[Entry]](repeating: [], count: 12 * 31)
        let finished: Bool = library.photos.withUnsafeBufferPointer { photos in
            for position in photos.indices {
                if position & 0x3FFF == 0, isCancelled() { return false }
                guard let entry = Entry(photos[position], at: position) else { continue }
                buckets[entry.slot].append(entry)
            }
            return true
        }
        guard finished else { return nil }
        self.buckets = buckets
    }

    /// The memories of `day` in `library` (the library the index was built from or followed),
    /// the most recent year first; empty years left out. Reads only the entries of the buckets
    /// around the day and, of those in the window, whether the photo is rejected.
    public func memories(on day: OnThisDay, in library: PhotoLibrary) -> [OnThisDay.Memory] {
        let firstYear = OnThisDay.firstYear
        guard day.year > firstYear else { return [] }
        // Each earlier year's anchor, by year from `firstYear`: worked out once, not per photo.
        let anchors = (firstYear..<day.year).map { year in
            OnThisDay.dayNumber(year: year, month: day.month, day: min(day.day, WallClock.daysIn(month: day.month, year: year)))
        }
        /// (sort key, position) of each year's photos, by anchor year.
        var byYear: [Int: [(Int64, Int32)]] = [:]
        /// The years the photos of each anchor year were taken in.
        var takenYears: [Int: ClosedRange<Int>] = [:]
        library.photos.withUnsafeBufferPointer { photos in
            for slot in Self.slots(around: day) {
                for entry in buckets[slot] where entry.datedToTheDay {
                    let year = Int(entry.year), dayNumber = Int(entry.dayNumber)
                    // The anchor within the window: this year's, or (across a year's end) a neighbour's.
                    var anchorYear: Int?
                    var candidate = max(firstYear, year - 1)
                    while candidate <= min(day.year - 1, year + 1) {
                        if abs(dayNumber - anchors[candidate - firstYear]) <= OnThisDay.window {
                            anchorYear = candidate
                            break
                        }
                        candidate += 1
                    }
                    guard let anchorYear, !photos[Int(entry.position)].isRejected else { continue }
                    byYear[anchorYear, default: []].append((entry.sortKey, entry.position))
                    let years = takenYears[anchorYear] ?? year...year
                    takenYears[anchorYear] = min(years.lowerBound, year)...max(years.upperBound, year)
                }
            }
        }
        return library.photos.withUnsafeBufferPointer { photos in
            byYear.keys.sorted(by: >).map { anchor in
                OnThisDay.Memory(year: anchor, yearsAgo: day.year - anchor, takenYears: takenYears[anchor]!,
                                 photoIDs: Self.dateOrder(byYear[anchor]!, in: photos).map { photos[$0].id })
            }
        }
    }

    /// `entries` in the date order (`PhotoSort.dateOrder`: by date, then path), as positions:
    /// by their sort keys, only photos with the same key compared by path.
    static func dateOrder(_ entries: [(Int64, Int32)], in photos: UnsafeBufferPointer<Photo>) -> [Int] {
        let sorted = entries.sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
        var positions = sorted.map { Int($0.1) }
        var start = 0
        while start < sorted.count {
            var end = start + 1
            while end < sorted.count, sorted[end].0 == sorted[start].0 { end += 1 }
            if end - start > 1 { positions[start..<end].sort { photos[$0].path < photos[$1].path } }
            start = end
        }
        return positions
    }

    /// Follows photos whose dates changed (`old` and `new`: the same photos before and after,
    /// `new` as they are in `library` now).
    public mutating func update(old: [Photo], new: [Photo], in library: PhotoLibrary) {
        for (before, after) in zip(old, new)
        where before.takenAt != after.takenAt || before.takenAtPrecision != after.takenAtPrecision {
            guard let position = library.indexByID[after.id] else { continue }
            if let entry = Entry(before, at: position) {
                buckets[entry.slot].removeAll { $0.position == entry.position }
            }
            if let entry = Entry(after, at: position) { buckets[entry.slot].append(entry) }
        }
    }

    // MARK: - Helpers

    /// The buckets a day's window can reach in any year: its month and day ± the window, in a
    /// leap year and in a common one (29 February's anchor is the 28th in a common year), across
    /// a month's and a year's end.
    static func slots(around day: OnThisDay) -> [Int] {
        var slots = Set<Int>()
        for year in [2000, 2001] {   // leap, common
            let anchor = OnThisDay.dayNumber(year: year, month: day.month, day: min(day.day, WallClock.daysIn(month: day.month, year: year)))
            for offset in -OnThisDay.window...OnThisDay.window {
                let (_, month, dayOfMonth) = civil(fromDayNumber: anchor + offset)
                slots.insert((month - 1) * 31 + dayOfMonth - 1)
            }
        }
        return slots.sorted()
    }

    /// The year, bucket and day number of a `takenAt` value ("2024-05-01…"), read from its
    /// first ten bytes without copying them; nil when it does not start with a real day.
    static func date(of takenAt: String) -> (year: Int, slot: Int, dayNumber: Int)? {
        var fields = (year: 0, month: 0, day: 0)
        var position = 0
        for byte in takenAt.utf8 {
            switch position {
            case 4, 7: guard byte == UInt8(ascii: "-") else { return nil }
            default:
                guard byte >= 48, byte <= 57 else { return nil }
                let digit = Int(byte - 48)
                if position < 4 { fields.year = fields.year * 10 + digit }
                else if position < 7 { fields.month = fields.month * 10 + digit }
                else { fields.day = fields.day * 10 + digit }
            }
            position += 1
            if position == 10 { break }
        }
        let (year, month, day) = fields
        guard position == 10, (1...12).contains(month), (1...WallClock.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        return (year, (month - 1) * 31 + day - 1, OnThisDay.dayNumber(year: year, month: month, day: day))
    }

    /// The Gregorian date of a day number (days since 1970-01-01; Howard Hinnant's civil_from_days).
    static func civil(fromDayNumber number: Int) -> (year: Int, month: Int, day: Int) {
        let z = number + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
