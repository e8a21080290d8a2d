import Foundation

/// Copies photos out of the library into a folder (`photory-tui export`, `X` in the browser):
/// the photo as photory shows it, byte for byte where nothing is asked and nothing was edited.
/// The originals are only read. The recipe for one photo:
///
/// 1. Its file name is kept; a name already in the folder (or taken earlier in this export)
///    gets a number before its extension ("IMG_1.2.jpg", as the trash names clashes).
/// 2. Its edits kept in the library and not yet written to its file (date, place or no place,
///    description, turn, rating and tags: `MetadataChanges(editsOf:)`, what `W` would write) go
///    into the copy's metadata, whatever the options: a JPEG's EXIF, XMP and IPTC. Another
///    format is copied as it is, with a note that its edits are not in the copy (`--format jpeg`
///    carries them).
/// 3. Nothing edited and nothing asked: the file is mapped and written whole (`AtomicFile`, the
///    original's permissions and times kept). With `stripGPS`, a JPEG loses every trace of its
///    place (`JPEGPlaceRemover`: EXIF GPS, XMP and IPTC places, a trailing video or picture; the
///    image data kept); any other file is not exported then (its position would leak), unless
///    it is re-encoded. A sidecar is never copied.
/// 4. Resized or re-encoded: decoded through the photo view's path (`PreviewImage`: an embedded
///    preview where it is big enough, a RAW's too), turned upright, scaled to fit, encoded as
///    JPEG (`JPEGEncoder`); the original's EXIF goes along (a JPEG's, or what a HEIF file
///    carries: `PhotoFormat.exifPayload`) with orientation 1, the edits of step 2, and no GPS
///    when asked; nothing else of the original's metadata (no XMP, no IPTC).
///    A video is copied as it is, with a note.
/// 5. Every write is atomic: a file in the folder is whole or absent.
///
/// Each photo ends with one `ExportFileResult`; a failure names the file and the reason and the
/// others go on.
public struct PhotoExporter: Sendable {
    public var options: ExportOptions

    public init(options: ExportOptions = ExportOptions()) {
        self.options = options
    }

    /// Exports `photos` into `folder` (made when missing), in order, telling `progress` after
    /// each one; stops between photos once `cancellation` is cancelled.
    public func run(_ photos: [Photo], to folder: String, cancellation: ImportCancellation? = nil,
                    progress: (ImportProgress) -> Void = { _ in }) -> ExportSummary {
        var summary = ExportSummary(asked: photos.count)
        var taken: Set<String> = []
        var bytes: Int64 = 0
        progress(ImportProgress(phase: .exporting, total: photos.count))
        for photo in photos {
            if cancellation?.isCancelled == true {
                summary.cancelled = true
                break
            }
            let result = export(photo, to: folder, taken: &taken)
            if let written = result.destination { bytes += Self.size(of: written) }
            summary.results.append(result)
            progress(ImportProgress(phase: .exporting, done: summary.results.count, total: photos.count, bytesDone: bytes,
                                    currentFile: photo.path))
        }
        return summary
    }

    /// One photo (see the recipe above).
    func export(_ photo: Photo, to folder: String, taken: inout Set<String>) -> ExportFileResult {
        func failed(_ reason: String) -> ExportFileResult { ExportFileResult(source: photo.path, outcome: .failed, reason: reason) }
        guard photo.isDownloaded else { return failed("the original is not downloaded yet (photory-tui fetch downloads it)") }
        let reencode = options.format == .jpeg || options.maxSize.map { max(photo.displaySize.width, photo.displaySize.height) > $0 } == true
        var note: String?
        if reencode, photo.kind == .video {
            guard !options.stripGPS else { return failed("the position cannot be taken out of a video: not exported") }
            note = "a video is copied as it is (not resized or re-encoded)"
        }
        let converts = reencode && photo.kind != .video
        let edits = MetadataChanges(editsOf: photo, favourite: false)
        let name = Self.freeName(converts ? Self.jpegName(photo.name) : photo.name, in: folder, taken: &taken)
        let destination = folder == "/" ? "/" + name : folder + "/" + name
        var changed = converts || options.stripGPS
        do {
            if converts {
                try AtomicFile.write(try reencoded(photo, edits: edits, note: &note), to: destination,
                                     options: .init(createFolder: true))
            } else if options.stripGPS || edits.touchesFile {
                if let bytes = try edited(photo, edits: edits, note: &note) {
                    try AtomicFile.write(bytes, to: destination, options: .init(createFolder: true))
                    changed = true
                } else {
                    try Self.copy(photo.path, to: destination)
                }
            } else {
                try Self.copy(photo.path, to: destination)
            }
        } catch let failure as ExportFailure {
            taken.remove(name)
            return failed(failure.reason)
        } catch let failure as AtomicFile.Failure {
            taken.remove(name)
            return failed(failure.description)
        } catch {
            taken.remove(name)
            return failed("\(error)")
        }
        return ExportFileResult(source: photo.path, destination: destination, outcome: changed ? .converted : .copied, reason: note)
    }

