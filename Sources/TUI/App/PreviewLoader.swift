/// Makes previews on a queue of the job scheduler, newest wishes first.
///
/// Each frame the loop hands over the full list of previews it wants (`want`), which replaces
/// the queue: previews of photos that scrolled away never start, those being made stop at the
/// maker's next check (gitui/yazi: only the latest request matters). Finished previews are
/// delivered (the loop posts them to the inbox).
final class PreviewLoader: Sendable {
    private let jobs: JobQueue<PreviewKey>
    private let make: @Sendable (PreviewRequest, JobToken) -> PreviewResult?
    private let deliver: @Sendable (PreviewKey, PreviewResult) -> Void

    /// - Parameter make: the preview, or nil when it stopped early because its job was cancelled.
    init(scheduler: JobScheduler, workers: Int, make: @escaping @Sendable (PreviewRequest, JobToken) -> PreviewResult?,
         deliver: @escaping @Sendable (PreviewKey, PreviewResult) -> Void) {
        self.jobs = scheduler.queue("preview", workers: workers, keyedBy: PreviewKey.self)
        self.make = make
        self.deliver = deliver
    }

    /// Replaces the queue with `requests` (in order); those already being made go on.
    func want(_ requests: [PreviewRequest]) {
        let make = self.make, deliver = self.deliver
        jobs.want(requests.map { request in
            Job(key: request.key) { token in
                if let result = make(request, token) { deliver(request.key, result) }
            }
        })
    }

    /// True while anything is queued or being made.
    var isBusy: Bool { jobs.isBusy }

    /// Runs `action` once nothing is queued or being made.
    func whenIdle(_ action: @escaping @Sendable () -> Void) { jobs.whenIdle(action) }
}
