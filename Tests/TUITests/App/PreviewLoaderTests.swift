import Dispatch
import Library
import Testing
@testable import TUI

/// The preview loader on the job scheduler: what scrolled away is never made, or stops being
/// made; what is still wanted is not made twice. Waits on signals (`JobProbe`), never sleeps.
@Suite struct PreviewLoaderTests {
    private func request(_ id: String) -> PreviewRequest {
        let photo = Photo(id: id, path: "/p/\(id).jpg", fileSize: 1, fileModified: 0, width: 40, height: 30,
                          takenAt: "2024-01-01T00:00:00", takenAtSource: .fileTime, importedAt: 0)
        return PreviewRequest(key: PreviewKey(photoID: id, columns: 4, rows: 2, colorMode: .colors256), photo: photo)
    }

    /// A one-worker loader whose every make records "make <id>" and blocks on `gate`; a make
    /// cancelled meanwhile stops early (nil), as the real maker does between its steps.
    private func gatedLoader(_ scheduler: JobScheduler, _ probe: JobProbe, gate: DispatchSemaphore) -> PreviewLoader {
        PreviewLoader(scheduler: scheduler, workers: 1, make: { request, token in
            probe.record("make \(request.key.photoID)")
            _ = gate.wait(timeout: .now() + 30)
            return token.isCancelled ? nil : .failed("x")
        }, deliver: { key, _ in probe.record("deliver \(key.photoID)") })
    }

    /// Waits until the loader has nothing queued or being made: nothing more will be recorded.
    private func waitUntilIdle(_ loader: PreviewLoader) -> Bool {
        let idle = DispatchSemaphore(value: 0)
        loader.whenIdle { idle.signal() }
        return idle.wait(timeout: .now() + 30) == .success
    }

    @Test func requestsReplacedBeforeTheyStartAreNeverMadeAndTheOneScrolledAwayStops() {
        let scheduler = JobScheduler()
        defer { scheduler.shutdown() }
        let probe = JobProbe(), gate = DispatchSemaphore(value: 0)
        let loader = gatedLoader(scheduler, probe, gate: gate)
        loader.want(["a", "b", "c"].map(request))
        #expect(probe.wait(for: "make a"))                   // the worker is busy with "a"
        loader.want(["x", "y"].map(request))                  // the user scrolled: a, b and c are stale
        for _ in 0..<3 { gate.signal() }
        #expect(waitUntilIdle(loader))
        #expect(probe.recorded == ["make a", "make x", "deliver x", "make y", "deliver y"])
        #expect(!loader.isBusy)
    }

    @Test func aRequestInFlightIsNotQueuedTwice() {
        let scheduler = JobScheduler()
        defer { scheduler.shutdown() }
        let probe = JobProbe(), gate = DispatchSemaphore(value: 0)
        let loader = gatedLoader(scheduler, probe, gate: gate)
        loader.want([request("a")])
        #expect(probe.wait(for: "make a"))
        loader.want([request("a")])     // still wanted while being made
        gate.signal()
        #expect(waitUntilIdle(loader))
        #expect(probe.recorded == ["make a", "deliver a"])
    }

    /// The real maker stops before reading the photo when its job was cancelled: no
    /// "file missing" preview for a photo that scrolled away.
    @Test func theMakerStopsEarlyForACancelledJob() {
        let token = JobToken()
        #expect(PreviewMaker().make(request("gone"), token: token) == .failed("file missing"))
        token.cancel(.stale)
        #expect(PreviewMaker().make(request("gone"), token: token) == nil)
    }
}
