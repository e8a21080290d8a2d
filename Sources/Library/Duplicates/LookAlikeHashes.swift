import Foundation

/// Perceptual hashes for photos imported before hashes existed (or whose thumbnail was made
/// elsewhere): made from the grid thumbnail (`ThumbnailStore`, which makes it when absent),
/// the same pixels the importer hashes. The duplicates screen and `photory-tui duplicates
/// --near` call `hash(missing:thumbnails:)` first and save what it returns with
/// `LibraryStoring.appendPhotos` (the records replaced, the user's edits kept).
public enum LookAlikeHashes {
    /// The photos that can have hashes and have none, or no crop hashes (imported before
    /// they existed): downloaded, present, not videos.
    public static func missing(in library: PhotoLibrary) -> [Photo] {
        library.photos.filter { ($0.perceptualHash == 0 ? $0.cropHashes != .flat : $0.cropHashes.isEmpty)
            && $0.kind != .video && $0.isDownloaded && !$0.missing }
    }

    /// `photos` with their hashes made (on `workers` threads); photos whose thumbnail cannot be
    /// made are left out; flat pictures come back marked as such (`CropHashes.flat`).
    public static func hash(_ photos: [Photo], thumbnails: ThumbnailStore,
                            workers: Int = ProcessInfo.processInfo.activeProcessorCount) -> [Photo] {
        guard !photos.isEmpty else { return [] }
        let results = Locked([Photo?](repeating: nil, count: photos.count))
        let next = Locked(0)
        DispatchQueue.concurrentPerform(iterations: max(1, min(workers, photos.count))) { _ in
            while true {
                let i = next.withLock { n -> Int in defer { n += 1 }; return n }
                guard i < photos.count else { return }
                var photo = photos[i]
                guard case let .thumbnail(image) = thumbnails.entryMakingIfNeeded(
                          photoID: photo.id, path: photo.path, orientation: photo.fileOrientation) else { continue }
                photo.setLookAlikeHashes(from: image)
                guard photo.perceptualHash != 0 || photo.cropHashes == .flat else { continue }
                results.withLock { $0[i] = photo }
            }
        }
        return results.withLock { $0.compactMap { $0 } }
    }
}

extension Photo {
    /// Sets `perceptualHash` and `cropHashes` from the grid thumbnail's pixels (none: both unknown).
    mutating func setLookAlikeHashes(from thumbnail: DecodedImage?) {
        let hashes = thumbnail.flatMap(PerceptualHash.computeWithCrops)
        perceptualHash = hashes?.hash ?? 0
        // A thumbnail without a hash is a flat picture: remembered, so it is not asked for again.
        cropHashes = hashes?.crops ?? (thumbnail == nil ? .none : .flat)
    }
}
