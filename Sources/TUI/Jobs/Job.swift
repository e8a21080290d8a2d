/// One piece of background work for a ``JobQueue``: its key says what it makes (a newer job
/// with the same key wins), `run` does it on a worker thread and delivers what it made itself
/// (usually by posting a message to the loop), checking the token where it can stop early.
struct Job<Key: Hashable & Sendable>: Sendable {
    let key: Key
    let run: @Sendable (JobToken) -> Void
}
