import ArgumentParser
import Foundation
import Library

/// `photory-tui import --camera MODEL [--port PORT] [--to DIR]` (issue 25): copies the camera's
/// new files into DIR/YYYY/YYYY-MM-DD (`CameraImporter`), then imports the copies like files.
extension ImportCommand {
    func runCamera(_ model: String) throws {
        var interruptedBy: Int32?
        var failed = false
        try reportingFailures {
            let root = LibraryPaths.absolute(to ?? "~/Pictures/photory")
            let library = try options.loadForReading(checkMissing: false, orEmpty: true)
            let source: GPhoto2Camera
            do {
                source = try GPhoto2Camera(model: model, port: port)
            } catch {
                throw CommandFailure("\(error)")
            }
            let bar = ProgressBar()
            let cancellation = ImportCancellation()
            let interrupt = InterruptWatcher { cancellation.cancel() }
            let downloads: [CameraImporter.Result]
            do {
                downloads = try CameraImporter(root: root).download(from: source, library: library, cancellation: cancellation) {
                    done, total, _ in bar.update(ImportProgress(phase: .scanning, done: done, total: total))
                }
            } catch {
                bar.clear()
                throw CommandFailure("\(error)")
            }
            let copies = downloads.compactMap { result -> String? in
                if case let .downloaded(path) = result.outcome { return path }
                return nil
            }
            var summary = ImportSummary()
            if !copies.isEmpty, !cancellation.isCancelled {
                do {
                    summary = try Importer(thumbnails: options.thumbnails).run(copies, store: options.store,
                                                                               cancellation: cancellation, progress: bar.update).summary
                } catch {
                    bar.clear()
                    throw CommandFailure("\(error)")
                }
                // Same content as a photo already there: the copy is not wanted.
                for result in summary.results where result.outcome.kind == .duplicate { unlink(result.path) }
            }
            interruptedBy = interrupt.signal
            bar.clear()
            let problems = downloads.compactMap { result -> (CameraFile, String)? in
                if case let .failed(reason) = result.outcome { return (result.file, reason) }
                return nil
            }
            let known = downloads.count { if case .alreadyInLibrary = $0.outcome { true } else { false } }
            if json {
                try printJSON(CameraRecord(camera: source.label, folder: root, downloads: downloads, summary: summary))
            } else {
                for (file, reason) in problems { say("failed      \(file.path.strippingControlCharacters): \(reason.strippingControlCharacters)") }
                Self.printProblems(of: summary)
                say("\(source.label.strippingControlCharacters): \(downloads.count) file\(downloads.count == 1 ? "" : "s"), "
                    + "\(copies.count) copied into \(PathBytes.display(root).strippingControlCharacters), "
                    + "\(known) already in the library, \(problems.count) failed; " + summary.line)
            }
            failed = !problems.isEmpty
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
        }
        var camera: String
        var folder: String
        var files: [File]

        init(camera: String, folder: String, downloads: [CameraImporter.Result], summary: ImportSummary) {
            self.camera = camera
            self.folder = folder
            let imported = Dictionary(summary.results.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
            files = downloads.map { result in
                switch result.outcome {
                case let .downloaded(path):
                    let outcome = imported[path]
                    return File(camera: result.file.path, outcome: outcome?.outcome.kind.rawValue ?? "downloaded", path: path,
                                reason: outcome?.reason, photoId: outcome?.outcome.photoID)
                case let .alreadyInLibrary(path):
                    return File(camera: result.file.path, outcome: "already", path: path)
                case let .failed(reason):
                    return File(camera: result.file.path, outcome: "failed", reason: reason)
                }
            }
        }
    }
}
