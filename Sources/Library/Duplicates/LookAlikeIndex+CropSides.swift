extension LookAlikeIndex {
    /// The two sides of the crop join, the size rule applied before any hash is compared: the
    /// crop hashes of the photos that have a photo of a crop's size in the library (owners),
    /// and the hashes of the photos that have a crop's size of a photo in it (copies), each in
    /// width order. A photo of a size no other photo is 80–99.5% of (every photo of the common
    /// camera sizes, in most libraries) brings no crop hash at all.
    ///
    /// The sizes are looked at once each (distinct sizes, sorted): a photo's side is known from
    /// its size's.
    struct CropSides {
        /// Each photo's size (upright).
        let sizes: [Size]
        /// The owners' non-zero crop hashes (a flat crop joins nothing), owners by width.
        private(set) var cropHashes: [UInt64] = []
        /// For each of `cropHashes`, its photo and that photo's width.
        private(set) var cropOwners: [Int32] = []
        private(set) var cropOwnerWidths: [Int32] = []
        /// The copies' hashes, by width; for each, its photo and the photo's width.
        private(set) var copyHashes: [UInt64] = []
        private(set) var copies: [Int32] = []
        private(set) var copyWidths: [Int32] = []

        /// A window of distinct sizes longer than this is not searched to its end: the size is
        /// taken to have a partner (more hashes compared, none missed).
        static let scanLimit = 4096

        init(hashes: [UInt64], cropHashes allCrops: [UInt64], sizes: [Size]) {
            self.sizes = sizes
            // Distinct sizes in (width, height) order, and each photo's rank among them.
            func key(_ size: Size) -> UInt64 {
                UInt64(UInt32(clamping: size.width)) << 32 | UInt64(UInt32(clamping: size.height))
            }
            let distinct = Set(sizes.map(key)).sorted()
            let rankOf = Dictionary(uniqueKeysWithValues: distinct.enumerated().map { ($1, Int32($0)) })
            let ranks = sizes.map { rankOf[key($0)]! }
            let widths = distinct.map { Int($0 >> 32) }, heights = distinct.map { Int($0 & 0xFFFF_FFFF) }

            /// Whether a distinct size in `range` (by index) passes `fits`.
            func any(in range: Range<Int>, _ fits: (Int) -> Bool) -> Bool {
                range.count > Self.scanLimit || range.contains(where: fits)
            }
            /// The first index of `widths` at or after the first width for which `below` is false.
            func firstWidth(where below: (Int) -> Bool) -> Int {
                var (lo, hi) = (0, widths.count)
                while lo < hi {
                    let mid = (lo + hi) / 2
                    if below(widths[mid]) { lo = mid + 1 } else { hi = mid }
                }
                return lo
            }
            var hasCopy = [Bool](repeating: false, count: distinct.count)
            var isCopy = [Bool](repeating: false, count: distinct.count)
            for r in distinct.indices {
                let (w, h) = (widths[r], heights[r])
                // Copies of it: widths 80–99.5% of w.
                let copyStart = firstWidth { $0 * 1000 < w * 800 }, copyEnd = firstWidth { $0 * 1000 <= w * 995 }
                hasCopy[r] = any(in: copyStart..<max(copyStart, copyEnd)) { mayBeCropSide(heights[$0], of: h) }
                // What it may be a copy of: widths of which w is 80–99.5%.
                let ownerStart = firstWidth { w * 1000 > $0 * 995 }, ownerEnd = firstWidth { w * 1000 >= $0 * 800 }
                isCopy[r] = any(in: ownerStart..<max(ownerStart, ownerEnd)) { mayBeCropSide(h, of: heights[$0]) }
            }

            // The photos in size order (a counting sort by rank), each put on its sides.
            var starts = [Int](repeating: 0, count: distinct.count + 1)
            for rank in ranks { starts[Int(rank) + 1] += 1 }
            for r in distinct.indices { starts[r + 1] += starts[r] }
            var order = [Int32](repeating: 0, count: sizes.count)
            for (photo, rank) in ranks.enumerated() {
                order[starts[Int(rank)]] = Int32(photo)
                starts[Int(rank)] += 1
            }
            for photo in order.map(Int.init) {
                let rank = Int(ranks[photo])
                let width = Int32(clamping: widths[rank])
                if hasCopy[rank] {
                    for crop in allCrops[(photo * 5)..<(photo * 5 + 5)] where crop != 0 {
                        cropHashes.append(crop)
                        cropOwners.append(Int32(photo))
                        cropOwnerWidths.append(width)
                    }
                }
                if isCopy[rank] {
                    copyHashes.append(hashes[photo])
                    copies.append(Int32(photo))
                    copyWidths.append(width)
                }
            }
        }
    }
}
