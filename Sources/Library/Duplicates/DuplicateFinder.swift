import Foundation

/// Finds the duplicate groups of a library and suggests which photo of each to keep.
///
/// Recipe: the perceptual hashes are in the library (`Photo.perceptualHash`, made at import;
/// `LookAlikeHashes.missing` lists the photos still without one); `groups(in:near:)` gives
/// exact groups, then (with `near`) look-alike groups; `DuplicateMerge` turns a choice into
/// the edits and the trash list.
public enum DuplicateFinder {
    /// Bits two perceptual hashes may differ in and still be one picture. Measured on the 48 real
    /// sample photos (`LookAlikeTuningTests` prints the figures; distances are even, every hash
    /// has 32 bits set): resized to half, recompressed at quality 15 and brightened copies are
    /// 0–6 apart (median 0–2). 5% crops are 6–20 from the original's own hash, but 0–6 (median 2)
    /// from the original's crop hash of the same region (`CropHashes`): one centred crop in 48
    /// is at 8. Different photos are 14 or more apart (Canon's HDR off/on pair, two frames with
    /// the camera moved, 14; then 18), crop hashes included: without the size rule of
    /// `LookAlikeIndex` that pair would be 6 apart. Exceptions kept together on purpose: iOS's
    /// normal + HDR versions of one shot (6) and two metadata variants of one picture (0).
    /// 6 catches every resize, recompress, brightening and 5% crop but one with 8 bits of margin
    /// to the closest different photos, and keeps the index to one-bit neighbour buckets (fast at
    /// a million).
    public static let nearThreshold = 6

    /// Exact groups, then (when `near`) look-alike groups not already exact, each group's
    /// photos in keeping order; groups ordered by their best photo's path.
    public static func groups(in library: PhotoLibrary, near: Bool, threshold: Int = nearThreshold) -> [DuplicateGroup] {
        var groups = exactGroups(in: library.photos)
        if near {
            let exactSets = Set(groups.map { Set($0.photoIDs) })
            groups += nearGroups(in: library.photos, threshold: threshold).filter { !exactSets.contains(Set($0.photoIDs)) }
        }
        let byID = Dictionary(library.photos.map { ($0.id, $0.path) }, uniquingKeysWith: { a, _ in a })
        return groups.sorted { (byID[$0.keep] ?? "", $0.kind.rawValue) < (byID[$1.keep] ?? "", $1.kind.rawValue) }
    }

    /// Photos whose content is another's: a photo's `contentID` (its file as rewritten) is
    /// another photo's id or `contentID`.
    static func exactGroups(in photos: [Photo]) -> [DuplicateGroup] {
        var byContent: [String: [Photo]] = [:]
        for photo in photos {
            byContent[photo.contentID ?? photo.id, default: []].append(photo)
            if photo.contentID != nil { byContent[photo.id, default: []].append(photo) }
        }
        var seen: Set<Set<String>> = []
        return byContent.values.compactMap { members -> DuplicateGroup? in
            let unique = Dictionary(members.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a }).values
            guard unique.count > 1, seen.insert(Set(unique.map(\.id))).inserted else { return nil }
            return DuplicateGroup(kind: .exact, photoIDs: ranked(Array(unique)).map(\.id))
        }
    }

    /// Look-alike groups among the photos with a perceptual hash (videos and missing files left out).
    static func nearGroups(in photos: [Photo], threshold: Int) -> [DuplicateGroup] {
        let hashed = photos.filter { $0.perceptualHash != 0 && $0.kind != .video && !$0.missing }
        let index = LookAlikeIndex(hashes: hashed.map(\.perceptualHash), crops: hashed.map(\.cropHashes),
                                   sizes: hashed.map(Self.sizeKey), threshold: threshold)
        return index.groups().map { members in
            DuplicateGroup(kind: .near, photoIDs: ranked(members.map { hashed[$0] }).map(\.id))
        }
    }

    /// A photo's pixel size as shown, for `LookAlikeIndex.sizes`.
    static func sizeKey(_ photo: Photo) -> LookAlikeIndex.Size {
        LookAlikeIndex.Size(width: photo.displaySize.width, height: photo.displaySize.height)
    }

    /// `photos` best to keep first: the largest resolution, then a raw file over a JPEG, then the
    /// original over an edited or smaller copy (the older file, then more bytes: a brightened
    /// copy re-encoded at a higher quality is larger, but newer), then richer
    /// metadata; the path settles the rest.
    public static func ranked(_ photos: [Photo]) -> [Photo] {
        photos.sorted { a, b in
            let pixels = (Int64(a.width) * Int64(a.height), Int64(b.width) * Int64(b.height))
            if pixels.0 != pixels.1 { return pixels.0 > pixels.1 }
            if (a.kind == .raw) != (b.kind == .raw) { return a.kind == .raw }
            if a.fileModified != b.fileModified { return a.fileModified < b.fileModified }
            if a.fileSize != b.fileSize { return a.fileSize > b.fileSize }
            let richness = (metadataRichness(a), metadataRichness(b))
            if richness.0 != richness.1 { return richness.0 > richness.1 }
            return a.path < b.path
        }
    }

    /// How many of the facts a photo can carry it has: camera, a date from the picture's own
    /// metadata, place, description, marks.
    static func metadataRichness(_ photo: Photo) -> Int {
        var count = 0
        if photo.camera != nil { count += 1 }
        if let source = photo.fileTakenAtSource, source != .fileTime { count += 1 }
        if photo.gps != nil { count += 1 }
        if photo.description != nil { count += 1 }
        if photo.rating > 0 { count += 1 }
        if !photo.tags.isEmpty { count += 1 }
        if photo.label != nil { count += 1 }
        return count
    }
}
