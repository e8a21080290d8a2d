/// Keeping a sorted list in order as single elements leave and join it: a binary search each,
/// so an edit costs the log of the list, not a sort of it. `precedes` must order the list as
/// it is (for an element leaving: by the values it was sorted with).
enum OrderedList {
    /// Removes `element`; false when it is not there.
    @discardableResult
    static func remove<Element: Equatable>(_ element: Element, from list: inout [Element],
                                           by precedes: (Element, Element) -> Bool) -> Bool {
        var index = partition(list) { precedes($0, element) }
        while index < list.count, list[index] != element, !precedes(element, list[index]) { index += 1 }
        // Not where its values put it (a list out of order): found by a scan.
        guard let found = index < list.count && list[index] == element ? index : list.firstIndex(of: element) else { return false }
        list.remove(at: found)
        return true
    }

    /// Inserts `element` after every element that does not go after it.
    static func insert<Element>(_ element: Element, into list: inout [Element], by precedes: (Element, Element) -> Bool) {
        list.insert(element, at: partition(list) { !precedes(element, $0) })
    }

    /// The first position where `isBefore` turns false (it must be true, then false).
    private static func partition<Element>(_ list: [Element], _ isBefore: (Element) -> Bool) -> Int {
        var low = 0, high = list.count
        while low < high {
            let middle = (low + high) / 2
            if isBefore(list[middle]) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

/// The same for lists of photo ids in the date order (`PhotoSort.dateOrder`); `photo` looks
/// an id up with the values the list is ordered by.
enum DateOrderedIDs {
    @discardableResult
    static func remove(_ photo: Photo, from ids: inout [String], photo lookUp: (String) -> Photo?) -> Bool {
        OrderedList.remove(photo.id, from: &ids) { precedes($0, $1, lookUp) }
    }

    static func insert(_ photo: Photo, into ids: inout [String], photo lookUp: (String) -> Photo?) {
        OrderedList.insert(photo.id, into: &ids) { precedes($0, $1, lookUp) }
    }

    /// `joining` (sorted by `PhotoSort.precedesByDate`, none of them in `ids`) merged into
    /// `ids` in one pass: each goes where `insert` would put it, after the equal ones.
    static func merge(_ joining: [Photo], into ids: [String], photo lookUp: (String) -> Photo?) -> [String] {
        var merged: [String] = []
        merged.reserveCapacity(ids.count + joining.count)
        var next = 0
        for (position, id) in ids.enumerated() {
            guard next < joining.count else {
                merged.append(contentsOf: ids[position...])
                return merged
            }
            if let existing = lookUp(id) {
                while next < joining.count && PhotoSort.precedesByDate(joining[next], existing) {
                    merged.append(joining[next].id)
                    next += 1
                }
            }
            merged.append(id)
        }
        merged.append(contentsOf: joining[next...].lazy.map(\.id))
        return merged
    }

    private static func precedes(_ a: String, _ b: String, _ lookUp: (String) -> Photo?) -> Bool {
        guard let first = lookUp(a), let second = lookUp(b) else { return false }
        return PhotoSort.precedesByDate(first, second)
    }

    /// The first and last known dates of photos in date order ("" when none is known), as a
    /// full grouping finds them: unknown dates sort last, so both are found near the ends.
    static func dateSpan(of ids: [String], photo lookUp: (String) -> Photo?) -> (first: String, last: String) {
        func firstKnown(_ ids: some Sequence<String>) -> String? {
            for id in ids { if let takenAt = lookUp(id)?.takenAt { return takenAt } }
            return nil
        }
        guard let first = firstKnown(ids), let last = firstKnown(ids.reversed()) else { return ("", "") }
        return (first, last)
    }
}
