import Foundation

/// Small thumbnails kept on disk (`$XDG_CACHE_HOME/photory/thumbnails`), so grid tiles never
/// need the original photo once it has been imported.
///
/// A thumbnail is keyed by the photo's content id, the file's current size and modification
/// time, and the settings that shape it: a photo edited or replaced on disk gets a new one.
/// Thumbnails that could not be made are remembered too (with the reason), so a broken file
/// is not decoded again on every visit. The store can be trimmed to a size bound and cleared.
public struct ThumbnailStore: Sendable {
    /// Thumbnails fit in this many pixels each way: enough for a grid tile of 40×20 cells.
    public static let maxSide = 160
    /// The size the store is trimmed to after each import, by the browser and the CLI alike.
    public static let budget: Int64 = 1 << 30
    /// Changes whenever the way thumbnails are made changes, so old ones are not reused.
    static let settingsVersion = "v1-\(maxSide)-q85"

    public let folder: String

    public init(folder: String = LibraryPaths.defaultCacheFolder() + "/thumbnails") {
        self.folder = folder
    }

    /// What identifies one thumbnail: photo id plus the file's state now.
    public struct Key: Hashable, Sendable {
        public var photoID: String
        public var fileSize: Int64
        public var fileModified: Double

        public init(photoID: String, fileSize: Int64, fileModified: Double) {
            self.photoID = photoID
            self.fileSize = fileSize
            self.fileModified = fileModified
        }

        /// The key `photo`'s record gives: its id and its file's size and time as last read (for a
        /// web photo not downloaded yet, the time its thumbnail was fetched).
        public init(of photo: Photo) {
            self.init(photoID: photo.id, fileSize: photo.fileSize, fileModified: photo.fileModified)
        }

        /// The key for the file at `path` as it is on disk now, or nil when it cannot be read.
        public static func current(photoID: String, path: String) -> Key? {
            var info = stat()
            guard PathBytes.stat(path, &info) == 0 else { return nil }
            return Key(photoID: photoID, fileSize: Int64(info.st_size),
                       fileModified: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)
        }

        var fileName: String {
            ContentHash.hex(of: "\(photoID)|\(fileSize)|\(fileModified)|\(ThumbnailStore.settingsVersion)")
        }
    }

    /// What the store holds for a key.
    public enum Entry: Sendable, Equatable {
        case thumbnail(DecodedImage)
        /// The photo could not be turned into a thumbnail; the reason is kept.
        case failed(String)

        /// A web photo whose original is not downloaded and that has no stored thumbnail.
        public static let notDownloaded = Entry.failed("not downloaded yet")
    }

    // MARK: - Reading

    public func entry(for key: Key) -> Entry? {
        let base = path(for: key)
        if let data = FileManager.default.contents(atPath: base + ".jpg"),
           let image = try? JPEGDecoder.decode(data, atLeast: Self.maxSide, Self.maxSide) {
            return .thumbnail(image)
        }
        if let data = FileManager.default.contents(atPath: base + ".err") {
            return .failed(String(decoding: data, as: UTF8.self))
        }
        return nil
    }

    // MARK: - Making

    /// Makes and stores the thumbnail for a photo whose bytes are in memory (the importer's
    /// path: the file is read once for everything). Returns what was stored.
    @discardableResult
    public func make(_ key: Key, from raw: UnsafeRawBufferPointer, orientation: Int) -> Entry {
        make(key) { () throws(PreviewImage.Failure) in
            try PreviewImage.make(from: raw, minWidth: Self.maxSide, minHeight: Self.maxSide,
                                  orientation: orientation, fitting: true)
        }
    }

    /// The same for a video read from its file (its poster frame; never the whole file in memory).
    @discardableResult
    public func make(_ key: Key, from video: VideoSource, orientation: Int) -> Entry {
        make(key) { () throws(PreviewImage.Failure) in
            try PreviewImage.make(from: video, minWidth: Self.maxSide, minHeight: Self.maxSide,
                                  orientation: orientation, fitting: true)
        }
    }

    /// Stores the thumbnail made of what `decode` gives, or why there is none.
    private func make(_ key: Key, decode: () throws(PreviewImage.Failure) -> DecodedImage) -> Entry {
        let entry: Entry
        do {
            let image = try decode()
            entry = .thumbnail(ImageTransform.resized(image, toFit: Self.maxSide, Self.maxSide))
        } catch {
            entry = .failed(error.description)
        }
        store(entry, for: key)
        return entry
    }

    /// Makes the thumbnail unless the store already has one for `key`; returns its pixels (the
    /// ones just made, or the stored ones read back), nil when there is none. The importer
    /// hashes them (`PerceptualHash`) without decoding the photo twice.
    @discardableResult
    public func prepare(_ key: Key, from raw: UnsafeRawBufferPointer, orientation: Int) -> DecodedImage? {
        let base = path(for: key)
        let entry: Entry? = access(base + ".jpg", F_OK) != 0 && access(base + ".err", F_OK) != 0
            ? make(key, from: raw, orientation: orientation) : entry(for: key)
        guard case let .thumbnail(image)? = entry else { return nil }
        return image
    }

    /// The same for a video read from its file.
    public func prepare(_ key: Key, from video: VideoSource, orientation: Int) {
        let base = path(for: key)
        guard access(base + ".jpg", F_OK) != 0, access(base + ".err", F_OK) != 0 else { return }
        make(key, from: video, orientation: orientation)
    }

