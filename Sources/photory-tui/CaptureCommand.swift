import ArgumentParser
import Foundation
import Library

/// `photory-tui capture [--camera MODEL [--port PORT] | --webcam [DEVICE]] [--count N --interval SECONDS]
/// [--to DIR] [--json]` (issue 25): tethered capture, or a webcam's picture (`WebcamCamera`: a
/// frame as a JPEG). The camera takes each picture (`CameraCapture`), the
/// file is copied into DIR/YYYY/YYYY-MM-DD and imported; each line says how long it took. A
/// time-lapse takes N pictures, one every SECONDS from the first; Ctrl-C stops after the one
/// under way.
struct CaptureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "capture",
        abstract: "Take pictures with a camera plugged in (tethered) and import them.",
        discussion: """
            Without --camera, the first camera `cameras` lists. A camera that cannot take pictures from the \
            computer says so (exit 1). With --webcam, a V4L2 webcam takes them (the first, or DEVICE: \
            /dev/video0), as JPEGs whose EXIF says "Webcam" and the device's name. Each picture is copied into --to (default ~/Pictures/photory) in its \
            YYYY/YYYY-MM-DD folder, its name kept (made unique), and imported.
            """)

    @OptionGroup var options: LibraryOptions
    @Option(name: .long, help: ArgumentHelp("The camera's model, as `cameras` lists it.", valueName: "model")) var camera: String?
    @Option(name: .long, help: ArgumentHelp("The camera's port (usb:001,004).", valueName: "port")) var port: String?
    @Flag(name: .long, help: "Take the pictures with a webcam (V4L2) instead of a camera.") var webcam = false
    @Argument(help: ArgumentHelp("The webcam's device (with --webcam; default the first one).", valueName: "device"))
    var device: String?
    @Option(name: .long, help: "How many pictures to take.") var count = 1
    @Option(name: .long, help: ArgumentHelp("Seconds from one picture to the next (with --count).", valueName: "seconds"))
    var interval: Double = 0
    @Option(name: .long, help: ArgumentHelp("Where the pictures are copied (default ~/Pictures/photory).", valueName: "dir")) var to: String?
    @Flag(name: .long, help: "Print JSON: [{\"path\", \"photoId\", \"seconds\"}].") var json = false

    func validate() throws {
        if count < 1 { throw ValidationError("--count takes 1 or more") }
        if interval < 0 || !interval.isFinite { throw ValidationError("--interval takes seconds, 0 or more") }
        if port != nil, camera == nil { throw ValidationError("--port goes with --camera") }
        if webcam, camera != nil { throw ValidationError("--webcam and --camera are two ways to take pictures: choose one") }
        if device != nil, !webcam { throw ValidationError("a device goes with --webcam") }
    }

    struct Record: Encodable {
        var path: String
        var photoId: String?
        var problem: String?
        var seconds: Double
    }

    func run() throws {
        var interruptedBy: Int32?
        try reportingFailures {
            let source: CameraSource
            do {
                source = try webcam ? Self.webcam(device) : Self.camera(camera, port: port)
            } catch let failure as CommandFailure {
                throw failure
            } catch {
                throw CommandFailure("\(error)")
            }
            let stop = Locked(false)
            let interrupt = InterruptWatcher { stop.withLock { $0 = true } }
            let capture = CameraCapture(root: LibraryPaths.absolute(to ?? CameraImporter.defaultRoot),
                                        files: Importer(thumbnails: options.thumbnails))
            let started = Date()
            var records: [Record] = []
            for index in 0..<count {
                if index > 0 {
                    let due = started.addingTimeInterval(interval * Double(index))
                    while !stop.withLock({ $0 }), Date() < due { usleep(useconds_t(min(0.1, due.timeIntervalSinceNow) * 1_000_000)) }
                }
                if stop.withLock({ $0 }) { break }
                let shot: CameraCapture.Shot
                do {
                    shot = try capture.take(with: source, store: options.store)
                } catch {
                    throw CommandFailure("\(error)")
                }
                records.append(Record(path: shot.path, photoId: shot.photoID, problem: shot.problem, seconds: shot.seconds))
                if !json {
                    let took = String(format: "%.1f s", shot.seconds)
                    say("\(PathBytes.display(shot.path).strippingControlCharacters)  \(took)"
                        + (shot.problem.map { "  not imported: \($0.strippingControlCharacters)" } ?? ""))
                }
            }
            interruptedBy = interrupt.signal
            if json { try printJSON(records) }
        }
        if let signal = interruptedBy { throw ExitCode(128 + signal) }
    }

    /// The camera named, or the first one detected.
    static func camera(_ model: String?, port: String?) throws -> CameraSource {
        if let model { return try GPhoto2Camera(model: model, port: port) }
        guard let first = try GPhoto2Camera.detect().first else {
            throw CommandFailure("no camera found (is it on, unlocked, and not mounted by the desktop?)")
        }
        return try GPhoto2Camera(first)
    }

    /// The webcam `device`, or the first one; a few frames are let go first, while its exposure settles.
    static func webcam(_ device: String?) throws -> CameraSource {
        let source = try Webcams.open(device)
        for _ in 0..<WebcamCamera.settlingFrames { _ = try source.frame() }
        return WebcamCamera(source)
    }
}
