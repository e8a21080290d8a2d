import Foundation

/// Makes previews on worker threads, newest wishes first.
///
/// Each frame the loop hands over the full list of previews it wants (`want`), which replaces
/// the queue: work for photos that scrolled away is dropped before it starts (gitui/yazi:
/// only the latest request matters). Finished previews are posted to the inbox.
final class PreviewLoader: @unchecked Sendable {
    private let lock = NSLock()
    private let wake = DispatchSemaphore(value: 0)
    private var queue: [PreviewRequest] = []
    private var inFlight: Set<PreviewKey> = []
    private var stopped = false
    private let workers: Int
    private let make: @Sendable (PreviewRequest) -> PreviewResult
    private let deliver: @Sendable (PreviewKey, PreviewResult) -> Void

    init(workers: Int, make: @escaping @Sendable (PreviewRequest) -> PreviewResult,
         deliver: @escaping @Sendable (PreviewKey, PreviewResult) -> Void) {
        self.make = make
        self.deliver = deliver
        self.workers = max(1, workers)
        for index in 0..<self.workers {
            let thread = Thread { [weak self] in self?.work() }
            thread.name = "preview-\(index)"
            thread.start()
        }
    }

    /// Replaces the queue with `requests` (in order), skipping those already being made.
    func want(_ requests: [PreviewRequest]) {
        let added: Int = lock.withLock {
            let before = queue.count
            queue = requests.filter { !inFlight.contains($0.key) }
            return max(0, queue.count - before)
        }
        for _ in 0..<added { wake.signal() }
    }

    /// True while anything is queued or being made.
    var isBusy: Bool { lock.withLock { !queue.isEmpty || !inFlight.isEmpty } }

    func stop() {
        lock.withLock {
            stopped = true
            queue.removeAll()
        }
        for _ in 0..<workers { wake.signal() }
    }

    private func work() {
        while true {
            let next: PreviewRequest? = lock.withLock {
                guard !stopped, !queue.isEmpty else { return nil }
                let request = queue.removeFirst()
                inFlight.insert(request.key)
                return request
            }
            guard let request = next else {
                if lock.withLock({ stopped }) { return }
                // Idle workers sleep until `want` or `stop` signals: no wake-ups while idle.
                wake.wait()
                continue
            }
            let result = make(request)
            deliver(request.key, result)
            lock.withLock { _ = inFlight.remove(request.key) }
        }
    }
}
