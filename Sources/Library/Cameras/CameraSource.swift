import Foundation

/// A camera's files, seen through a seam so the import can be tested without hardware (issue 25).
///
/// To add a kind of camera: list its files (`files`) and copy one into a local file
/// (`download`); `CameraImporter` does the rest (what is new, where it goes, names, dates).
/// `GPhoto2Camera` is the real one (libgphoto2: PTP/MTP cameras and phones, and folders through
/// the "Directory Browse" driver).
public protocol CameraSource {
    /// What the camera is called in messages ("Canon EOS 6D on usb:001,004").
    var label: String { get }
    /// Every file on the camera, folders walked from the top.
    func files() throws(CameraError) -> [CameraFile]
    /// Writes `file`'s bytes into the open file descriptor `fd` (at its start).
    func download(_ file: CameraFile, into fd: Int32) throws(CameraError)
}

/// One file on a camera.
public struct CameraFile: Sendable, Equatable {
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
    public var path: String { (folder.hasSuffix("/") ? folder : folder + "/") + name }
}

/// Why a camera could not be used, or a file not copied; each says which and why.
public enum CameraError: Error, Equatable, CustomStringConvertible {
    /// libgphoto2 could not be loaded (the reason from the loader).
    case libraryMissing(String)
    /// No driver for this model ("Directory Browse", "Canon EOS 6D"...).
    case unknownModel(String)
    /// No such port ("usb:001,004", "disk:/media/card").
    case unknownPort(String)
    /// A libgphoto2 call failed: what was being done and the library's reason.
    case failed(String, reason: String)

    public var description: String {
        switch self {
        case let .libraryMissing(reason): "libgphoto2 could not be loaded (\(reason)); install libgphoto2-6"
        case let .unknownModel(model): "no camera driver is called \"\(model)\": `photory-tui cameras` lists the cameras found"
        case let .unknownPort(port): "no port \"\(port)\": `photory-tui cameras` lists the ports (a folder is disk:/path)"
        case let .failed(what, reason): "\(what): \(reason)"
        }
    }
}
