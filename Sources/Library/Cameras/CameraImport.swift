import Foundation

/// A camera import from start to end, as the CLI (`import --camera`) and the browser's picker
/// both run it (issue 25): the new files are copied into the import folder (`CameraImporter`),
/// the copies imported like any files (`Importer`), a copy whose content the library already
/// had is removed, and, when asked, each file whose copy is verified is deleted from the camera.
///
/// "Verified" means: the copy has the size the camera gave and was imported (or its content
/// was already in the library); or the file was not downloaded because the library already
/// holds it (same name, size and time) and that file is on disk with that size. A file that
/// could not be copied, or whose import failed, stays on the camera.
public struct CameraImport: Sendable {
    public var copies: CameraImporter
    public var files: Importer
    public var deleteAfterCopy: Bool
    /// Where the camera files found to be duplicates are remembered (`CameraDuplicates`); nil: nowhere.
    public var duplicatesFile: String?

    public init(root: String, files: Importer, deleteAfterCopy: Bool = false, duplicatesFile: String? = nil) {
        copies = CameraImporter(root: root)
        self.files = files
        self.deleteAfterCopy = deleteAfterCopy
        self.duplicatesFile = duplicatesFile
    }

    /// What the run did: the library as saved, the import's summary (the camera's counts in
    /// `summary.camera`, a file that could not be copied among its problems), each camera
    /// file's outcome, and the files deleted from the camera.
    public struct Done: Sendable {
        public var library: PhotoLibrary
        public var summary: ImportSummary
        public var downloads: [CameraImporter.Result]
        public var deleted: [CameraFile]
    }

    /// Runs it on `camera`'s files (`only` these when given). Throws when the camera cannot be
    /// listed or the library cannot be read or written; one file's trouble is in the summary.
    public func run(_ camera: CameraSource, only chosen: [CameraFile]? = nil, store: any LibraryStoring,
                    cancellation: ImportCancellation = ImportCancellation(),
                    progress: @escaping @Sendable (ImportProgress) -> Void = { _ in }) throws -> Done {
        let known = try store.load()
        var duplicates = CameraDuplicates(file: duplicatesFile)
        let downloads = try copies.download(from: camera, only: chosen, library: known, duplicates: duplicates,
                                            cancellation: cancellation, progress: progress)
        let copied = downloads.compactMap { result -> String? in
            if case let .downloaded(path) = result.outcome { return path }
            return nil
        }
        var library = known
        var summary = ImportSummary()
        if !copied.isEmpty, !cancellation.isCancelled {
            (library, summary) = try files.run(copied, store: store, cancellation: cancellation, progress: progress)
            // Same content as a photo already there: the copy is not wanted, nor next time.
            let fileOfCopy = Dictionary(downloads.compactMap { result -> (String, CameraFile)? in
                if case let .downloaded(path) = result.outcome { return (path, result.file) }
                return nil
            }, uniquingKeysWith: { a, _ in a })
            for result in summary.results {
                guard case let .duplicate(photoID, original) = result.outcome, original != result.path else { continue }
                unlink(result.path)
                // The day's and the year's folders, when they were made for it alone.
                let day = (result.path as NSString).deletingLastPathComponent
                if rmdir(day) == 0 { rmdir((day as NSString).deletingLastPathComponent) }
                if let file = fileOfCopy[result.path] { duplicates.remember(file, duplicates: photoID) }
            }
            duplicates.save()
        }
        summary.cancelled = summary.cancelled || cancellation.isCancelled
        var counts = ImportSummary.CameraCounts(label: camera.label)
        for result in downloads {
            switch result.outcome {
            case .downloaded: counts.downloaded += 1
            case .alreadyInLibrary: counts.already += 1
            case let .failed(reason):
                counts.failed += 1
                summary.results.append(ImportFileResult(path: result.file.path, outcome: .unreadable(reason: reason)))
            }
        }
        let imported = Dictionary(summary.results.map { ($0.path, $0.outcome.kind) }, uniquingKeysWith: { a, _ in a })
        counts.verified = downloads.filter { Self.isVerified($0, imported: imported) }.map(\.file)
        var deleted: [CameraFile] = []
        if deleteAfterCopy, !cancellation.isCancelled {
            (deleted, counts.notDeleted) = Self.delete(counts.verified, from: camera)
            counts.verified = []
        }
        counts.deleted = deleted.count
        summary.camera = counts
        return Done(library: library, summary: summary, downloads: downloads, deleted: deleted)
    }

    /// Deletes `files` from `camera`: those deleted, and those that could not be with why.
    public static func delete(_ files: [CameraFile], from camera: CameraSource) -> (deleted: [CameraFile], problems: [String]) {
        var deleted: [CameraFile] = [], problems: [String] = []
        for file in files {
            do {
                try camera.delete(file)
                deleted.append(file)
            } catch {
                problems.append("\(file.path): \(error)")
            }
        }
        return (deleted, problems)
    }

    /// Whether `result`'s copy is verified (see the type's comment): `imported` is each copy's
    /// import outcome by path.
    static func isVerified(_ result: CameraImporter.Result, imported: [String: ImportOutcome.Kind]) -> Bool {
        switch result.outcome {
        case let .downloaded(path):
            guard let kind = imported[path] else { return false }
            return [.imported, .updated, .relinked, .duplicate].contains(kind)
        case let .alreadyInLibrary(path):
            var status = stat()
            return stat(path, &status) == 0 && result.file.size.map { Int64(status.st_size) == $0 } ?? true
        case .failed:
            return false
        }
    }
}
