import Foundation

/// Finding and opening webcams (issue 25): the V4L2 devices (`V4L2Webcam`), or, when
/// `PHOTORY_TEST_WEBCAM` is set (the end-to-end tests), only the fake it describes:
/// `pattern:/dev/video7` a test pattern at 25 frames a second named "Test pattern" on that
/// path, `busy:/dev/video7` a device another program holds.
public enum Webcams {
    public static let testVariable = "PHOTORY_TEST_WEBCAM"

    /// The fake set by `PHOTORY_TEST_WEBCAM`: its kind ("pattern", "busy") and device path.
    static func fake(_ environment: [String: String]) -> (kind: String, path: String)? {
        guard let value = environment[testVariable], let colon = value.firstIndex(of: ":") else { return nil }
        return (String(value[..<colon]), String(value[value.index(after: colon)...]))
    }

    /// The webcams there are, by device number.
    public static func list(environment: [String: String] = ProcessInfo.processInfo.environment) -> [WebcamDevice] {
        if let fake = fake(environment) { return [WebcamDevice(path: fake.path, name: "Test pattern")] }
        return V4L2Webcam.list()
    }

    /// Opens `device`, or the first webcam there is when nil.
    public static func open(_ device: String?,
                            environment: [String: String] = ProcessInfo.processInfo.environment) throws(WebcamError) -> FrameSource {
        guard let path = device ?? list(environment: environment).first?.path else { throw .noneFound }
        if let fake = fake(environment), fake.path == path {
            if fake.kind == "busy" { throw .busy(path) }
            return TestPatternWebcam(device: path, framesPerSecond: 25)
        }
        return try V4L2Webcam(device: path)
    }
}
