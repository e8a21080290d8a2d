import CV4L2
import Foundation

/// A V4L2 webcam (`/dev/video*`) through libv4l2 (`Sources/CV4L2`): opened for RGB24 frames near
/// 640×480, read whole one after the other (libv4l2 converts from what the device gives, and
/// streams through mmap buffers for a device that cannot be read).
public final class V4L2Webcam: FrameSource {
    public let device: String
    public let name: String
    private var webcam = photory_webcam(fd: -1, width: 0, height: 0, frameSize: 0)
    private var buffer: [UInt8]

    /// Opens `device`; throws `WebcamError` (missing, busy, not a camera...) naming it.
    public init(device: String, width: Int = 640, height: Int = 480) throws(WebcamError) {
        self.device = device
        var card = [CChar](repeating: 0, count: 64)
        let code = photory_webcam_open(device, Int32(width), Int32(height), &webcam, &card, card.count)
        guard code == 0 else { throw WebcamError.from(errno: code, device: device) }
        let named = String(cString: card).trimmingCharacters(in: .whitespaces)
        name = named.isEmpty ? device : named
        buffer = [UInt8](repeating: 0, count: webcam.frameSize)
    }

    deinit { photory_webcam_close(&webcam) }

    public func frame() throws(WebcamError) -> RGBFrame {
        guard webcam.fd >= 0 else { throw WebcamError.failed(device, reason: "closed") }
        let code = buffer.withUnsafeMutableBufferPointer { photory_webcam_read(&webcam, $0.baseAddress) }
        guard code == 0 else { throw WebcamError.from(errno: code, device: device) }
        return RGBFrame(width: Int(webcam.width), height: Int(webcam.height), pixels: buffer)
    }

    public func close() { photory_webcam_close(&webcam) }

    /// The capture devices among `/dev/video*`, by number, each with its name (VIDIOC_QUERYCAP's
    /// card); nodes that do not capture video (a camera's metadata node) are left out.
    public static func list(under folder: String = "/dev") -> [WebcamDevice] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let numbered = names.compactMap { name -> (Int, String)? in
            guard name.hasPrefix("video"), let number = Int(name.dropFirst(5)) else { return nil }
            return (number, folder + "/" + name)
        }.sorted { $0.0 < $1.0 }
        return numbered.compactMap { _, path in
            var card = [CChar](repeating: 0, count: 64)
            guard photory_webcam_name(path, &card, card.count) == 0 else { return nil }
            return WebcamDevice(path: path, name: String(cString: card))
        }
    }
}
