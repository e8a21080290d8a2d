import Foundation

/// Writes the user's edits of library photos back into their files (`JPEGMetadataWriter`) and
/// XMP sidecars (`XMPSidecar`), then brings the library's records in line with the files.
///
/// Everything happens under the library lock on a copy read fresh from disk, so a concurrent
/// edit or import is never lost. One photo that cannot be written never stops the others: each
/// ends with a `WriteBackOutcome`, and the library is saved with every record that changed.
///
/// What is written: the date when the user set one (with its UTC offset when known), the place
/// when set or cleared, the description when edited, the marks (stars, reject, label, tags: see
/// `MetadataChanges.marks`) when any is edited, the orientation the user turned the photo to
/// (EXIF Orientation; tiff:Orientation in the sidecar) when turned, and for a favourite without marks xmp:Rating 5
/// in the sidecar (never taken away: a rating set elsewhere stays). Once the FILE holds a value, the
/// record's file value is that value and the edit is cleared; the photo keeps its id (and its
/// thumbnail) and remembers the new bytes' fingerprint as `Photo.contentID`. photory writes
/// into JPEG files only: for a HEIF, PNG or WebP photo the sidecar is the whole write, so once
/// it holds the values they stop being edits too (their source is then the sidecar). The undo
/// history learns what the file held before (`FileRewrite`): undoing a written step brings the
/// old values back as edits waiting to be written, not the values just written.
public struct LibraryWriteBack: Sendable {
    /// Where the metadata goes.
    public enum Target: String, Sendable {
        case fileAndSidecar, fileOnly, sidecarOnly

        var writesFile: Bool { self != .sidecarOnly }
        var writesSidecar: Bool { self != .fileOnly }
    }

    public let store: any LibraryStoring
    public var target: Target
    /// Keep the files' modification and access times (the sidecar's are always new).
    public var keepFileTimes: Bool
    public var lockTimeout: Double
    /// The grid thumbnails: a rewritten photo's thumbnail moves to the file's new size and time
    /// (the picture did not change), so it is not made again.
    public var thumbnails: ThumbnailStore?

    public init(store: any LibraryStoring, target: Target = .fileAndSidecar, keepFileTimes: Bool = true,
                lockTimeout: Double = 10, thumbnails: ThumbnailStore? = nil) {
        self.store = store
        self.thumbnails = thumbnails
        self.target = target
        self.keepFileTimes = keepFileTimes
        self.lockTimeout = lockTimeout
    }

    /// Writes the edited metadata of `photoIDs` (every photo with edits when nil) into their
    /// files and sidecars, under the library lock on a fresh read, and saves the updated records.
    public func run(_ photoIDs: [String]?,
                    progress: @Sendable (_ done: Int, _ total: Int, _ path: String) -> Void = { _, _, _ in })
        throws(LibraryStoreError) -> (library: PhotoLibrary, outcomes: [WriteBackOutcome]) {
        var outcomes: [WriteBackOutcome] = []
        let library = try store.update(lockTimeout: lockTimeout) { library in
            let ids = photoIDs ?? library.photos.filter { !changes(for: $0).isEmpty }.map(\.id)
            var rewritten: [(before: Photo, after: Photo)] = []
            for (index, id) in ids.enumerated() {
                guard let photo = library.photo(id: id) else {
                    outcomes.append(WriteBackOutcome(photoID: id, path: "", problem: "no photo with id \(id) in the library"))
                    progress(index + 1, ids.count, "")
                    continue
                }
                let (outcome, record) = write(photo)
                outcomes.append(outcome)
                if let record { rewritten.append((photo, record)) }
                progress(index + 1, ids.count, photo.path)
            }
            library.filesRewritten(rewritten)
            return !rewritten.isEmpty
        }
        return (library, outcomes)
    }

    // MARK: - One photo

    /// What `photo`'s edits ask to write, for this target.
    func changes(for photo: Photo) -> MetadataChanges {
        MetadataChanges(editsOf: photo, favourite: target.writesSidecar)
    }

