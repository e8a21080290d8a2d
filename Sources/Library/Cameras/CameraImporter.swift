import Foundation

/// Copies a camera's new files into the import folder (issue 25): a camera is not a place to
/// reference photos in. Each file goes to `root/YYYY/YYYY-MM-DD/` by the date it was taken (its
/// EXIF date; else the time the camera gives it; else today), keeping its name (made unique, "IMG_0001-2.JPG", when another file has
/// it). A file is new unless the library already holds one of the same name (or that name made
/// unique: "IMG_0001-2.JPG") and size (and the same time, when the camera gives one), or it is
/// remembered as a duplicate of a photo still in the library (`CameraDuplicates`): then it is
/// not downloaded again. The copies are then imported like any files (`Importer`); one whose
/// content the library already has comes out as a duplicate there, its copy is removed and the
/// camera file remembered (`CameraImport`).
///
/// A copy is written beside its final name and renamed into place once complete, with the
/// camera's time as its modification time; a file that cannot be copied (gone from the camera,
/// a read error) is named with the reason and the rest goes on.
public struct CameraImporter: Sendable {
    /// The import folder: `~/Pictures/photory` by default.
    public var root: String
    public static let defaultRoot = "~/Pictures/photory"

    public init(root: String) {
        self.root = root
    }

    /// What happened to one file of the camera.
    public struct Result: Sendable, Equatable {
        public enum Outcome: Sendable, Equatable {
            /// Copied to `path`.
            case downloaded(String)
            /// The library already has it (the photo's path).
            case alreadyInLibrary(String)
            case failed(String)
        }
        public var file: CameraFile
        public var outcome: Outcome
    }

    /// Where the files of `camera` (`only` these when given, else all) go and what became of
    /// each; `progress` is told "Downloading N of M" before each.
    public func download(from camera: CameraSource, only chosen: [CameraFile]? = nil, library: PhotoLibrary,
                         duplicates: CameraDuplicates = CameraDuplicates(file: nil),
                         cancellation: ImportCancellation? = nil,
                         progress: (ImportProgress) -> Void = { _ in }) throws(CameraError) -> [Result] {
        let files: [CameraFile]
        if let chosen { files = chosen } else { files = try camera.files() }
        // The library's photos by file name (as the camera named it), for "already there".
        var known: [String: [Photo]] = [:]
        for photo in library.photos {
            known[Self.cameraName((photo.path as NSString).lastPathComponent), default: []].append(photo)
        }
        var results: [Result] = []
        for (index, file) in files.enumerated() {
            if cancellation?.isCancelled == true { break }
            progress(ImportProgress(phase: .downloading, done: index, total: files.count, currentFile: file.name))
            if let found = known[file.name]?.first(where: { Self.same(file, $0) }) ?? duplicates.photo(for: file, in: library) {
                results.append(Result(file: file, outcome: .alreadyInLibrary(found.path)))
                continue
            }
            results.append(Result(file: file, outcome: copy(file, from: camera)))
        }
        return results
    }

    /// Whether the library's `photo` is the camera's `file`: the same name (the caller's
    /// look-up), size and, when the camera gives one, time (to the second: copies keep it).
    static func same(_ file: CameraFile, _ photo: Photo) -> Bool {
        guard let size = file.size, size == photo.fileSize else { return false }
        guard let modified = file.modified else { return true }
        return abs(photo.fileModified - modified) < 1
    }

    /// `root/YYYY/YYYY-MM-DD` for a file of time `modified` (seconds since 1970; now when nil),
    /// in the machine's zone.
    public func folder(for modified: Double?) -> String {
        var time = time_t((modified ?? Date().timeIntervalSince1970).rounded(.down))
        var parts = tm()
        localtime_r(&time, &parts)
        let year = Int(parts.tm_year) + 1900
        return root + "/" + String(format: "%04d/%04d-%02d-%02d", year, year, Int(parts.tm_mon) + 1, Int(parts.tm_mday))
    }

