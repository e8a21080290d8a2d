import Fixtures
import Foundation
import Library
import Testing
@testable import TUI

/// The webcam preview (issue 25): `c` in the import picker away from a camera opens it; frames
/// show where the photo view's photo does; Space takes the picture, Esc closes; a busy or missing
/// webcam is named with the reason. First as pure updates, then driven by the fake frame source
/// through the real runner.
@Suite struct WebcamPreviewTests {
    /// The picker's `c` on a folder: the picker closes and the preview asks for the first webcam.
    static func openPreview(columns: Int = 80, rows: Int = 24) -> (AppState, WebcamRequest?) {
        var state = ImportPickerTests.openPicker(columns: columns, rows: rows)
        let effects = state.press(.end, .char("c"))
        guard case let .startWebcam(request)? = effects.first, effects.count == 1 else { return (state, nil) }
        return (state, request)
    }

    /// A frame of character art, every cell `character`.
    static func frame(_ generation: Int, _ character: String, columns: Int = 40, rows: Int = 15) -> WebcamFrame {
        let cells = Array(repeating: Array(repeating: Cell(character, fg: .rgb(200, 10, 10), bg: .rgb(0, 0, 200)), count: columns),
                          count: rows)
        return WebcamFrame(generation: generation, content: .cells(cells), columns: columns, rows: rows, width: 640, height: 480)
    }

    @Test func cAwayFromACameraOpensThePreviewInThePhotoViewsPlace() throws {
        let (opened, asked) = Self.openPreview()
        var state = opened
        let request = try #require(asked)
        #expect(state.picker == nil)
        #expect(request == WebcamRequest(generation: 1, device: nil, maxColumns: 80, maxRows: 21, colorMode: .colors256, pixels: nil))
        #expect(state.layer(WebcamPreview.self) != nil)
        var text = AppView.render(state).text()
        #expect(text.contains("photory · Webcam") && text.contains("Opening the webcam…"), "\(text)")
        #expect(text.contains("Space take") && text.contains("Esc close"), "\(text)")
        // Nothing to take before a frame came.
        #expect(state.press(.char(" ")) == [])
        state.send(.webcamOpened(generation: 1, WebcamDevice(path: "/dev/video0", name: "HD Cam\u{1B}[31m")))
        text = AppView.render(state).text()
        #expect(text.contains("Webcam · HD Cam (/dev/video0)"), "the name is cleaned: \(text)")
        state.send(.webcamFrame(Self.frame(1, "▚")))
        text = AppView.render(state).text()
        #expect(text.contains(String(repeating: "▚", count: 40)) && text.contains("live  640×480"), "\(text)")
        // A stale request's frame is not drawn.
        state.send(.webcamFrame(Self.frame(0, "#")))
        #expect(!AppView.render(state).text().contains("#####"))
        #expect(state.layer(WebcamPreview.self)?.framesShown == 1)
    }

    @Test func spaceTakesThePictureOnceAndItsArrivalClosesThePreview() throws {
        var (state, _) = Self.openPreview()
        state.send(.webcamFrame(Self.frame(1, "▚")))
        #expect(state.press(.char(" ")) == [.takeWebcamPicture(generation: 1, into: LibraryPaths.absolute("~/Pictures/photory"))])
        #expect(AppView.render(state).text().contains("Taking the picture…"))
        #expect(state.press(.char(" ")) == [], "one picture per press, not two")
        // Frames coming while it is taken are not drawn over the last.
        state.send(.webcamFrame(Self.frame(1, "#")))
        #expect(AppView.render(state).text().contains(String(repeating: "▚", count: 40)))
        state.send(.captured(.failure(Failure("copying the picture: disk full"))))
        #expect(state.layer(WebcamPreview.self) == nil)
        #expect(state.status == "copying the picture: disk full")
    }

    @Test func escClosesAndLetsTheWebcamGo() {
        var (state, _) = Self.openPreview()
        #expect(state.press(.escape) == [.stopWebcam])
        #expect(state.layer(WebcamPreview.self) == nil)
    }

    @Test func aBusyOrMissingWebcamClosesThePreviewNamingIt() {
        var (state, _) = Self.openPreview()
        state.send(.webcamFailed(generation: 1, message: WebcamError.busy("/dev/video0").description))
        #expect(state.layer(WebcamPreview.self) == nil)
        #expect(state.status == "Webcam: /dev/video0 is busy: another program is using the webcam")
        #expect(AppView.render(state).text().contains("Webcam: /dev/video0 is busy: another program is using the webcam"))
        (state, _) = Self.openPreview()
        state.send(.webcamFailed(generation: 1, message: WebcamError.noneFound.description))
        #expect(state.status == "Webcam: no webcam found (no /dev/video* device that captures video)")
    }

