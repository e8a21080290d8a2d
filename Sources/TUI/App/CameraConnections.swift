import Foundation
import Library

/// The cameras the browser has open (issue 25), one connection each, kept between uses: a USB
/// camera can be opened by one program connection at a time, and opening one takes a while.
/// Every use goes through `with`, one at a time: libgphoto2 drives a camera from one thread at
/// once, so a listing waits for an import under way (the picker is closed during imports). A
/// connection that fails is dropped and opened again next time (the camera was unplugged).
///
/// The tests give an `open` that hands out fakes.
final class CameraConnections: Sendable {
    private let cameras = Locked<[CameraAddress: any CameraSource]>([:])
    private let open: @Sendable (CameraAddress) throws -> any CameraSource

    init(open: @escaping @Sendable (CameraAddress) throws -> any CameraSource = { try GPhoto2Camera($0) }) {
        self.open = open
    }

    /// Runs `body` with the camera at `address`, opened when it is not yet.
    func with<T>(_ address: CameraAddress, _ body: (any CameraSource) throws -> T) throws -> T {
        try cameras.withLock { open in
            let camera = try open[address] ?? self.open(address)
            open[address] = camera
            do {
                return try body(camera)
            } catch {
                open[address] = nil
                throw error
            }
        }
    }

    /// The cameras plugged in, then the folders given as cameras; the webcams; and why detecting
    /// cameras failed.
    static func detect(folders: [String]) -> ([CameraAddress], webcams: [WebcamDevice], problem: String?) {
        var found: [CameraAddress] = []
        var problem: String?
        do {
            found = try GPhoto2Camera.detect()
        } catch {
            problem = "\(error)"
        }
        return (found + folders.map(CameraAddress.folder), Webcams.list(), problem)
    }

    /// One camera folder as the picker lists it: folders first, then files, by name.
    static func list(_ camera: any CameraSource, _ folder: String) -> Result<[FolderEntry], Failure> {
        do {
            let listing = try camera.list(folder)
            return .success(listing.folders.map { FolderEntry(name: $0, isFolder: true) }
                + listing.files.map { FolderEntry(name: $0.name, isFolder: false, cameraFile: $0) })
        } catch {
            return .failure(Failure("\(error)"))
        }
    }

    /// The files a picker's choice names: every file under its folders, and its files.
    static func files(_ request: CameraImportRequest, on camera: any CameraSource) throws -> [CameraFile] {
        var chosen: [CameraFile] = []
        for folder in request.folders { chosen += try camera.files(under: folder) }
        let byFolder = Dictionary(grouping: request.files) { ($0 as NSString).deletingLastPathComponent }
        for (folder, paths) in byFolder.sorted(by: { $0.key < $1.key }) {
            let names = Set(paths.map { ($0 as NSString).lastPathComponent })
            chosen += try camera.list(folder.isEmpty ? "/" : folder).files.filter { names.contains($0.name) }
        }
        var seen = Set<String>()
        return chosen.filter { seen.insert($0.path).inserted }
    }
}
