import Foundation

/// Reads one file and turns it into a `Photo`, or into the reason it cannot be one.
/// Pure with respect to the library: safe to run on many files at once.
struct PhotoAnalyzer: Sendable {
    /// Where thumbnails are made while the bytes are in memory.
    var thumbnails: ThumbnailStore?

    enum Result: Sendable {
        /// A photo, with a note when part of the file could not be read (a Motion Photo whose
        /// video is not where its XMP says: imported as a still).
        case photo(Photo, note: String? = nil)
        case failure(ImportOutcome)
    }

    func analyze(path: String, importedAt: Double) -> Result {
        // A .THM is a small JPEG, an .AAE is XML: by name, before their bytes make them photos or noise.
        if NonPhotoFile.isSidecar(name: (path as NSString).lastPathComponent) {
            return .failure(.skipped(reason: "sidecar file"))
        }
        let fd = PathBytes.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return .failure(.unreadable(reason: FileBytes.errnoReason())) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(.unreadable(reason: FileBytes.errnoReason())) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return .failure(.unsupported(reason: "not a regular file")) }
        let size = Int(info.st_size)
        guard size > 0 else { return .failure(.unsupported(reason: "empty file")) }

        // Look at the signature before reading the whole file: a folder may hold large videos.
        var signature = [UInt8](repeating: 0, count: min(size, PhotoFormats.sniffLength))
        let got = signature.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard got >= 0 else { return .failure(.unreadable(reason: FileBytes.errnoReason())) }
        let sniffed = signature.prefix(got)
        guard let format = sniffed.withUnsafeBytes({ PhotoFormats.format(of: $0) }) else {
            if let text = sniffed.withUnsafeBytes({ NonPhotoFile.recognise($0) }), text.isText {
                return .failure(.skipped(reason: text.name))
            }
            return .failure(.unsupported(reason: sniffed.withUnsafeBytes { PhotoFormats.unknownFormatReason($0) }))
        }
        if format is VideoFormat {
            // Read from the file as FFmpeg asks, hashed a chunk at a time: a video of any size.
            guard let hash = ContentHash.xxh64(fd: fd, size: size) else {
                return .failure(.unreadable(reason: FileBytes.errnoReason()))
            }
            let video = VideoSource(path: path)
            return analyze(path: path, info: info, importedAt: importedAt, format: format, hash: hash, size: size,
                           inspect: { () throws(PhotoFormatError) in try VideoFormat().inspect(video) },
                           prepareThumbnail: { self.thumbnails?.prepare($0, from: video, orientation: $1); return nil })
        }
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(fd, size: size)
        } catch {
            return .failure(size > FileBytes.maxBytes ? .unsupported(reason: error.description)
                                                      : .unreadable(reason: error.description))
        }
        return bytes.withUnsafeBytes { raw in
            let format = format.specific(for: raw)   // a plain TIFF is a photo, not a raw file
            return analyze(path: path, info: info, importedAt: importedAt, format: format,
                    hash: ContentHash.xxh64(raw), size: raw.count,
                    inspect: { () throws(PhotoFormatError) in try format.inspect(raw) },
                    prepareThumbnail: { self.thumbnails?.prepare($0, from: raw, orientation: $1) },
                    motion: { format is JPEGFormat ? Self.motion(of: raw, xmpPacket: $0.xmpPacket) : (nil, nil) })
        }
    }

    /// The photo of a file whose content hashes to `hash`, its format's `inspect` read, and its
    /// thumbnail made by `prepareThumbnail` (from the bytes in memory, or a video's file), whose
    /// pixels, when it gives them, make the photo's perceptual hash (look-alikes, issue 23).
    private func analyze(path: String, info: stat, importedAt: Double, format: any PhotoFormat, hash: UInt64, size: Int,
                         inspect: () throws(PhotoFormatError) -> PhotoFormatInfo,
                         prepareThumbnail: (ThumbnailStore.Key, Int) -> DecodedImage?,
                         motion: (Metadata) -> (clip: (range: Range<Int>, duration: Double?)?, note: String?) = { _ in (nil, nil) }) -> Result {
        let header: PhotoFormatInfo
        do {
            header = try inspect()
        } catch let .unsupported(reason) {
            return .failure(.unsupported(reason: reason))
        } catch {
            return .failure(.corrupt(reason: error.description))
        }
        var metadata = header.metadata
        // The peers' sidecars are believed before the file's own packet (digiKam and darktable
        // keep them current; a JPEG's embedded XMP is what the camera or an export wrote).
        let sidecars = XMPFacts.sidecarPaths(forPhoto: path).compactMap(XMPFacts.read(sidecar:))
        let xmp = sidecars.map(\.facts) + [metadata.xmp]
        if metadata.gps == nil { metadata.gps = xmp.lazy.compactMap(\.gps).first }
        let xmpDate = xmp.lazy.compactMap { $0.dateTaken.flatMap(XMPFacts.exifDate) }.first
        let fileModified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
        let taken: (String, Photo.TakenAtSource) =
            if let original = TakenAt.fromEXIF(metadata.dateTimeOriginal, offset: metadata.utcOffset) {
                (original, .dateTimeOriginal)
            } else if let digitized = TakenAt.fromEXIF(metadata.dateTimeDigitized,
                                                        offset: metadata.offsetTimeDigitized ?? metadata.utcOffset) {
                (digitized, .dateTimeDigitized)
            } else if let xmpDate, let taken = TakenAt.fromEXIF(xmpDate.date, offset: xmpDate.offset) {
                // Scans exported by Photoshop or Lightroom: EXIF DateTime is the export's, XMP the picture's.
                (taken, .xmp)
            } else if let dateTime = TakenAt.fromEXIF(metadata.dateTime, offset: metadata.utcOffset) {
                (dateTime, .dateTime)
            } else if let created = TakenAt.fromEXIF(metadata.mediaCreated, offset: metadata.utcOffset) {
                (created, .mediaCreated)
            } else {
                (TakenAt.fromFileTime(fileModified), .fileTime)
            }
        let description = DescriptionResolver.resolve(metadata, fileName: (path as NSString).lastPathComponent)
        var photo = Photo(
            id: ContentHash.photoID(hash), path: path, fileSize: Int64(size),
            fileModified: fileModified, width: header.width, height: header.height,
            orientation: header.orientation,
            takenAt: taken.0, takenAtSource: taken.1,
            cameraMake: metadata.cameraMake, cameraModel: metadata.cameraModel, gps: metadata.gps,
            description: description?.text, descriptionSource: description?.source,
            importedAt: importedAt)
        photo.kind = format.kind
        photo.duration = metadata.duration
        photo.animated = metadata.frameCount > 1
        photo.appleContentID = metadata.appleContentID
        photo.fileMarks = PhotoMarks(xmp: xmp, iptcKeywords: metadata.iptcKeywords)
        // A file photory does not write keeps its turn in the sidecar (digiKam does the same
        // for raw files); a JPEG's own EXIF orientation is the truth.
        if format.name != "JPEG", let turned = sidecars.lazy.compactMap(\.facts.orientation).first {
            photo.fileOrientation = turned
        }
        photo.sidecarModified = sidecars.map(\.modified).max() ?? 0
        let motion = motion(header.metadata)
        if let clip = motion.clip {
            photo.motionRange = Int64(clip.range.lowerBound)..<Int64(clip.range.upperBound)
            photo.motionDuration = clip.duration
        }
        let thumbnail = prepareThumbnail(ThumbnailStore.Key(photoID: photo.id, fileSize: photo.fileSize,
                                                            fileModified: photo.fileModified), photo.fileOrientation)
        photo.setLookAlikeHashes(from: thumbnail)   // look-alikes (issue 23)
        return .photo(photo, note: motion.note)
    }

    /// A Motion Photo's video in `file` (a JPEG, whole): its range and length once FFmpeg has
    /// read it; else, when the file announces one that cannot be played, why (the photo is
    /// still imported, as a still).
    static func motion(of file: UnsafeRawBufferPointer, xmpPacket: Range<Int>?) -> (clip: (range: Range<Int>, duration: Double?)?, note: String?) {
        switch MotionPhoto.locate(in: file, xmpPacket: xmpPacket) {
        case nil: return (nil, nil)
        case let .broken(reason): return (nil, "imported as a still photo, " + reason)
        case let .clip(range):
            do {
                let video = try VideoFormat().inspect(UnsafeRawBufferPointer(rebasing: file[range]))
                return ((range, video.metadata.duration), nil)
            } catch {
                return (nil, "imported as a still photo, its Motion Photo video cannot be read: \(error)")
            }
        }
    }
}
