import Foundation

/// The fake webcam of the tests (and of `PHOTORY_TEST_WEBCAM`, see `Webcams`): colour bars that
/// move one step a frame, given at most `framesPerSecond` (0: as fast as asked), like a device
/// that paces its frames. Frame n is always the same pixels, so a test can tell which it got.
public final class TestPatternWebcam: FrameSource {
    public let device: String
    public let name: String
    public let width: Int
    public let height: Int
    private let interval: Double
    private var count = 0
    private var closed = false
    private var lastFrameAt: Double?

    public init(device: String = "test:pattern", name: String = "Test pattern", width: Int = 320, height: Int = 240,
                framesPerSecond: Double = 0) {
        (self.device, self.name, self.width, self.height) = (device, name, width, height)
        interval = framesPerSecond > 0 ? 1 / framesPerSecond : 0
    }

    /// How many frames were given.
    public var framesGiven: Int { count }

    public func frame() throws(WebcamError) -> RGBFrame {
        guard !closed else { throw WebcamError.failed(device, reason: "closed") }
        if let last = lastFrameAt, interval > 0 {
            let wait = last + interval - ProcessInfo.processInfo.systemUptime
            if wait > 0 { Thread.sleep(forTimeInterval: wait) }   // the device's own pace
        }
        lastFrameAt = ProcessInfo.processInfo.systemUptime
        defer { count += 1 }
        return Self.pattern(frame: count, width: width, height: height)
    }

    public func close() { closed = true }

    /// Frame `n`: eight vertical colour bars shifted right by `n` pixels, darker towards the bottom.
    public static func pattern(frame n: Int, width: Int, height: Int) -> RGBFrame {
        let bars: [(UInt8, UInt8, UInt8)] = [(255, 255, 255), (255, 255, 0), (0, 255, 255), (0, 255, 0),
                                             (255, 0, 255), (255, 0, 0), (0, 0, 255), (0, 0, 0)]
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            let shade = 255 - 128 * y / max(1, height - 1)
            for x in 0..<width {
                let bar = bars[((x + n) % width) * bars.count / width]
                let i = (y * width + x) * 3
                pixels[i] = UInt8(Int(bar.0) * shade / 255)
                pixels[i + 1] = UInt8(Int(bar.1) * shade / 255)
                pixels[i + 2] = UInt8(Int(bar.2) * shade / 255)
            }
        }
        return RGBFrame(width: width, height: height, pixels: pixels)
    }
}