    /// Writes one photo; returns its outcome and its new record when the file was rewritten.
    private func write(_ photo: Photo) -> (WriteBackOutcome, Photo?) {
        var outcome = WriteBackOutcome(photoID: photo.id, path: photo.path)
        let file = PathBytes.display(photo.path)
        guard PathBytes.exists(photo.path) else {
            outcome.problem = photo.sourceURL != nil && !photo.isDownloaded
                ? "\(file): not downloaded yet — run `photory-tui fetch` first; nothing was written"
                : "\(file): the file is missing; nothing was written"
            return (outcome, nil)
        }
        let changes = changes(for: photo)
        var problems: [String] = []
        var record: Photo?
        var notJPEG: String?   // the format's name, when the file is not a JPEG
        if target.writesFile, changes.touchesFile {
            do {
                let result = try JPEGMetadataWriter.write(changes, to: photo.path, keepFileTimes: keepFileTimes)
                if result.written {
                    outcome.wroteFile = true
                    record = Self.record(photo, after: result, wrote: changes)
                    if let record {
                        thumbnails?.carryOver(
                            from: ThumbnailStore.Key(photoID: photo.id, fileSize: photo.fileSize, fileModified: photo.fileModified),
                            to: ThumbnailStore.Key(photoID: record.id, fileSize: record.fileSize, fileModified: record.fileModified),
                            turnedFrom: photo.fileOrientation, turnedTo: record.fileOrientation)
                    }
                }
            } catch .notJPEG {
                notJPEG = Self.formatName(photo.path) ?? ""
            } catch {
                problems.append(error.description)
            }
        } else if changes.touchesFile, let format = Self.formatName(photo.path), format != "JPEG" {
            notJPEG = format
        }
        if target.writesSidecar, !changes.isEmpty {
            do {
                outcome.sidecarPath = try XMPSidecar.write(changes, forPhoto: photo.path)
                // A record that changes knows the sidecar as written: a rescan need not read it again.
                record?.sidecarModified = XMPFacts.sidecarPaths(forPhoto: photo.path).compactMap(XMPFacts.modified).max() ?? 0
            } catch {
                problems.append(error.description)
            }
        }
        if let notJPEG, !notJPEG.isEmpty, outcome.sidecarPath != nil, problems.isEmpty {
            // A format whose files we do not write: the sidecar is the whole write.
            outcome.note = Self.leftAlone(notJPEG)
            record = Self.record(photo, sidecarHolds: changes)
            if let record, record.fileOrientation != photo.fileOrientation {
                // The stored thumbnail (same file, same key) is turned to the sidecar's orientation.
                let key = ThumbnailStore.Key(of: photo)
                thumbnails?.carryOver(from: key, to: key, turnedFrom: photo.fileOrientation, turnedTo: record.fileOrientation)
            }
        } else if let notJPEG, !notJPEG.isEmpty {
            problems.insert("\(file): the \(notJPEG) file was not written (\(Self.onlyJPEGFiles))", at: 0)
        } else if notJPEG != nil {
            problems.insert("\(file): not a JPEG: " + (outcome.sidecarPath != nil
                ? "only the sidecar was written" : "the file was not written"), at: 0)
        }
        outcome.problem = problems.isEmpty ? nil : problems.joined(separator: "; ")
        return (outcome, record)
    }

    /// `photo` as its rewritten file now is: the written values become the file's own, their
    /// edits are cleared (the favourite stays: it lives in the sidecar only), the id stays.
    static func record(_ photo: Photo, after result: WriteBackResult, wrote changes: MetadataChanges) -> Photo {
        var photo = photo
        photo.fileSize = result.fileSize
        photo.fileModified = result.fileModified
        photo.contentID = result.contentID == photo.id ? nil : result.contentID
        return record(photo, holding: changes, dateSource: .dateTimeOriginal, descriptionSource: .exif)
    }

