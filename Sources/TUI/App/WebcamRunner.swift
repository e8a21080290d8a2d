import Foundation
import Library

/// Runs the webcam preview off the loop, on a queue of the run's `JobScheduler` (issue 25): one
/// webcam at a time, a newer request (a new size) starting when the one running has let the
/// device go.
///
/// A request's job opens the device (`open`: `Webcams.open` in the app, a fake in the tests) and
/// posts `Msg.webcamOpened`, then reads frame after frame at the device's own pace, fits each to
/// the request's key and renders it like a video frame (`PreviewMaker.render`: chafa, or a pixel
/// image), posting `Msg.webcamFrame`. When the shutter is pressed (`takePicture`), the next frame
/// is the picture: `shoot` makes it a photo in the library (`WebcamCamera` through
/// `CameraCapture`) and its message (`Msg.captured`) ends the preview. A device that cannot be
/// opened or read ends it with `Msg.webcamFailed`, naming the device and the reason.
final class WebcamRunner: Sendable {
    private static let key = "webcam"
    private let jobs: JobQueue<String>
    private let open: @Sendable (String?) throws(WebcamError) -> FrameSource
    private let shoot: @Sendable (WebcamCamera, _ folder: String) -> Msg
    private let deliver: @Sendable (Msg) -> Void
    /// The request whose shutter was pressed, and the folder its picture goes into.
    private let shutter = Locked<(generation: Int, folder: String)?>(nil)

    init(scheduler: JobScheduler, open: @escaping @Sendable (String?) throws(WebcamError) -> FrameSource = { device throws(WebcamError) in
        try Webcams.open(device)
    }, shoot: @escaping @Sendable (WebcamCamera, String) -> Msg, deliver: @escaping @Sendable (Msg) -> Void) {
        jobs = scheduler.queue("webcam", workers: 1, keyedBy: String.self)
        (self.open, self.shoot, self.deliver) = (open, shoot, deliver)
    }

    /// Shows `request`'s frames, stopping what ran.
    func start(_ request: WebcamRequest) {
        let (open, shoot, deliver, shutter) = (self.open, self.shoot, self.deliver, self.shutter)
        jobs.submit(Job(key: Self.key) { token in
            Self.run(request, token: token, open: open, shoot: shoot, shutter: shutter, deliver: deliver)
        })
    }

    /// Takes the next frame of request `generation` as a picture, copied into `folder`.
    func takePicture(generation: Int, into folder: String) { shutter.withLock { $0 = (generation, folder) } }

    /// Stops the preview and lets the device go.
    func stop() { jobs.cancel(Self.key) }

    private static func run(_ request: WebcamRequest, token: JobToken,
                            open: @Sendable (String?) throws(WebcamError) -> FrameSource,
                            shoot: @Sendable (WebcamCamera, String) -> Msg,
                            shutter: Locked<(generation: Int, folder: String)?>, deliver: @Sendable (Msg) -> Void) {
        let source: FrameSource
        do {
            source = try open(request.device)
        } catch {
            return deliver(.webcamFailed(generation: request.generation, message: error.description))
        }
        defer { source.close() }
        deliver(.webcamOpened(generation: request.generation, WebcamDevice(path: source.device, name: source.name)))
        // One kitty id for the whole preview: each frame replaces the last in the terminal.
        let kittyID = PixelEncoder.kittyID(for: "webcam")
        while !token.isCancelled {
            let pressed = shutter.withLock { pressed in
                defer { if pressed?.generation == request.generation { pressed = nil } }
                return pressed?.generation == request.generation ? pressed?.folder : nil
            }
            if let folder = pressed { return deliver(shoot(WebcamCamera(source), folder)) }
            let frame: RGBFrame
            do {
                frame = try source.frame()
            } catch {
                return deliver(.webcamFailed(generation: request.generation, message: error.description))
            }
            guard !token.isCancelled else { return }
            deliver(.webcamFrame(request.rendered(frame, kittyID: kittyID)))
        }
    }
}
