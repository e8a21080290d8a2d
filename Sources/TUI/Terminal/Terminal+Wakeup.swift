extension Terminal {
    /// What ended a ``Terminal/waitForInput(orWake:timeoutMs:)``.
    public struct Wakeup: OptionSet, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// Input is waiting: read it with ``Terminal/readKeys(timeoutMs:)``.
        public static let input = Wakeup(rawValue: 1 << 0)
        /// The wake pipe was written to (the caller empties it).
        public static let wake = Wakeup(rawValue: 1 << 1)
        /// A signal arrived: a resize or a resume after Ctrl-Z, which ``Terminal/readKeys(timeoutMs:)``
        /// reports as `.resize`.
        public static let signal = Wakeup(rawValue: 1 << 2)
        /// The input was closed or hung up: when ``Terminal/readKeys(timeoutMs:)`` then finds nothing,
        /// no key will ever come.
        public static let hangup = Wakeup(rawValue: 1 << 3)
        /// `timeoutMs` passed with nothing to do.
        public static let timeout = Wakeup(rawValue: 1 << 4)
    }
}
