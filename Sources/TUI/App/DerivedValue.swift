import Library

/// One thing the browser makes from its library off the UI thread — a folder tree, the search
/// index, the memories of a day — for one key at a time (a grouping, a day), with the revision
/// of `DerivedCaches` it is true at and the build asked for. `DerivedCaches` holds one of these
/// per thing and says how its revisions move.
struct DerivedValue<Key: Equatable & Sendable, Value: Sendable>: Sendable {
    /// A build asked for: at which revision, and up to which one its result is true.
    struct Request: Sendable, Equatable {
        var askedAt: Int
        var trueAt: Int
    }

    /// What is on hand, maybe behind the library until its rebuild arrives (it is shown meanwhile).
    private(set) var current: (key: Key, value: Value, revision: Int)?
    /// The build asked for and not yet received.
    private(set) var request: (key: Key, request: Request)?

    /// The value for `key` when it is on hand (maybe behind).
    func value(for key: Key) -> Value? {
        guard let current, current.key == key else { return nil }
        return current.value
    }

    /// A change from revision `previous` to `revision`: what it does not touch (`inputs` of
    /// the key) stays true, on hand or on its way; what it touches is left behind.
    mutating func record(_ change: LibraryChange, inputs: (Key) -> LibraryChange, from previous: Int, to revision: Int) {
        if let current, current.revision == previous, change.isDisjoint(with: inputs(current.key)) {
            self.current?.revision = revision
        }
        if let request, request.request.trueAt == previous, change.isDisjoint(with: inputs(request.key)) {
            self.request?.request.trueAt = revision
        }
    }

    /// Nil when the value for `key` on hand or asked for is true at `revision`; else the
    /// revision to build it at (recorded as asked).
    mutating func toBuild(_ key: Key, at revision: Int) -> Int? {
        if let current, current.key == key, current.revision == revision { return nil }
        if let request, request.key == key, request.request.trueAt == revision { return nil }
        request = (key, Request(askedAt: revision, trueAt: revision))
        return revision
    }

    /// A value for `key` built at revision `askedAt` came: kept when none as new is on hand
    /// (one kept in step with edits since is newer). True when it was kept.
    mutating func built(_ value: Value, key: Key, askedAt: Int) -> Bool {
        var trueAt = askedAt
        if let request, request.key == key, request.request.askedAt == askedAt {
            trueAt = request.request.trueAt
            self.request = nil
        }
        if let current, current.key == key, current.revision >= trueAt { return false }
        current = (key, value, trueAt)
        return true
    }

    /// The value when the last change (to `revision`) touched it and it was true before: taken
    /// out (nothing is held meanwhile, so changing it copies nothing) to be followed in step.
    mutating func takeTouched(at revision: Int) -> (key: Key, value: Value)? {
        guard let current, current.revision == revision - 1 else { return nil }
        self.current = nil
        return (current.key, current.value)
    }

    /// Puts back a value taken by `takeTouched`, true at `revision`.
    mutating func putBack(_ value: Value, key: Key, trueAt revision: Int) {
        current = (key, value, revision)
    }
}
