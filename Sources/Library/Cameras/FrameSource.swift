import Foundation

/// A webcam's live frames, seen through a seam so the preview and the shot can be tested
/// without a device (issue 25).
///
/// To add a kind of webcam: open it (the initializer, throwing `WebcamError` naming the device
/// and the reason), give its next frame as RGB pixels (`frame`), and let it go (`close`).
/// `Webcams.open` picks the kind by the device's path; `WebcamCamera` turns a frame into a JPEG
/// shot that `CameraCapture` copies into the import folder and imports like a camera's.
/// `V4L2Webcam` is the real one (libv4l2); `TestPatternWebcam` is the fake the tests (and
/// `PHOTORY_TEST_WEBCAM`) use.
public protocol FrameSource: AnyObject {
    /// The device ("/dev/video0").
    var device: String { get }
    /// What the device calls itself ("HD Pro Webcam C920"): the photo's EXIF model.
    var name: String { get }
    /// The next frame; waits for it.
    func frame() throws(WebcamError) -> RGBFrame
    /// Lets the device go (another program may use it then). Further frames fail.
    func close()
}

/// One frame: RGB, 3 bytes a pixel, rows packed.
public struct RGBFrame: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width > 0 && height > 0 && pixels.count == width * height * 3, "RGBFrame: \(width)×\(height)×3")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The same pixels as RGBA (alpha 255), what the encoders and renderers take.
    public var rgba: DecodedImage {
        var out = [UInt8](repeating: 255, count: width * height * 4)
        pixels.withUnsafeBufferPointer { rgb in
            out.withUnsafeMutableBufferPointer { rgba in
                for i in 0..<(width * height) {
                    rgba[i * 4] = rgb[i * 3]
                    rgba[i * 4 + 1] = rgb[i * 3 + 1]
                    rgba[i * 4 + 2] = rgb[i * 3 + 2]
                }
            }
        }
        return DecodedImage(width: width, height: height, pixels: out)
    }
}

/// A webcam found: its device and the name it gives.
public struct WebcamDevice: Sendable, Equatable, Codable {
    public var path: String
    public var name: String
    public init(path: String, name: String) {
        self.path = path
        self.name = name
    }
}

/// Why a webcam could not be used; each names the device and says why.
public enum WebcamError: Error, Equatable, CustomStringConvertible {
    /// No webcam at all (no /dev/video* that captures).
    case noneFound
    /// No such device.
    case missing(String)
    /// Another program has it.
    case busy(String)
    /// Not allowed to open it (the `video` group).
    case notAllowed(String)
    /// The device exists but does not capture video (a metadata node, an output).
    case notACamera(String)
    /// Anything else: the device and the reason.
    case failed(String, reason: String)

    /// The error for the errno value `code` from opening or reading `device`.
    public static func from(errno code: Int32, device: String) -> WebcamError {
        switch code {
        case ENOENT, ENXIO: .missing(device)
        case EBUSY: .busy(device)
        case EACCES, EPERM: .notAllowed(device)
        case ENODEV, ENOTTY: .notACamera(device)
        default: .failed(device, reason: String(cString: strerror(code)))
        }
    }

    public var description: String {
        switch self {
        case .noneFound: "no webcam found (no /dev/video* device that captures video)"
        case let .missing(device): "\(device): no such webcam (is it plugged in?)"
        case let .busy(device): "\(device) is busy: another program is using the webcam"
        case let .notAllowed(device): "\(device): permission denied (is the user in the video group?)"
        case let .notACamera(device): "\(device) is not a video capture device"
        case let .failed(device, reason): "\(device): \(reason)"
        }
    }
}