    /// `photo` once the sidecar of a file we do not write holds `changes`: they stop being
    /// edits, their source is the sidecar; the file's size, time and id stay.
    static func record(_ photo: Photo, sidecarHolds changes: MetadataChanges) -> Photo {
        record(photo, holding: changes, dateSource: .sidecar, descriptionSource: .xmp)
    }

    /// Why the file of a photo in `format` was left alone (the sidecar holds the values).
    static func leftAlone(_ format: String) -> String {
        "the \(format) file itself was left alone: \(onlyJPEGFiles)"
    }

    /// The formats whose files write-back writes into, in words.
    public static let onlyJPEGFiles = "photory writes into JPEG files only, not HEIF, PNG, WebP, raw files or videos"

    /// "HEIF", "PNG", "WebP", "raw" or "video" for a photo whose file write-back leaves alone (only its sidecar
    /// is written), judged by the name's extension: what the confirmation says before anything
    /// is read (the write itself goes by the file's bytes). nil for JPEG and other names.
    public static func sidecarOnlyFormat(ofName path: String) -> String? {
        switch (path as NSString).pathExtension.lowercased() {
        case "heic", "heif", "hif", "avif": "HEIF"
        case "png": "PNG"
        case "webp": "WebP"
        case "cr2", "nef", "arw", "dng", "orf", "rw2", "raf", "pef": "raw"
        case "mp4", "mov", "m4v", "3gp", "mkv", "webm", "avi", "mts", "m2ts": "video"
        default: nil
        }
    }

    /// `photo` with the written values as its own and their edits cleared.
    private static func record(_ photo: Photo, holding changes: MetadataChanges, dateSource: Photo.TakenAtSource,
                               descriptionSource: DescriptionSource) -> Photo {
        var photo = photo
        if let date = changes.dateTaken, let takenAt = TakenAt.fromEXIF(date, offset: changes.utcOffset) {
            photo.fileTakenAt = takenAt
            photo.fileTakenAtSource = dateSource
            photo.edits.date = nil
        }
        if let location = changes.location {
            if case .set(let position) = location { photo.fileGPS = position } else { photo.fileGPS = nil }
            photo.edits.location = nil
        }
        if let description = changes.description {
            let usable = DescriptionResolver.usable(description, make: photo.cameraMake, model: photo.cameraModel)
            photo.fileDescription = usable
            photo.fileDescriptionSource = usable == nil ? nil : descriptionSource
            photo.edits.description = nil
        }
        if let marks = changes.marks {
            photo.fileMarks = marks
            (photo.edits.rating, photo.edits.rejected, photo.edits.label, photo.edits.tags) = (nil, nil, nil, nil)
        }
        if let orientation = changes.orientation {
            photo.fileOrientation = orientation
            photo.edits.orientation = nil
        }
        return photo
    }

    /// "HEIF", "PNG"…: the format the file's first bytes say, when photory knows it.
    static func formatName(_ path: String) -> String? {
        let fd = PathBytes.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var prefix = [UInt8](repeating: 0, count: PhotoFormats.sniffLength)
        let count = read(fd, &prefix, prefix.count)
        guard count > 0 else { return nil }
        return prefix.withUnsafeBytes { PhotoFormats.format(of: UnsafeRawBufferPointer(rebasing: $0.prefix(count)))?.name }
    }
}

/// What writing one photo's metadata back did.
public struct WriteBackOutcome: Sendable, Equatable {
    public var photoID: String
    public var path: String
    /// True when the photo's file was rewritten.
    public var wroteFile: Bool
    /// When a sidecar was written.
    public var sidecarPath: String?
    /// Why the file (or sidecar) was refused, naming the file.
    public var problem: String?
    /// Said beside a success: why the file itself was left alone (a HEIF's sidecar holds it all).
    public var note: String?

    public init(photoID: String, path: String, wroteFile: Bool = false, sidecarPath: String? = nil,
                problem: String? = nil, note: String? = nil) {
        self.photoID = photoID
        self.path = path
        self.wroteFile = wroteFile
        self.sidecarPath = sidecarPath
        self.problem = problem
        self.note = note
    }
}
