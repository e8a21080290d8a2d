import Fixtures
import Foundation
import Library
import Testing

/// Webcams (issue 25) behind the frame-source seam: the fake's frames taken as a picture (a JPEG
/// with "Webcam" and the device's name in its EXIF, copied into its day's folder and imported),
/// and devices that are missing, busy or not cameras named with the reason. No real webcam was
/// on the machine these were written on: the V4L2 tests use paths that exist on every machine.
@Suite struct WebcamTests {
    /// 2024-05-01 12:00:00 UTC.
    static let moment = Date(timeIntervalSince1970: 1_714_564_800)

    @Test(.enabled(if: FormatTools.available("exiftool"), "needs exiftool"))
    func aWebcamPictureIsAJPEGWithTheWebcamAndTheDeviceInItsEXIF() throws {
        let folder = TemporaryFolder("photory-webcam")
        let store = LibraryStore(path: folder.path + "/library.json")
        let source = TestPatternWebcam(device: "/dev/video7", name: "Fake Cam HD", width: 320, height: 240)
        _ = try source.frame()   // the picture is the next frame, not the first
        let shot = try CameraCapture(root: folder.path + "/Pictures", files: Importer())
            .take(with: WebcamCamera(source, now: { Self.moment }), store: store)
        let day = WebcamCamera.fileName(Self.moment)   // WEBCAM_YYYYMMDD_HHMMSS.jpg in local time
        #expect((shot.path as NSString).lastPathComponent == day)
        let digits = day.dropFirst(7).prefix(8)
        #expect(shot.path == folder.path + "/Pictures/\(digits.prefix(4))/\(digits.prefix(4))-\(digits.dropFirst(4).prefix(2))-\(digits.suffix(2))/\(day)")
        // The JPEG decodes to the frame taken.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: shot.path))
        let image = try JPEGDecoder.decode(bytes, atLeast: 320, 240)
        #expect(image.width == 320 && image.height == 240)
        let expected = TestPatternWebcam.pattern(frame: 1, width: 320, height: 240).rgba
        for (x, y) in [(5, 5), (100, 120), (300, 230)] {
            let got = image.pixel(x, y), want = expected.pixel(x, y)
            #expect(abs(Int(got.r) - Int(want.r)) < 40 && abs(Int(got.g) - Int(want.g)) < 40 && abs(Int(got.b) - Int(want.b)) < 40,
                    "pixel \(x),\(y): \(got) for \(want)")
        }
        // exiftool, an independent reader, sees the webcam and the device's name.
        let tags = try FormatTools.run("exiftool", ["-s3", "-Make", "-Model", "-DateTimeOriginal", shot.path])
            .split(separator: "\n").map(String.init)
        let local = TakenAt.fromFileTime(Self.moment.timeIntervalSince1970)   // "2024-05-01T14:00:00+02:00"
        let exifDate = String(local.prefix(19)).replacingOccurrences(of: "-", with: ":").replacingOccurrences(of: "T", with: " ")
        #expect(tags == ["Webcam", "Fake Cam HD", exifDate])
        // In the library, with its camera and date.
        let photo = try #require(shot.photoID.flatMap(shot.library.photo(id:)))
        #expect(photo.cameraMake == "Webcam" && photo.cameraModel == "Fake Cam HD")
        #expect(photo.takenAt == local)
        #expect(shot.problem == nil)
    }

    @Test func aMissingDeviceIsNamedWithTheReason() {
        #expect(throws: WebcamError.missing("/dev/video-photory-none")) { try V4L2Webcam(device: "/dev/video-photory-none") }
        #expect(WebcamError.missing("/dev/video9").description == "/dev/video9: no such webcam (is it plugged in?)")
        // A device node that is no camera.
        #expect(throws: WebcamError.notACamera("/dev/null")) { try V4L2Webcam(device: "/dev/null") }
        #expect(WebcamError.notACamera("/dev/null").description == "/dev/null is not a video capture device")
    }

    @Test func aBusyDeviceSaysAnotherProgramHasIt() {
        let environment = [Webcams.testVariable: "busy:/dev/video3"]
        #expect(Webcams.list(environment: environment) == [WebcamDevice(path: "/dev/video3", name: "Test pattern")])
        #expect(throws: WebcamError.busy("/dev/video3")) { try Webcams.open(nil, environment: environment) }
        #expect(WebcamError.busy("/dev/video3").description == "/dev/video3 is busy: another program is using the webcam")
        #expect(WebcamError.from(errno: EBUSY, device: "/dev/video0") == .busy("/dev/video0"))
        #expect(WebcamError.from(errno: EACCES, device: "/dev/video0").description
                == "/dev/video0: permission denied (is the user in the video group?)")
    }

    @Test func onlyDevicesThatCaptureAreListed() throws {
        // Files named like devices are not cameras: none listed.
        let folder = TemporaryFolder("photory-webcam-list")
        for name in ["video0", "video1", "videox"] { FileManager.default.createFile(atPath: folder.path + "/" + name, contents: Data()) }
        #expect(V4L2Webcam.list(under: folder.path).isEmpty)
        // Without any webcam, opening the first says there is none.
        if V4L2Webcam.list().isEmpty {
            #expect(throws: WebcamError.noneFound) { try Webcams.open(nil, environment: [:]) }
        }
    }

    @Test func theTestPatternMovesFrameByFrame() throws {
        let source = TestPatternWebcam(width: 64, height: 48)
        let first = try source.frame(), second = try source.frame()
        #expect(first != second && first.pixels.count == 64 * 48 * 3)
        #expect(second == TestPatternWebcam.pattern(frame: 1, width: 64, height: 48))
        source.close()
        #expect(throws: WebcamError.failed("test:pattern", reason: "closed")) { try source.frame() }
    }
}
