import Foundation

/// Messages posted by worker threads for the UI loop to pick up.
final class Inbox: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [Msg] = []

    func post(_ msg: Msg) { lock.withLock { messages.append(msg) } }

    func drain() -> [Msg] {
        lock.withLock {
            defer { messages.removeAll(keepingCapacity: true) }
            return messages
        }
    }
}
