import Foundation
import Library

/// Plays the video of the photo view off the loop, on a queue of the run's `JobScheduler`: one
/// video at a time, a newer request (a seek, a resume) cancelling the one playing.
///
/// A request's job opens the file (`VideoDecoder`, reading it a piece at a time), seeks, and
/// decodes frame after frame. The first frame fixes the clock: each later one is due when as
/// much real time has passed as video time. A frame already late when decoded is dropped before
/// it is converted and drawn (the costly part); the others are converted (swscale, to the size
/// the request's key asks), rendered like a preview (`PreviewMaker.render`: chafa, or a pixel
/// image), and posted when due as `Msg.videoFrame`. The end or a failure is posted as
/// `Msg.videoEnded`. No sound.
final class VideoPlayer: Sendable {
    private static let key = "video"
    private let jobs: JobQueue<String>
    private let clock: @Sendable () -> Double
    private let deliver: @Sendable (Msg) -> Void

    /// - Parameter clock: seconds on the loop's clock (`TerminalQuery.now`, which stamps the frames too).
    init(scheduler: JobScheduler, clock: @escaping @Sendable () -> Double = { TerminalQuery.now() },
         deliver: @escaping @Sendable (Msg) -> Void) {
        jobs = scheduler.queue("video", workers: 1, keyedBy: String.self)
        self.clock = clock
        self.deliver = deliver
    }

    /// Plays `request`, stopping what played.
    func play(_ request: VideoPlayRequest) {
        let clock = self.clock, deliver = self.deliver
        jobs.submit(Job(key: Self.key) { token in
            Self.run(request, token: token, clock: clock, deliver: deliver)
        })
    }

    /// Stops what plays (the frame on screen stays: the state decides what to show).
    func stop() { jobs.cancel(Self.key) }

    private static func run(_ request: VideoPlayRequest, token: JobToken, clock: @Sendable () -> Double,
                            deliver: @Sendable (Msg) -> Void) {
        func ended(_ failure: String?) {
            if !token.isCancelled {
                deliver(.videoEnded(photoID: request.photoID, generation: request.generation, failure: failure))
            }
        }
        let wake = DispatchSemaphore(value: 0)
        token.onCancel { wake.signal() }
        let decoder: VideoDecoder
        do {
            decoder = try VideoDecoder(request.source, threads: 1)
        } catch {
            return ended(error.description)
        }
        if request.start > 0 { decoder.seek(to: request.start) }
        let key = request.key
        // One kitty id for the whole playing: each frame replaces the last in the terminal.
        let kittyID = PixelEncoder.kittyID(for: "video \(request.photoID)")
        var anchor: (clock: Double, time: Double)?
        var dropped = 0
        while !token.isCancelled {
            let time: Double?
            do {
                time = try decoder.advance(keepAlive: true)
            } catch {
                return ended(error.description)
            }
            guard let time else { return ended(nil) }
            if time < request.start - 0.001 { continue }   // decoding up from the keyframe before the start
            let now = clock()
            let start = anchor ?? (now, time)
            anchor = start
            let due = start.clock + (time - start.time)
            if now > due + VideoPlayback.lateness {   // behind: not converted, not drawn
                dropped += 1
                continue
            }
            let content: PreviewResult
            do {
                content = try decoder.rendered(as: key, kittyID: kittyID)
            } catch {
                return ended(error.description)
            }
            if case let .failed(reason) = content { return ended(reason) }
            let wait = due - clock()
            if wait > 0, wake.wait(timeout: .now() + wait) == .success { return }   // cancelled while waiting
            guard !token.isCancelled else { return }
            deliver(.videoFrame(VideoFrame(photoID: request.photoID, generation: request.generation, time: time, due: due,
                                           content: content, columns: key.columns, rows: key.rows, droppedBefore: dropped)))
            dropped = 0
        }
    }
}

extension VideoDecoder {
    /// The frame decoded last, converted to `key`'s size and rendered as its previews are
    /// (character art, or a pixel image with `kittyID`): what the player posts, and `bench` times.
    public func rendered(as key: PreviewKey, kittyID: UInt32? = nil) throws(PreviewImage.Failure) -> PreviewResult {
        let pixels = PreviewMaker.pixelSize(for: key)
        return PreviewMaker.render(try picture(width: pixels.width, height: pixels.height), for: key, kittyID: kittyID)
    }
}
