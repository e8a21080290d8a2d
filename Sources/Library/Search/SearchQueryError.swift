/// Why a search query cannot be run, naming the part that is wrong: "date:2019-13: month 13
/// is not 1–12". Shown under the search line and by `list --search`.
public struct SearchQueryError: Error, Equatable, CustomStringConvertible {
    /// The part of the query that is wrong, as typed ("date:2019-13").
    public var token: String
    /// Where that part is in the query, in characters (for underlining it).
    public var range: Range<Int>
    /// What is wrong with it ("month 13 is not 1–12").
    public var reason: String

    public init(token: String, range: Range<Int>, reason: String) {
        self.token = token
        self.range = range
        self.reason = reason
    }

    public var description: String { "\(token): \(reason)" }
}
