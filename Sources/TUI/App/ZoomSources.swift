import Library

/// The whole photo decoded for zoomed previews, kept while the user pans: a pan is then a crop
/// and a render, never another decode. One decode at a time (the workers asking for the same
/// photo wait for it rather than decode it twice); the last `capacity` photos are kept (a 12 MP
/// photo is 48 MB of RGBA).
final class ZoomSources: Sendable {
    private struct Entry {
        var path: String
        var fileSize: Int64
        var fileModified: Double
        var orientation: Int
        var image: DecodedImage
    }

    static let capacity = 2
    /// Newest last.
    private let entries = Locked<[Entry]>([])
    /// Held while decoding, so a second worker waits for the first one's pixels; counts the decodes.
    private let decoding = Locked(0)

    /// How many photos were decoded (for tests: a pan decodes nothing).
    var decodeCount: Int { decoding.withLock { $0 } }

    init() {}

    /// The photo of `request` decoded to cover `minWidth × minHeight` (display pixels,
    /// orientation applied), or its full size when it is smaller: a kept decode when one is
    /// large enough, else a new one (DCT-scaled where the format can) that is kept.
    func image(for request: PreviewRequest, minWidth: Int, minHeight: Int) throws(PreviewImage.Failure) -> DecodedImage {
        let needed = (width: min(minWidth, request.displayWidth), height: min(minHeight, request.displayHeight))
        func kept() -> DecodedImage? {
            entries.withLock { entries in
                guard let i = entries.lastIndex(where: {
                    $0.path == request.path && $0.fileSize == request.fileSize && $0.fileModified == request.fileModified
                        && $0.orientation == request.orientation
                        && $0.image.width >= needed.width && $0.image.height >= needed.height
                }) else { return nil }
                let entry = entries.remove(at: i)
                entries.append(entry)
                return entry.image
            }
        }
        if let image = kept() { return image }
        let result = decoding.withLock { decodes in
            Result { () throws(PreviewImage.Failure) -> DecodedImage in
                if let image = kept() { return image }
                decodes += 1
                let image = try PreviewImage.load(path: request.path, minWidth: minWidth, minHeight: minHeight,
                                                  orientation: request.orientation)
                entries.withLock { entries in
                    entries.removeAll { $0.path == request.path }
                    entries.append(Entry(path: request.path, fileSize: request.fileSize, fileModified: request.fileModified,
                                         orientation: request.orientation, image: image))
                    if entries.count > Self.capacity { entries.removeFirst(entries.count - Self.capacity) }
                }
                return image
            }
        }
        return try result.get()
    }
}