    /// The stored entry, or one made from the file now (and stored) when there is none.
    public func entryMakingIfNeeded(photoID: String, path: String, orientation: Int) -> Entry {
        guard let key = Key.current(photoID: photoID, path: path) else {
            return .failed(PathBytes.exists(path) ? "cannot read the file" : "file missing")
        }
        if let entry = entry(for: key) { return entry }
        if let video = VideoSource.ifVideo(path: path) { return make(key, from: video, orientation: orientation) }
        do {
            return try FileBytes.read(path).withUnsafeBytes { make(key, from: $0, orientation: orientation) }
        } catch {
            return .failed(error.isMissing ? "file missing" : "cannot read the file: \(error)")
        }
    }

    /// The grid thumbnail of `photo`, whatever kind it is: for a web photo not downloaded yet,
    /// the one stored from its feed's thumbnail (under its record's key), else
    /// `.failed("not downloaded yet")`; for any other, as `entryMakingIfNeeded(photoID:path:orientation:)`.
    /// Thumbnails are stored as the file shows them; the user's turn (`Photo.orientation`) is
    /// applied on the way out.
    public func entryMakingIfNeeded(for photo: Photo) -> Entry {
        guard photo.isDownloaded else { return thumbnailOnlyEntry(Key(of: photo)) }
        return Self.turned(entryMakingIfNeeded(photoID: photo.id, path: photo.path, orientation: photo.fileOrientation),
                           from: photo.fileOrientation, to: photo.orientation)
    }

    /// `entry`'s thumbnail (made upright for orientation `from`) shown with orientation `to`.
    public static func turned(_ entry: Entry, from: Int, to: Int) -> Entry {
        guard case let .thumbnail(image) = entry, from != to else { return entry }
        return .thumbnail(ImageTransform.reoriented(image, from: from, to: to))
    }

    /// The entry of a web photo known only by its thumbnail (its original not downloaded):
    /// the one stored under its record's `key`, else `.notDownloaded`. There is
    /// no file to make one from.
    public func thumbnailOnlyEntry(_ key: Key) -> Entry {
        entry(for: key) ?? .notDownloaded
    }

    /// Gives the thumbnail of `old` to `new` as well (a hard link): for a file rewritten
    /// without changing its picture. Nothing happens when `old` has none. When the write
    /// turned the photo (its orientation went from `turnedFrom` to `turnedTo`), `new` gets the
    /// old thumbnail turned the same way instead (`old` may then be `new`: a sidecar's turn).
    public func carryOver(from old: Key, to new: Key, turnedFrom: Int = 1, turnedTo: Int = 1) {
        if turnedFrom != turnedTo {
            if case .thumbnail(let image)? = entry(for: old) {
                store(.thumbnail(ImageTransform.reoriented(image, from: turnedFrom, to: turnedTo)), for: new)
            }
            return
        }
        let from = path(for: old), to = path(for: new)
        guard old != new, access(from + ".jpg", F_OK) == 0 else { return }
        try? FileManager.default.createDirectory(atPath: (to as NSString).deletingLastPathComponent,
                                                 withIntermediateDirectories: true)
        unlink(to + ".jpg")
        link(from + ".jpg", to + ".jpg")
    }

    private func store(_ entry: Entry, for key: Key) {
        let base = path(for: key)
        let bytes: [UInt8]
        let suffix: String
        switch entry {
        case let .thumbnail(image):
            guard let encoded = try? JPEGEncoder.encode(image) else { return }
            bytes = encoded
            suffix = ".jpg"
        case let .failed(reason):
            bytes = Array(reason.utf8)
            suffix = ".err"
        }
        // Readers (and other threads or processes storing the same thumbnail) never see half a
        // file; a cache, so not synced: a crash may lose the latest thumbnail, which is made again.
        try? AtomicFile.write(bytes, to: base + suffix, options: AtomicFile.Options(createFolder: true, durable: false))
    }

    private func path(for key: Key) -> String {
        let name = key.fileName
        return folder + "/" + name.prefix(2) + "/" + name
    }

    // MARK: - Upkeep

    /// Files and bytes in the store.
    public func usage() -> (files: Int, bytes: Int64) {
        files().reduce((0, 0)) { ($0.0 + 1, $0.1 + $1.size) }
    }

    /// Deletes the least recently written thumbnails until the store is under `maxBytes`
    /// (`budget` unless told). Returns how many files were removed.
    @discardableResult
    public func trim(toBytes maxBytes: Int64 = ThumbnailStore.budget) -> Int {
        var all = files()
        var total = all.reduce(0) { $0 + $1.size }
        guard total > maxBytes else { return 0 }
        all.sort { $0.modified < $1.modified }
        var removed = 0
        for file in all where total > maxBytes {
            if unlink(file.path) == 0 {
                total -= file.size
                removed += 1
            }
        }
        return removed
    }

    /// Removes every stored thumbnail. Returns how many files were removed.
    @discardableResult
    public func clear() -> Int {
        let all = files()
        for file in all { unlink(file.path) }
        for sub in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
            rmdir(folder + "/" + sub)
        }
        return all.count
    }

    private func files() -> [(path: String, size: Int64, modified: Double)] {
        var result: [(String, Int64, Double)] = []
        for sub in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
            let subPath = folder + "/" + sub
            for name in (try? FileManager.default.contentsOfDirectory(atPath: subPath)) ?? [] {
                let path = subPath + "/" + name
                var info = stat()
                guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
                result.append((path, Int64(info.st_size), Double(info.st_mtim.tv_sec)))
            }
        }
        return result
    }
}
