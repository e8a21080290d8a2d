extension CaseIterable where Self: Equatable {
    /// The case after this one, back to the first after the last: for keys that cycle through
    /// choices (groupings, sort orders).
    public var next: Self {
        let all = Array(Self.allCases)
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }
}
