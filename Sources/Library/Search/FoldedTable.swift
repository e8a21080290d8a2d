import Foundation

/// Distinct folded texts (descriptions, folders, cameras, file names) in one byte buffer, so a
/// word is looked for in all of them in one pass rather than one search per text.
/// Entries are numbered in the order they were added; each ends with a 0 byte, which folded
/// text never holds, so no match runs from one entry into the next.
struct FoldedTable: Sendable {
    private(set) var bytes: [UInt8] = []
    /// Where each entry starts in `bytes`.
    private(set) var starts: [Int] = []
    private var slotByText: [String: Int32] = [:]

    var count: Int { starts.count }

    /// The entry number of `folded`, adding it when new.
    mutating func slot(of folded: String) -> Int32 {
        if let slot = slotByText[folded] { return slot }
        let slot = Int32(starts.count)
        starts.append(bytes.count)
        bytes.append(contentsOf: folded.utf8)
        bytes.append(0)
        slotByText[folded] = slot
        return slot
    }

    /// Whether the entry at `slot` ends with one of `suffixes` (false for -1).
    func entry(_ slot: Int32, endsWithAny suffixes: [[UInt8]]) -> Bool {
        guard slot >= 0, Int(slot) < starts.count else { return false }
        let start = starts[Int(slot)]
        let end = Int(slot) + 1 < starts.count ? starts[Int(slot) + 1] - 1 : bytes.count - 1   // before its 0
        return suffixes.contains { suffix in
            end - start >= suffix.count && bytes[(end - suffix.count)..<end].elementsEqual(suffix)
        }
    }

    /// The entries that contain `needle` (folded, not empty), as one flag per entry.
    func entries(containing needle: [UInt8]) -> [Bool] {
        var found = [Bool](repeating: false, count: starts.count)
        guard !needle.isEmpty, !bytes.isEmpty else { return found }
        bytes.withUnsafeBytes { haystack in
            needle.withUnsafeBytes { needle in
                guard let base = haystack.baseAddress, let needleBase = needle.baseAddress else { return }
                let first = Int32(needle[0])
                var offset = 0
                // memchr finds candidates for the first byte (vectorised), memcmp checks the rest.
                while offset + needle.count <= haystack.count,
                      let candidate = memchr(base + offset, first, haystack.count - offset - needle.count + 1) {
                    let position = base.distance(to: UnsafeRawPointer(candidate))
                    guard memcmp(candidate, needleBase, needle.count) == 0 else {
                        offset = position + 1
                        continue
                    }
                    let entry = entry(at: position)
                    found[entry] = true
                    // The rest of this entry cannot add anything: go on with the next one.
                    offset = entry + 1 < starts.count ? starts[entry + 1] : haystack.count
                }
            }
        }
        return found
    }

    /// Whether entry `slot` contains `needle` (folded, not empty): `entries(containing:)` for
    /// one entry; false for no entry (-1).
    func entry(_ slot: Int32, contains needle: [UInt8]) -> Bool {
        guard slot >= 0, !needle.isEmpty else { return false }
        let start = starts[Int(slot)]
        let end = Int(slot) + 1 < starts.count ? starts[Int(slot) + 1] - 1 : bytes.count - 1
        guard end - start >= needle.count else { return false }
        return bytes.withUnsafeBytes { haystack in
            needle.withUnsafeBytes { needle in
                (start...(end - needle.count)).contains { memcmp(haystack.baseAddress! + $0, needle.baseAddress!, needle.count) == 0 }
            }
        }
    }

    /// The entry holding byte `position` (binary search over the starts).
    private func entry(at position: Int) -> Int {
        var low = 0, high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= position { low = mid } else { high = mid - 1 }
        }
        return low
    }
}
