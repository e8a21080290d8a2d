/// How far one download has come: the bytes received so far and, when the server declared
/// it (Content-Length), how many there will be.
public struct WebTransfer: Sendable, Equatable {
    public var received: Int64
    public var expected: Int64?

    public init(received: Int64, expected: Int64? = nil) {
        self.received = received
        self.expected = expected
    }

    /// 0…1 when the size is known.
    public var fraction: Double? {
        guard let expected, expected > 0 else { return nil }
        return min(1, Double(received) / Double(expected))
    }
}