    @Test func aResizeAsksAgainAtTheNewSizeOnTheSameDevice() {
        var (state, _) = Self.openPreview()
        state.send(.webcamOpened(generation: 1, WebcamDevice(path: "/dev/video2", name: "Cam")))
        let effects = state.send(.resized(columns: 100, rows: 30))
        #expect(effects.contains(.startWebcam(WebcamRequest(generation: 2, device: "/dev/video2", maxColumns: 100, maxRows: 27,
                                                             colorMode: .colors256, pixels: nil))))
        state.send(.webcamFailed(generation: 1, message: "stale"))
        #expect(state.layer(WebcamPreview.self) != nil, "the old request's failure is not this one's")
    }

    @Test func pixelFramesTheTerminalCannotKeepUpWithTurnToCharacterArt() throws {
        var (state, _) = Self.openPreview()
        let image = TerminalImage(bytes: [UInt8](repeating: 0x3F, count: 64))
        let effects = state.send(.webcamFrame(WebcamFrame(generation: 1, content: .image(image), columns: 40, rows: 15,
                                                           width: 640, height: 480), canKeepUp: false))
        guard case let .startWebcam(request)? = effects.first else {
            Issue.record("not asked again: \(effects)")
            return
        }
        #expect(request.pixels == nil && request.generation == 2)
    }

    // MARK: - The fake frame source through the runner

    /// What the runner posted, waited on with a deadline (never a sleep).
    final class Posted: @unchecked Sendable {
        private let messages = Locked<[Msg]>([])
        private let arrived = DispatchSemaphore(value: 0)
        func post(_ msg: Msg) {
            messages.withLock { $0.append(msg) }
            arrived.signal()
        }
        /// The first message `matching` (taken out with those before it), within 30 s.
        func next(_ matching: (Msg) -> Bool) -> Msg? {
            let deadline = DispatchTime.now() + 30
            while true {
                let found = messages.withLock { list -> Msg? in
                    guard let index = list.firstIndex(where: matching) else { return nil }
                    let msg = list[index]
                    list.removeFirst(index + 1)
                    return msg
                }
                if let found { return found }
                guard arrived.wait(timeout: deadline) == .success else { return nil }
            }
        }
    }

    @Test(.enabled(if: FormatTools.available("exiftool"), "needs exiftool"))
    func theFakeWebcamsFramesShowAndSpaceImportsAJPEGNamingTheWebcam() throws {
        let folder = TemporaryFolder("photory-webcam-runner")
        let store = LibraryStore(path: folder.path + "/library.json")
        let thumbnails = ThumbnailStore(folder: folder.path + "/thumbs")
        let scheduler = JobScheduler()
        defer { scheduler.shutdown() }
        let posted = Posted()
        let runner = WebcamRunner(scheduler: scheduler, open: { device throws(WebcamError) in
            TestPatternWebcam(device: device ?? "/dev/video5", name: "Fake Cam HD", width: 320, height: 240)
        }, shoot: { camera, folder in
            (try? BrowserApp.capture(with: camera, into: folder, store: store, thumbnails: thumbnails))
                ?? .captured(.failure(Failure("not taken")))
        }, deliver: posted.post)

        var (state, asked) = Self.openPreview()
        let request = try #require(asked)
        runner.start(request)
        let opened = try #require(posted.next { if case .webcamOpened = $0 { true } else { false } })
        state.send(opened)
        for _ in 0..<3 {   // a few frames, each drawn
            let frame = try #require(posted.next { if case .webcamFrame = $0 { true } else { false } })
            state.send(frame)
        }
        let text = AppView.render(state).text()
        #expect(text.contains("Webcam · Fake Cam HD (/dev/video5)") && text.contains("live  320×240"), "\(text)")
        let preview = try #require(state.layer(WebcamPreview.self))
        let shown = try #require(preview.frame)
        #expect(shown.columns > 20 && shown.rows > 10 && shown.rows <= 21, "fitted to the photo view's area")
        guard case let .cells(cells) = shown.content else {
            Issue.record("not character art: \(shown.content)")
            return
        }
        #expect(Set(cells.joined().map(\.bg)).count > 3, "the colour bars show")

        // Space: the next frame is the picture, imported.
        for effect in state.press(.char(" ")) {
            if case let .takeWebcamPicture(generation, _) = effect { runner.takePicture(generation: generation, into: folder.path + "/Pictures") }
        }
        let captured = try #require(posted.next { if case .captured = $0 { true } else { false } })
        guard case let .captured(.success(done)) = captured else {
            Issue.record("not taken: \(captured)")
            return
        }
        state.send(captured)
        #expect(state.layer(WebcamPreview.self) == nil)
        #expect(state.capturedToShow?.photoID == done.photoID || state.status?.hasPrefix("Took WEBCAM_") == true)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: done.path))
        let image = try JPEGDecoder.decode(bytes, atLeast: 320, 240)
        #expect(image.width == 320 && image.height == 240)
        let tags = try FormatTools.run("exiftool", ["-s3", "-Make", "-Model", done.path]).split(separator: "\n").map(String.init)
        #expect(tags == ["Webcam", "Fake Cam HD"])
        #expect(done.library.photos.count == 1)
    }

    @Test func aWebcamThatCannotBeOpenedIsNamedWithTheReason() throws {
        let scheduler = JobScheduler()
        defer { scheduler.shutdown() }
        let posted = Posted()
        let runner = WebcamRunner(scheduler: scheduler, open: { device throws(WebcamError) in
            try V4L2Webcam(device: device ?? "/dev/video-photory-none")
        }, shoot: { _, _ in .captured(.failure(Failure("not taken"))) }, deliver: posted.post)
        runner.start(WebcamRequest(generation: 4, device: nil, maxColumns: 80, maxRows: 21, colorMode: .colors256, pixels: nil))
        let failed = try #require(posted.next { if case .webcamFailed = $0 { true } else { false } })
        guard case let .webcamFailed(generation, message) = failed else { return }
        #expect(generation == 4 && message == "/dev/video-photory-none: no such webcam (is it plugged in?)")
    }
}
