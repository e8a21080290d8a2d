import ArgumentParser
import Foundation
import Library

/// `photory-tui capture [--camera MODEL [--port PORT]] [--count N --interval SECONDS] [--to DIR]
/// [--json]` (issue 25): tethered capture. The camera takes each picture (`CameraCapture`), the
/// file is copied into DIR/YYYY/YYYY-MM-DD and imported; each line says how long it took. A
/// time-lapse takes N pictures, one every SECONDS from the first; Ctrl-C stops after the one
/// under way.
struct CaptureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "capture",
        abstract: "Take pictures with a camera plugged in (tethered) and import them.",
        discussion: """
            Without --camera, the first camera `cameras` lists. A camera that cannot take pictures from the \
            computer says so (exit 1). Each picture is copied into --to (default ~/Pictures/photory) in its \
            YYYY/YYYY-MM-DD folder, its name kept (made unique), and imported.
            """)

    @OptionGroup var options: LibraryOptions
    @Option(name: .long, help: ArgumentHelp("The camera's model, as `cameras` lists it.", valueName: "model")) var camera: String?
    @Option(name: .long, help: ArgumentHelp("The camera's port (usb:001,004).", valueName: "port")) var port: String?
    @Option(name: .long, help: "How many pictures to take.") var count = 1
    @Option(name: .long, help: ArgumentHelp("Seconds from one picture to the next (with --count).", valueName: "seconds"))
    var interval: Double = 0
    @Option(name: .long, help: ArgumentHelp("Where the pictures are copied (default ~/Pictures/photory).", valueName: "dir")) var to: String?
    @Flag(name: .long, help: "Print JSON: [{\"path\", \"photoId\", \"seconds\"}].") var json = false

    func validate() throws {
        if count < 1 { throw ValidationError("--count takes 1 or more") }
        if interval < 0 || !interval.isFinite { throw ValidationError("--interval takes seconds, 0 or more") }
        if port != nil, camera == nil { throw ValidationError("--port goes with --camera") }
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
            let source: GPhoto2Camera
            do {
                if let camera {
                    source = try GPhoto2Camera(model: camera, port: port)
                } else {
                    guard let first = try GPhoto2Camera.detect().first else {
                        throw CommandFailure("no camera found (is it on, unlocked, and not mounted by the desktop?)")
                    }
                    source = try GPhoto2Camera(first)
                }
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
}