    /// Why one photo could not be exported, in words.
    struct ExportFailure: Error {
        var reason: String
    }

    // MARK: - Making the bytes

    /// The photo decoded upright, scaled to fit `maxSize`, as a JPEG carrying the original's
    /// EXIF with `edits` (recipe step 4).
    func reencoded(_ photo: Photo, edits: MetadataChanges, note: inout String?) throws -> [UInt8] {
        let file = try read(photo.path)
        let display = photo.displaySize
        let box = options.maxSize.map { (width: min($0, display.width), height: min($0, display.height)) }
            ?? (width: display.width, height: display.height)
        var image: DecodedImage
        let decoded = file.withUnsafeBytes { raw in
            Result { () throws(PreviewImage.Failure) in
                try PreviewImage.make(from: raw, minWidth: max(1, box.width), minHeight: max(1, box.height),
                                      orientation: photo.orientation, fitting: true)
            }
        }
        switch decoded {
        case let .success(decodedImage): image = decodedImage
        case let .failure(failure): throw ExportFailure(reason: "cannot decode it: \(failure.description)")
        }
        if let maxSize = options.maxSize, max(image.width, image.height) > maxSize {
            image = ImageTransform.resized(image, toFit: maxSize, maxSize)
        }
        let encoded: [UInt8]
        do {
            encoded = try JPEGEncoder.encode(image, quality: 90)
        } catch {
            throw ExportFailure(reason: "cannot encode it as JPEG: \(error)")
        }
        var changes = edits
        changes.orientation = 1   // the pixels are upright now
        if options.stripGPS { changes.location = .clear }
        // The original's EXIF, after the encoder's SOI and JFIF APP0, then the edits on top.
        if let exif = Self.exifPayload(of: file), exif.count + 2 <= 0xFFFF {
            let layout = encoded.withUnsafeBytes { raw in Result { () throws(JPEGLayout.Problem) in try JPEGLayout(raw) } }
            var carrying = encoded
            let length = exif.count + 2
            carrying.insert(contentsOf: [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + exif,
                            at: (try? layout.get())?.insertionPoint ?? 2)
            do {
                return try JPEGMetadataWriter.rewrite(carrying, with: changes, path: photo.path).bytes
            } catch {
                note = "its EXIF could not be carried over (\(error)); the date and place photory shows are"
            }
        }
        do {
            return try JPEGMetadataWriter.rewrite(encoded, with: changes, path: photo.path).bytes
        } catch {
            throw ExportFailure(reason: "cannot write its metadata: \(error)")
        }
    }

    /// The EXIF `file` carries as an APP1 payload: a JPEG's own, or what its format keeps.
    static func exifPayload(of file: [UInt8]) -> [UInt8]? {
        file.withUnsafeBytes { raw in
            if let layout = try? JPEGLayout(raw) { return layout.exifPayload.map { Array(raw[$0]) } }
            return PhotoFormats.format(of: raw)?.specific(for: raw).exifPayload(raw)
        }
    }

    /// A JPEG's bytes with `edits` written in, and without anything that says where it was
    /// taken when asked (`JPEGPlaceRemover`: EXIF GPS, XMP and IPTC places, what follows the
    /// picture). Another format: refused when the place must go; nil (copy it as it is, `note`
    /// says the edits are not in it) otherwise. `note` also says when a Motion Photo's video or
    /// an MPO's other pictures were left out.
    func edited(_ photo: Photo, edits: MetadataChanges, note: inout String?) throws -> [UInt8]? {
        // Only a photo can be a JPEG: a video or a RAW (large, and copied mapped) is not read whole to find out.
        guard photo.kind == .photo || PathBytes.exists(photo.path) else { throw ExportFailure(reason: "file missing") }
        let file = photo.kind == .photo ? try read(photo.path) : []
        guard file.starts(with: [0xFF, 0xD8]) else {
            if options.stripGPS {
                throw ExportFailure(reason: "the position can only be taken out of JPEG files: not exported (--format jpeg re-encodes it without)")
            }
            note = "its edits are not in the copy: photory writes metadata into JPEG files only (--format jpeg carries them)"
            return nil
        }
        var changes = edits
        if options.stripGPS { changes.location = .clear }
        var bytes = file
        if changes.touchesFile {
            do {
                bytes = try JPEGMetadataWriter.rewrite(file, with: changes, path: photo.path).bytes
            } catch {
                throw ExportFailure(reason: "cannot write its edits into the copy: \(error)")
            }
        }
        guard options.stripGPS else { return bytes }
        do {
            let output = try JPEGPlaceRemover.removingPlace(from: bytes, path: photo.path)
            if output.trailerDropped {
                note = "what follows the picture (a motion photo's video, an MPO's other pictures) left out: it carries the place too"
            }
            return output.bytes
        } catch {
            throw ExportFailure(reason: "cannot take the position out: \(error)")
        }
    }

    private func read(_ path: String) throws -> [UInt8] {
        do {
            return try FileBytes.read(path)
        } catch {
            throw ExportFailure(reason: error.isMissing ? "file missing" : "cannot read it: \(error)")
        }
    }

    /// Copies `source` byte for byte, mapped rather than read (a video may be large), keeping
    /// its permissions and times.
    static func copy(_ source: String, to destination: String) throws {
        let fd = PathBytes.open(source, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw ExportFailure(reason: errno == ENOENT ? "file missing" : "cannot read it: \(FileBytes.errnoReason())")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { throw ExportFailure(reason: "not a regular file") }
        let size = Int(info.st_size)
        let keep = AtomicFile.Options(keep: .init(info: info, times: true), createFolder: true)
        guard size > 0 else {
            _ = try AtomicFile.replace(destination, with: [], options: keep)
            return
        }
        guard let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), mapped != MAP_FAILED else {
            throw ExportFailure(reason: "cannot read it: \(FileBytes.errnoReason())")
        }
        defer { munmap(mapped, size) }
        _ = try AtomicFile.replace(destination, with: [UnsafeRawBufferPointer(start: mapped, count: size)], options: keep)
    }

    // MARK: - Names

    /// `name`, or the first of "name.2.ext", "name.3.ext"… that is neither in `folder` nor
    /// taken earlier in this export; the one chosen is taken.
    static func freeName(_ name: String, in folder: String, taken: inout Set<String>) -> String {
        let base = name.replacingOccurrences(of: "/", with: "_")
        var candidate = base, n = 1
        while taken.contains(candidate) || PathBytes.exists(folder + "/" + candidate) {
            n += 1
            candidate = FreedesktopTrash.uniqueName(base, n)
        }
        taken.insert(candidate)
        return candidate
    }

    /// "IMG_1.heic" → "IMG_1.jpg"; a JPEG keeps its name.
    static func jpegName(_ name: String) -> String {
        let ext = (name as NSString).pathExtension.lowercased()
        if ["jpg", "jpeg"].contains(ext) { return name }
        let stem = (name as NSString).deletingPathExtension
        return (stem.isEmpty ? name : stem) + ".jpg"
    }

    private static func size(of path: String) -> Int64 {
        var info = stat()
        return PathBytes.stat(path, &info) == 0 ? Int64(info.st_size) : 0
    }
}
