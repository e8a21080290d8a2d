import ArgumentParser
import Foundation
import Library

/// `photory-tui import --camera MODEL [--port PORT] [--to DIR] [--delete-after]` (issue 25):
/// copies the camera's new files into DIR/YYYY/YYYY-MM-DD and imports the copies like files
/// (`CameraImport`); with --delete-after, deletes from the camera what was copied and verified.
extension ImportCommand {
    func runCamera(_ model: String) throws {
        var interruptedBy: Int32?
        var failed = false
        try reportingFailures {
            let root = LibraryPaths.absolute(to ?? CameraImporter.defaultRoot)
            let source: GPhoto2Camera
            do {
                source = try GPhoto2Camera(model: model, port: port)
            } catch {
                throw CommandFailure("\(error)")
            }
            let bar = ProgressBar()
            let cancellation = ImportCancellation()
            let interrupt = InterruptWatcher { cancellation.cancel() }
            let done: CameraImport.Done
            do {
                done = try CameraImport(root: root, files: Importer(thumbnails: options.thumbnails), deleteAfterCopy: deleteAfter,
                                    duplicatesFile: CameraDuplicates.defaultFile())
                    .run(source, store: options.store, cancellation: cancellation, progress: bar.update)
            } catch {
                bar.clear()
                throw CommandFailure("\(error)")
            }
            interruptedBy = interrupt.signal
            bar.clear()
            let counts = done.summary.camera ?? ImportSummary.CameraCounts(label: source.label)
            var summary = done.summary
            summary.camera = nil
            if json {
                try printJSON(CameraRecord(camera: source.label, folder: root, done: done))
            } else {
                Self.printProblems(of: summary)
                for problem in counts.notDeleted { say("not deleted \(problem.strippingControlCharacters)") }
                let deleted = deleteAfter ? ", \(counts.deleted) deleted from the camera" : ""
                say("\(source.label.strippingControlCharacters): \(Counted.text(done.downloads.count, "file")), "
                    + "\(counts.downloaded) copied into \(PathBytes.display(root).strippingControlCharacters), "
                    + "\(counts.already) already in the library, \(counts.failed) failed\(deleted); " + summary.line)
            }
            failed = counts.failed > 0 || !counts.notDeleted.isEmpty
        }
        if let signal = interruptedBy { throw ExitCode(128 + signal) }
        if failed { throw ExitCode.failure }
    }

    /// `--json`: every file of the camera and what became of it.
    struct CameraRecord: Encodable {
        struct File: Encodable {
            var camera: String
            /// downloaded, already, failed; then the import's outcome for a downloaded one.
            var outcome: String
            var path: String?
            var reason: String?
            var photoId: String?
            /// Deleted from the camera (--delete-after).
            var deleted: Bool?
        }
        var camera: String
        var folder: String
        var files: [File]

        init(camera: String, folder: String, done: CameraImport.Done) {
            self.camera = camera
            self.folder = folder
            let imported = Dictionary(done.summary.results.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
            let deleted = Set(done.deleted)
            files = done.downloads.map { result in
                var file: File
                switch result.outcome {
                case let .downloaded(path):
                    let outcome = imported[path]
                    file = File(camera: result.file.path, outcome: outcome?.outcome.kind.rawValue ?? "downloaded", path: path,
                                reason: outcome?.reason, photoId: outcome?.outcome.photoID)
                case let .alreadyInLibrary(path):
                    file = File(camera: result.file.path, outcome: "already", path: path)
                case let .failed(reason):
                    file = File(camera: result.file.path, outcome: "failed", reason: reason)
                }
                if deleted.contains(result.file) { file.deleted = true }
                return file
            }
        }
    }
}
