import Foundation

/// What the orders of `PhotoSort` look at: a `Photo`, or only these fields of one (the search
/// index keeps them, not the photos, so the library it was built from is not held).
public protocol SortablePhoto {
    var takenAt: String? { get }
    var path: String { get }
    var sourceURL: String? { get }
    var fileSize: Int64 { get }
    var name: String { get }
    var rating: Int { get }
}

extension Photo: SortablePhoto {}

/// The order of the photos inside a folder, a group or search results.
public enum PhotoSort: String, CaseIterable, Sendable, Codable {
    /// Date taken, oldest first (then path): the default. Unknown dates go last in every order.
    case dateTaken
    /// Date taken, newest first.
    case newestFirst
    /// File name in natural order ("IMG_2" before "IMG_10"), case and accents ignored.
    case fileName
    /// File size, largest first.
    case fileSize
    /// Stars, most first (then by date).
    case rating

    /// How the order is named in titles and help.
    public var title: String {
        switch self {
        case .dateTaken: "date taken"
        case .newestFirst: "newest first"
        case .fileName: "file name"
        case .fileSize: "file size"
        case .rating: "rating"
        }
    }


    /// `ids` in this order (unknown ids left out).
    public func sorted(_ ids: [String], in library: PhotoLibrary) -> [String] {
        let photos = ids.compactMap { library.photo(id: $0) }
        return order(of: photos).map { photos[$0].id }
    }

    /// Positions in `photos`, in this order.
    public func order<P: SortablePhoto>(of photos: [P]) -> [Int] {
        let byDate = Self.dateOrder(of: photos)
        switch self {
        case .dateTaken:
            return byDate
        case .newestFirst:
            return Self.newestFirst(byDate, of: photos)
        case .fileName, .fileSize, .rating:
            // Ties keep the date order, so rank by it first.
            var dateRank = [Int](repeating: 0, count: photos.count)
            for (rank, index) in byDate.enumerated() { dateRank[index] = rank }
            if self == .rating {
                return byDate.sorted { a, b in
                    photos[a].rating != photos[b].rating ? photos[a].rating > photos[b].rating : dateRank[a] < dateRank[b]
                }
            }
            if self == .fileSize {
                // An unknown size (0, not downloaded) goes last.
                return byDate.sorted { a, b in
                    photos[a].fileSize != photos[b].fileSize ? photos[a].fileSize > photos[b].fileSize : dateRank[a] < dateRank[b]
                }
            }
            let names = photos.map { Array(SearchText.fold($0.name).utf8) }
            return byDate.sorted { a, b in
                switch Self.naturalOrder(names[a], names[b]) {
                case .orderedAscending: true
                case .orderedDescending: false
                case .orderedSame: dateRank[a] < dateRank[b]
                }
            }
        }
    }

    /// The date order `byDate` (positions in `photos`) newest first; unknown dates stay last,
    /// in path order.
    static func newestFirst<P: SortablePhoto>(_ byDate: [Int], of photos: [P]) -> [Int] {
        let known = byDate.prefix { photos[$0].takenAt != nil }
        return known.reversed() + byDate[known.count...]
    }

    /// Positions in `photos` by date taken, then path: the order groups have always had.
    static func dateOrder<P: SortablePhoto>(of photos: [P]) -> [Int] {
        photos.withUnsafeBufferPointer { dateOrder(Array($0.indices), in: $0) }
    }

    /// `positions` (into `photos`) in the same order. Works on the buffer, without copying
    /// photos: large libraries sort all 100,000 of them this way. Dates compare as integers
    /// (YYYYMMDDhhmmss), far cheaper than strings. Photos without a known date (web photos not
    /// downloaded yet, whose files are named by a hash) go last in the natural order of their
    /// addresses: "img/2.jpg" before "img/10.jpg".
    static func dateOrder<P: SortablePhoto>(_ positions: [Int], in photos: UnsafeBufferPointer<P>) -> [Int] {
        let keys = positions.map { TakenAt.sortKey(photos[$0].takenAt) }
        return Array(positions.indices).sorted {
            if keys[$0] != keys[$1] { return keys[$0] < keys[$1] }
            return sameDatePrecedes(photos[positions[$0]], photos[positions[$1]], key: keys[$0])
        }.map { positions[$0] }
    }

    /// Whether `a` goes before `b` in the date order (`dateOrder`): one comparison, for
    /// keeping a list in order as photos come and go.
    public static func precedesByDate<P: SortablePhoto>(_ a: P, _ b: P) -> Bool {
        let first = TakenAt.sortKey(a.takenAt), second = TakenAt.sortKey(b.takenAt)
        return first != second ? first < second : sameDatePrecedes(a, b, key: first)
    }

    /// The date order of two photos with the same date sort key `key`.
    private static func sameDatePrecedes<P: SortablePhoto>(_ a: P, _ b: P, key: Int64) -> Bool {
        if key == TakenAt.unknownSortKey, let first = a.sourceURL, let second = b.sourceURL, first != second {
            return naturalOrder(first, second) == .orderedAscending
        }
        return a.path < b.path
    }

    /// Compares two texts with runs of digits compared as numbers: "img_2" < "img_10" < "img_010a";
    /// ASCII letters compare without case.
    public static func naturalOrder(_ a: [UInt8], _ b: [UInt8]) -> ComparisonResult {
        a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in naturalOrder(a, b) } }
    }

    /// The same for two strings, without copying them when they are native.
    public static func naturalOrder(_ a: String, _ b: String) -> ComparisonResult {
        var a = a, b = b
        a.makeContiguousUTF8()
        b.makeContiguousUTF8()
        return a.utf8.withContiguousStorageIfAvailable { a in
            b.utf8.withContiguousStorageIfAvailable { b in naturalOrder(a, b) }
        }!!
    }

    static func naturalOrder(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> ComparisonResult {
        func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }
        func lower(_ byte: UInt8) -> UInt8 { byte >= 65 && byte <= 90 ? byte + 32 : byte }
        var i = 0, j = 0
        while i < a.count && j < b.count {
            if isDigit(a[i]) && isDigit(b[j]) {
                var endA = i, endB = j
                while endA < a.count && isDigit(a[endA]) { endA += 1 }
                while endB < b.count && isDigit(b[endB]) { endB += 1 }
                var startA = i, startB = j
                while startA < endA - 1 && a[startA] == 48 { startA += 1 }   // leading zeros
                while startB < endB - 1 && b[startB] == 48 { startB += 1 }
                if endA - startA != endB - startB { return endA - startA < endB - startB ? .orderedAscending : .orderedDescending }
                for k in 0..<(endA - startA) where a[startA + k] != b[startB + k] {
                    return a[startA + k] < b[startB + k] ? .orderedAscending : .orderedDescending
                }
                if endA - i != endB - j { return endA - i < endB - j ? .orderedAscending : .orderedDescending }
                i = endA
                j = endB
                continue
            }
            let x = lower(a[i]), y = lower(b[j])
            if x != y { return x < y ? .orderedAscending : .orderedDescending }
            i += 1
            j += 1
        }
        if a.count - i == b.count - j { return .orderedSame }
        return a.count - i < b.count - j ? .orderedAscending : .orderedDescending
    }
}
