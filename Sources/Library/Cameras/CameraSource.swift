import Foundation

/// A camera's files, seen through a seam so import, browsing and capture can be tested without
/// hardware (issue 25).
///
/// To add a kind of camera: list a folder (`list`), copy one file into a local file
/// (`download`), and, where the camera can, give a file's thumbnail (`thumbnail`), delete a
/// file (`delete`) and take a picture (`capture`). `CameraImporter` and `CameraImport` do the
/// rest (what is new, where it goes, names, dates, deleting only what was copied).
/// `GPhoto2Camera` is the real one (libgphoto2: PTP/MTP cameras and phones, and folders through
/// the "Directory Browse" driver); the tests have a fake.
public protocol CameraSource: AnyObject {
    /// What the camera is called in messages ("Canon EOS 6D on usb:001,004").
    var label: String { get }
    /// The subfolders (names) and files of one of the camera's folders ("/" is the top).
    func list(_ folder: String) throws(CameraError) -> CameraFolder
    /// Writes `file`'s bytes into the open file descriptor `fd` (at its start).
    func download(_ file: CameraFile, into fd: Int32) throws(CameraError)
    /// The small preview the camera keeps for `file` (a JPEG), or nil when it offers none.
    func thumbnail(of file: CameraFile) -> [UInt8]?
    /// Deletes `file` from the camera.
    func delete(_ file: CameraFile) throws(CameraError)
    /// Whether the camera can take a picture when asked (tethered capture).
    var canCapture: Bool { get }
    /// Takes a picture; the file it is on the camera, to `download`.
    func capture() throws(CameraError) -> CameraFile
}

/// What one folder of a camera holds.
public struct CameraFolder: Sendable, Equatable {
    public var folders: [String]
    public var files: [CameraFile]
    public init(folders: [String], files: [CameraFile]) {
        self.folders = folders
        self.files = files
    }
}

extension CameraSource {
    /// Every file under `folder` (the whole camera by default), folders walked from the top in
    /// name order.
    public func files(under folder: String = "/") throws(CameraError) -> [CameraFile] {
        var found: [CameraFile] = []
        var pending = [folder]
        while let next = pending.popLast() {
            let listing = try list(next)
            found += listing.files
            pending += listing.folders.reversed().map { CameraFile.join(next, $0) }
        }
        return found
    }
}

/// A camera as detected, or named by the user: its driver's model name and its port.
public struct CameraAddress: Sendable, Equatable, Hashable, Codable {
    public var model: String
    public var port: String
    public init(model: String, port: String) {
        self.model = model
        self.port = port
    }

    /// A folder shown as a camera through libgphoto2's "Directory Browse" driver (a card copied
    /// to disk, a mounted card reader).
    public static func folder(_ path: String) -> CameraAddress { CameraAddress(model: "Directory Browse", port: "disk:" + path) }

    /// "Canon EOS 6D (usb:001,004)"; a folder by its path.
    public var name: String {
        model == "Directory Browse" && port.hasPrefix("disk:") ? "Card " + port.dropFirst(5) : "\(model) (\(port))"
    }
}

/// One file on a camera.
public struct CameraFile: Sendable, Equatable, Hashable {
    /// The camera's folder ("/store_00010001/DCIM/100CANON").
    public var folder: String
    public var name: String
    /// Bytes, when the camera says.
    public var size: Int64?
    /// Seconds since 1970, when the camera says (most give the time the photo was taken).
    public var modified: Double?

    public init(folder: String, name: String, size: Int64? = nil, modified: Double? = nil) {
        self.folder = folder
        self.name = name
        self.size = size
        self.modified = modified
    }

    /// "/DCIM/100CANON/IMG_0001.JPG".
    public var path: String { Self.join(folder, name) }

    /// `name` inside `folder`.
    public static func join(_ folder: String, _ name: String) -> String { (folder.hasSuffix("/") ? folder : folder + "/") + name }
}

/// Why a camera could not be used, or a file not copied; each says which and why.
public enum CameraError: Error, Equatable, CustomStringConvertible {
    /// libgphoto2 could not be loaded (the reason from the loader).
    case libraryMissing(String)
    /// No driver for this model ("Directory Browse", "Canon EOS 6D"...).
    case unknownModel(String)
    /// No such port ("usb:001,004", "disk:/media/card").
    case unknownPort(String)
    /// The camera cannot take pictures when asked (its label).
    case cannotCapture(String)
    /// A libgphoto2 call failed: what was being done and the library's reason.
    case failed(String, reason: String)

    public var description: String {
        switch self {
        case let .libraryMissing(reason): "libgphoto2 could not be loaded (\(reason)); install libgphoto2-6"
        case let .unknownModel(model): "no camera driver is called \"\(model)\": `photory-tui cameras` lists the cameras found"
        case let .unknownPort(port): "no port \"\(port)\": `photory-tui cameras` lists the ports (a folder is disk:/path)"
        case let .cannotCapture(label): "\(label) cannot take pictures from the computer (tethered capture)"
        case let .failed(what, reason): "\(what): \(reason)"
        }
    }
}
