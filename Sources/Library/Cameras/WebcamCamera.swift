import Foundation

/// A webcam seen as a camera that can take pictures (issue 25), so `CameraCapture` copies its
/// shot into the import folder and imports it as it does a tethered camera's. `capture` takes
/// the next frame of the `FrameSource` and makes it a JPEG (`JPEGEncoder`) with its EXIF (the
/// date, "Webcam" as the make, the device's name as the model: `JPEGMetadataWriter`), kept in
/// memory as the one file this camera holds until `download` writes it.
public final class WebcamCamera: CameraSource {
    public static let make = "Webcam"
    /// Frames a webcam is given to settle its exposure after opening before a picture is kept.
    public static let settlingFrames = 5
    public let source: FrameSource
    /// The last shot: its file and bytes.
    private var shot: (file: CameraFile, bytes: [UInt8])?
    private let now: () -> Date

    public init(_ source: FrameSource, now: @escaping () -> Date = Date.init) {
        self.source = source
        self.now = now
    }

    public var label: String { "\(source.name) (\(source.device))" }
    public var canCapture: Bool { true }

    public func capture() throws(CameraError) -> CameraFile {
        let frame: RGBFrame
        do {
            frame = try source.frame()
        } catch {
            throw CameraError.failed("taking a picture with \(source.device)", reason: error.description)
        }
        let taken = now()
        let bytes = try Self.jpeg(frame, takenAt: taken, model: source.name)
        let file = CameraFile(folder: "/", name: Self.fileName(taken), size: Int64(bytes.count),
                              modified: taken.timeIntervalSince1970.rounded(.down))
        shot = (file, bytes)
        return file
    }

    /// `frame` as a JPEG whose EXIF says when (`takenAt`, local time with its offset) and with
    /// what (make "Webcam", `model`).
    public static func jpeg(_ frame: RGBFrame, takenAt: Date, model: String, quality: Int = 90) throws(CameraError) -> [UInt8] {
        let encoded: [UInt8]
        do {
            encoded = try JPEGEncoder.encode(frame.rgba, quality: quality)
        } catch {
            throw CameraError.failed("making the JPEG", reason: error.description)
        }
        var changes = MetadataChanges(takenAt: TakenAt.fromFileTime(takenAt.timeIntervalSince1970)) ?? MetadataChanges()
        changes.make = make
        changes.model = model
        do {
            return try JPEGMetadataWriter.rewrite(encoded, with: changes, path: "the webcam's picture").bytes
        } catch {
            throw CameraError.failed("writing the picture's EXIF", reason: "\(error)")
        }
    }

    /// "WEBCAM_20240501_140322.jpg".
    public static func fileName(_ taken: Date) -> String {
        var time = time_t(taken.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        localtime_r(&time, &parts)
        return String(format: "WEBCAM_%04d%02d%02d_%02d%02d%02d.jpg", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
                      Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
    }

    public func list(_ folder: String) throws(CameraError) -> CameraFolder {
        CameraFolder(folders: [], files: shot.map { [$0.file] } ?? [])
    }

    public func download(_ file: CameraFile, into fd: Int32) throws(CameraError) {
        guard let shot, shot.file == file else { throw CameraError.failed("copying \(file.name)", reason: "the webcam has no such picture") }
        let written = shot.bytes.withUnsafeBytes { FileBytes.write($0, to: fd) }
        guard written else { throw CameraError.failed("copying \(file.name)", reason: String(cString: strerror(errno))) }
    }

    public func thumbnail(of file: CameraFile) -> [UInt8]? { nil }

    public func delete(_ file: CameraFile) throws(CameraError) {
        if shot?.file == file { shot = nil }
    }
}
