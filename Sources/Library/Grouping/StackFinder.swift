/// Finds the stacks among photos (`PhotoStack`): which RAW files and movies belong to a still.
///
/// - A movie and a still with the same Apple content identifier are one Live Photo, wherever
///   they are.
/// - Else a RAW file or a movie with a still of the same base name in the same folder (case
///   ignored: `IMG_1.CR2` and `img_1.jpg`), both taken within `maxSecondsApart`, joins it:
///   RAW+JPEG, or a Live Photo for a movie.
///
/// Only RAW files and movies are looked for, so a library of JPEGs pays one pass over the
/// kinds. A stack with a movie is a Live Photo, else RAW+JPEG.
enum StackFinder {
    /// How far apart the capture times of a stack's members may be.
    static let maxSecondsApart = 2

    /// The stacks of `photos`, each with its members' positions in `photos` (cover first).
    static func stacks(in photos: [Photo]) -> [(stack: PhotoStack, positions: [Int])] {
        var others: [Int] = []
        var coverByContentID: [String: Int] = [:]
        for index in photos.indices {
            switch photos[index].kind {
            case .photo:
                if let id = photos[index].appleContentID, coverByContentID[id] == nil { coverByContentID[id] = index }
            case .raw, .video:
                others.append(index)
            }
        }
        guard !others.isEmpty else { return [] }

        var membersByCover: [Int: [Int]] = [:]
        var byStem: [String: [Int]] = [:]
        for index in others {
            if photos[index].kind == .video, let id = photos[index].appleContentID, let cover = coverByContentID[id] {
                membersByCover[cover, default: []].append(index)
            } else {
                byStem[stem(of: photos[index].path), default: []].append(index)
            }
        }
        if !byStem.isEmpty {
            var taken = Set<Int>()
            for index in photos.indices where photos[index].kind == .photo {
                guard let candidates = byStem[stem(of: photos[index].path)] else { continue }
                for other in candidates where !taken.contains(other)
                    && TakenAt.withinSeconds(photos[index].fileTakenAt, photos[other].fileTakenAt, maxSecondsApart) {
                    taken.insert(other)
                    membersByCover[index, default: []].append(other)
                }
            }
        }
        return membersByCover.keys.sorted().map { cover in
            let members = membersByCover[cover]!.sorted { photos[$0].path < photos[$1].path }
            let kind: PhotoStack.Kind = members.contains { photos[$0].kind == .video } ? .live : .rawJPEG
            let positions = [cover] + members
            return (PhotoStack(id: photos[cover].id, kind: kind, memberIDs: positions.map { photos[$0].id }), positions)
        }
    }

    /// The path without its extension, lowercased: "/a/IMG_1.CR2" → "/a/img_1".
    static func stem(of path: String) -> String {
        let bytes = path.utf8
        var end = bytes.endIndex
        for index in bytes.indices.reversed() {
            let byte = bytes[index]
            if byte == UInt8(ascii: "/") { break }
            if byte == UInt8(ascii: ".") { end = index; break }
        }
        return String(path[..<end]).lowercased()
    }
}
