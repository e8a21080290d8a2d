import ArgumentParser
import Foundation
import Library

/// `photory-tui cameras [--json]` (issue 25): the cameras and phones libgphoto2 detects, with
/// their ports, for `import --camera MODEL --port PORT`.
struct CamerasCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cameras",
        abstract: "List the cameras and phones plugged in (libgphoto2) and their ports.",
        discussion: """
            Each line is a model and its port, as `import --camera MODEL --port PORT` takes them. A folder \
            (a card copied to disk) is imported as a camera with --camera "Directory Browse" --port disk:PATH.
            """)

    @Flag(name: .long, help: "Print JSON: [{\"model\", \"port\"}].") var json = false

    func run() throws {
        try reportingFailures {
            let found: [GPhoto2Camera.Detected]
            do {
                found = try GPhoto2Camera.detect()
            } catch {
                throw CommandFailure("\(error)")
            }
            if json { return try printJSON(found) }
            if found.isEmpty { say("no camera found (is it on, unlocked, and not mounted by the desktop?)") }
            for camera in found {
                say("\(camera.model.strippingControlCharacters)  \(camera.port.strippingControlCharacters)")
            }
        }
    }
}
