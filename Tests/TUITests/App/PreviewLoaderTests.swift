import Foundation
import Library
import Testing
@testable import TUI

@Suite struct PreviewLoaderTests {
    /// Records what the fake maker was asked to make; each make blocks until released.
    final class Recorder: @unchecked Sendable {
        let lock = NSLock()
        var made: [String] = []
        var delivered: [String] = []
        let gate = DispatchSemaphore(value: 0)
        func snapshot() -> (made: [String], delivered: [String]) { lock.withLock { (made, delivered) } }
    }

    private func request(_ id: String) -> PreviewRequest {
        let photo = Photo(id: id, path: "/p/\(id).jpg", fileSize: 1, fileModified: 0, width: 40, height: 30,
                          takenAt: "2024-01-01T00:00:00", takenAtSource: .fileTime, importedAt: 0)
        return PreviewRequest(key: PreviewKey(photoID: id, columns: 4, rows: 2, colorMode: .colors256), photo: photo)
    }

    /// A one-worker loader whose every make blocks on the recorder's gate.
    private func gatedLoader(_ recorder: Recorder) -> PreviewLoader {
        PreviewLoader(workers: 1, make: { request in
            recorder.lock.withLock { recorder.made.append(request.key.photoID) }
            recorder.gate.wait()
            return .failed("x")
        }, deliver: { key, _ in recorder.lock.withLock { recorder.delivered.append(key.photoID) } })
    }

    private func waitUntil(_ condition: () -> Bool) {
        let deadline = Date().addingTimeInterval(10)
        while !condition() && Date() < deadline { usleep(5_000) }
    }

    @Test func requestsReplacedBeforeTheyStartAreNeverMade() {
        let recorder = Recorder()
        let loader = gatedLoader(recorder)
        defer { loader.stop() }
        loader.want(["a", "b", "c"].map(request))
        waitUntil { recorder.snapshot().made == ["a"] }       // the worker is busy with "a"
        loader.want(["x", "y"].map(request))                   // the user scrolled: b and c are stale
        recorder.gate.signal()
        waitUntil { recorder.snapshot().made.count == 2 }
        recorder.gate.signal()
        waitUntil { recorder.snapshot().made.count == 3 }
        recorder.gate.signal()
        waitUntil { recorder.snapshot().delivered.count == 3 }
        #expect(recorder.snapshot().made == ["a", "x", "y"])
        #expect(recorder.snapshot().delivered == ["a", "x", "y"])
        #expect(!loader.isBusy)
    }

    @Test func aRequestInFlightIsNotQueuedTwice() {
        let recorder = Recorder()
        let loader = gatedLoader(recorder)
        defer { loader.stop() }
        loader.want([request("a")])
        waitUntil { recorder.snapshot().made == ["a"] }
        loader.want([request("a")])     // still wanted while being made
        recorder.gate.signal()
        waitUntil { recorder.snapshot().delivered == ["a"] }
        usleep(50_000)
        #expect(recorder.snapshot().made == ["a"])
    }
}
