import ArgumentParser
import Foundation
import Library

/// `photory-tui cameras [--json]` (issue 25): the cameras and phones libgphoto2 detects, with
/// their ports, for `import --camera MODEL --port PORT`; then the webcams, with their devices,
/// for `capture --webcam DEVICE`.
struct CamerasCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cameras",
        abstract: "List the cameras and phones plugged in (libgphoto2) and their ports, then the webcams.",
        discussion: """
            Each line is a model and its port, as `import --camera MODEL --port PORT` takes them. A folder \
            (a card copied to disk) is imported as a camera with --camera "Directory Browse" --port disk:PATH. \
            Webcams follow, each with its device, as `capture --webcam DEVICE` takes it.
            """)

    @Flag(name: .long, help: "Print JSON: [{\"kind\": \"camera\"|\"webcam\", \"model\", \"port\"}].") var json = false

    /// One line of the listing: a camera (model and port) or a webcam (name and device).
    struct Row: Encodable {
        var kind: String
        var model: String
        var port: String
    }

    func run() throws {
        try reportingFailures {
            let found: [GPhoto2Camera.Detected]
            do {
                found = try GPhoto2Camera.detect()
            } catch {
                throw CommandFailure("\(error)")
            }
            let rows = found.map { Row(kind: "camera", model: $0.model, port: $0.port) }
                + Webcams.list().map { Row(kind: "webcam", model: $0.name, port: $0.path) }
            if json { return try printJSON(rows) }
            if rows.isEmpty { say("no camera found (is it on, unlocked, and not mounted by the desktop?), and no webcam") }
            for row in rows {
                let use = row.kind == "webcam" ? "  (webcam: capture --webcam \(row.port.strippingControlCharacters))" : ""
                say("\(row.model.strippingControlCharacters)  \(row.port.strippingControlCharacters)\(use)")
            }
        }
    }
}