    /// `root/YYYY/YYYY-MM-DD` for an EXIF date "YYYY:MM:DD HH:MM:SS" (the day as the camera's
    /// clock read it), or nil when it is not one.
    func folder(forEXIFDate date: String?) -> String? {
        guard let date, date.count >= 10 else { return nil }
        let digits = date.prefix(10).split(separator: ":").compactMap { Int($0) }
        guard digits.count == 3, digits[0] > 1900, (1...12).contains(digits[1]), (1...31).contains(digits[2]) else { return nil }
        return root + "/" + String(format: "%04d/%04d-%02d-%02d", digits[0], digits[0], digits[1], digits[2])
    }

    /// The folder of a downloaded copy: by its EXIF date, else the camera's time for it.
    private func folder(of copy: String, _ file: CameraFile) -> String {
        let metadata = try? FileMetadata.read(path: copy).get()
        return folder(forEXIFDate: metadata?.dateTimeOriginal ?? metadata?.dateTimeDigitized) ?? folder(for: file.modified)
    }

    /// Copies `file` into its folder; the outcome.
    private func copy(_ file: CameraFile, from camera: CameraSource) -> Result.Outcome {
        do {
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        } catch {
            return .failed("cannot make \(root): \((error as NSError).localizedFailureReason ?? "\(error)")")
        }
        // Written in the import folder first (the same disk: a rename moves it), then moved to
        // the day it was taken once its date can be read.
        let temporary = root + "/.photory-download-" + file.name   // its extension kept: videos are told by it
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return .failed("cannot write \(temporary): \(String(cString: strerror(errno)))") }
        do {
            try camera.download(file, into: fd)
        } catch {
            close(fd)
            unlink(temporary)
            return .failed(error.description)
        }
        var status = stat()
        let written = fstat(fd, &status) == 0 ? Int64(status.st_size) : -1
        let synced = fsync(fd) == 0
        close(fd)
        if let size = file.size, written != size {
            unlink(temporary)
            return .failed("copy of \(file.path) has \(written) bytes, the camera said \(size): not kept")
        }
        guard synced else {
            unlink(temporary)
            return .failed("cannot write \(temporary): \(String(cString: strerror(errno)))")
        }
        if let modified = file.modified {
            var times = [timespec(tv_sec: time_t(modified), tv_nsec: 0), timespec(tv_sec: time_t(modified), tv_nsec: 0)]
            utimensat(AT_FDCWD, temporary, &times, 0)
        }
        let folder = folder(of: temporary, file)
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            unlink(temporary)
            return .failed("cannot make \(folder): \((error as NSError).localizedFailureReason ?? "\(error)")")
        }
        let destination = Self.unique(folder + "/" + file.name)
        guard rename(temporary, destination) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            return .failed("cannot name \(destination): \(reason)")
        }
        return .downloaded(destination)
    }

    /// The name a copy had on the camera: "IMG_0001-2.JPG" → "IMG_0001.JPG" (`unique`'s suffix
    /// off); other names as they are.
    static func cameraName(_ name: String) -> String {
        let stem = (name as NSString).deletingPathExtension, ext = (name as NSString).pathExtension
        guard let dash = stem.lastIndex(of: "-"), dash > stem.startIndex,
              let n = Int(stem[stem.index(after: dash)...]), n >= 2 else { return name }
        return String(stem[..<dash]) + (ext.isEmpty ? "" : "." + ext)
    }

    /// `path`, or "name-2.ext", "name-3.ext"… when a file has it.
    static func unique(_ path: String) -> String {
        guard FileManager.default.fileExists(atPath: path) else { return path }
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let stem = (name as NSString).deletingPathExtension, ext = (name as NSString).pathExtension
        for n in 2... {
            let candidate = folder + "/" + stem + "-\(n)" + (ext.isEmpty ? "" : "." + ext)
            if !FileManager.default.fileExists(atPath: candidate) { return candidate }
        }
        return path
    }
}
