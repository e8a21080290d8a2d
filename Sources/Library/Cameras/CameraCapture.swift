import Foundation

/// Tethered capture (issue 25): the camera takes a picture (`CameraSource.capture`), the file is
/// copied into the import folder like an imported one (`CameraImporter`: its day's folder, its
/// name kept and made unique) and imported; the shot says where it went and how long it took.
/// The CLI's `capture` and the browser's `c` in the import picker both run it.
public struct CameraCapture: Sendable {
    public var copies: CameraImporter
    public var files: Importer

    public init(root: String, files: Importer) {
        copies = CameraImporter(root: root)
        self.files = files
    }

    /// One picture taken and imported.
    public struct Shot: Sendable {
        public var library: PhotoLibrary
        /// The copy in the import folder.
        public var path: String
        /// The photo in the library (nil when the import did not take it: `problem` says why).
        public var photoID: String?
        public var problem: String?
        /// From asking the camera to the photo in the library.
        public var seconds: Double
    }

    /// Takes one picture with `camera` and imports it. Throws when the camera cannot take
    /// pictures or the shot cannot be copied, or the library cannot be written.
    public func take(with camera: CameraSource, store: any LibraryStoring) throws -> Shot {
        let started = Date()
        guard camera.canCapture else { throw CameraError.cannotCapture(camera.label) }
        let file = try camera.capture()
        // Always downloaded: a new shot is never "already in the library".
        let copied = try copies.download(from: camera, only: [file], library: PhotoLibrary())
        guard let outcome = copied.first?.outcome, case let .downloaded(path) = outcome else {
            if case let .failed(reason) = copied.first?.outcome { throw CameraError.failed("copying the picture", reason: reason) }
            throw CameraError.failed("copying the picture", reason: "the camera gave no file")
        }
        let (library, summary) = try files.run([path], store: store)
        let result = summary.results.first { $0.path == path }
        return Shot(library: library, path: path, photoID: result?.outcome.photoID, problem: result?.reason,
                    seconds: Date().timeIntervalSince(started))
    }
}
