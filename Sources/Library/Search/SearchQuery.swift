/// A search as the user types it: words and field filters, all of which must hold.
///
/// ```
/// beach 2019 canon             words: each in the file name, folder, description or camera
/// "beach day"                  a phrase (quotes keep spaces and turn filters into plain words)
/// year:2019  year:2018..2020   taken in a year, or a span of years
/// date:2019-07  date:2019-07-01..2019-07-31  date:2019..  date:..2019-06
/// camera:canon  place:rio  group:"beach 2019"
/// fav  is:favourite  is:missing  is:edited  is:rejected  is:picked  is:video  is:raw  is:photo  is:live
/// type:mp4  rating:>=4  rating:0  rating:2..3  label:red  tag:places/italy (the tag and those under it)
/// album:"Italy 2024" (the album, or every album of an album folder)
/// -word  -camera:iphone  -is:missing        leave out what matches
/// ```
///
/// Case and accents are ignored everywhere. An unfinished quote runs to the end (the user is
/// still typing); a lone "-" is ignored for the same reason.
public struct SearchQuery: Sendable, Equatable {
    /// One condition, possibly turned round.
    public struct Term: Sendable, Equatable {
        public var filter: SearchFilter
        /// `-` before it: the photos that do *not* match.
        public var excluded: Bool

        public init(_ filter: SearchFilter, excluded: Bool = false) {
            self.filter = filter
            self.excluded = excluded
        }
    }

    public var terms: [Term]

    /// No condition: every photo matches.
    public var isEmpty: Bool { terms.isEmpty }

    public init(terms: [Term]) {
        self.terms = terms
    }

    /// The filter names, as help and error messages list them.
    public static let fieldNames = ["year", "date", "camera", "place", "group", "is", "type", "rating", "label", "tag", "album"]

    public init(parsing text: String) throws(SearchQueryError) {
        var terms: [Term] = []
        for token in Self.tokens(of: text) {
            if let term = try Self.term(token) { terms.append(term) }
        }
        self.init(terms: terms)
    }

    // MARK: - Tokens

    /// One whitespace-separated part of the query, quotes taken into account.
    struct Token {
        /// As typed, quotes included.
        var raw: String
        /// Character offsets in the query.
        var range: Range<Int>
    }

    /// Splits at whitespace outside quotes.
    static func tokens(of text: String) -> [Token] {
        var tokens: [Token] = []
        var current = "", start = 0, inQuotes = false
        for (offset, character) in text.enumerated() {
            if character == "\"" { inQuotes.toggle() }
            if character.isWhitespace && !inQuotes {
                if !current.isEmpty { tokens.append(Token(raw: current, range: start..<offset)) }
                current = ""
                continue
            }
            if current.isEmpty { start = offset }
            current.append(character)
        }
        if !current.isEmpty { tokens.append(Token(raw: current, range: start..<(start + current.count))) }
        return tokens
    }

    // MARK: - Terms

    private static func term(_ token: Token) throws(SearchQueryError) -> Term? {
        var body = Substring(token.raw)
        let excluded = body.first == "-"
        if excluded { body = body.dropFirst() }
        func fail(_ reason: String) -> SearchQueryError {
            SearchQueryError(token: token.raw, range: token.range, reason: reason)
        }
        // A field filter is letters then ":" before any quote; anything else is a word.
        if let colon = body.firstIndex(of: ":"), !body[..<colon].contains("\""),
           !body[..<colon].isEmpty, body[..<colon].allSatisfy(\.isLetter) {
            let field = SearchText.fold(String(body[..<colon]))
            let value = unquoted(body[body.index(after: colon)...])
            return Term(try filter(field: field, value: value, fail: fail), excluded: excluded)
        }
        let word = SearchText.fold(unquoted(body))
        guard !word.isEmpty else { return nil }
        if word == "fav", !body.contains("\"") { return Term(.favourite, excluded: excluded) }
        return Term(.word(word), excluded: excluded)
    }

    private static func filter(field: String, value: String,
                               fail: (String) -> SearchQueryError) throws(SearchQueryError) -> SearchFilter {
        let folded = SearchText.fold(value)
        guard !folded.isEmpty || !fieldNames.contains(field) else {
            throw fail("needs a value, like " + (examples[field] ?? "\(field):x"))
        }
        switch field {
        case "year": return .taken(try span(value, yearsOnly: true, fail: fail))
        case "date": return .taken(try span(value, yearsOnly: false, fail: fail))
        case "camera": return .camera(folded)
        case "place": return .place(folded)
        case "group": return .group(folded)
        case "is":
            switch folded {
            case "favourite", "favorite", "fav", "favourites", "favorites": return .favourite
            case "missing": return .missing
            case "edited": return .edited
            case "rejected", "reject": return .rejected
            case "picked", "pick": return .picked
            case "video", "videos": return .kind(.video)
            case "raw": return .kind(.raw)
            case "photo", "photos": return .kind(.photo)
            case "live", "motion": return .live   // Motion Photos (issue 21)
            default: throw fail("use is:favourite, is:missing, is:edited, is:rejected, is:picked, is:video, is:raw, is:live or is:photo")
            }
        case "type":
            let type = folded.hasPrefix(".") ? String(folded.dropFirst()) : folded
            guard !type.isEmpty, type.allSatisfy({ $0.isLetter || $0.isNumber }) else {
                throw fail("a type is a file extension, like type:mp4")
            }
            return .fileType(type)
        case "rating": return .rating(try stars(folded, fail: fail))
        case "label":
            guard let label = ColourLabel(rawValue: folded) else {
                throw fail("use label:" + ColourLabel.allCases.map(\.rawValue).joined(separator: ", label:"))
            }
            return .label(label)
        case "tag":
            guard let tag = TagPath.normalised(value) else { throw fail("needs a tag, like tag:places/italy") }
            return .tag(SearchText.fold(tag))
        case "album":
            guard Album.normalisedName(value) != nil else { throw fail("needs an album's name, like album:\"Italy 2024\"") }
            return .album(Album.key(value))
        default:
            throw fail("unknown filter \"\(field):\"; the filters are "
                       + fieldNames.map { $0 + ":" }.joined(separator: ", ") + " (quote a word with a colon)")
        }
    }

    private static let examples = [
        "year": "year:2019", "date": "date:2019-07 or date:2019-07-01..2019-07-31", "camera": "camera:canon",
        "place": "place:rio", "group": "group:\"beach 2019\"", "is": "is:favourite",
        "type": "type:mp4",
        "rating": "rating:>=4 or rating:0", "label": "label:red", "tag": "tag:places/italy",
        "album": "album:\"Trips/Italy 2024\"",
    ]

    /// `4`, `>=4`, `>3`, `<=2`, `<2`, `2..4`: the stars (0–5) a `rating:` takes.
    private static func stars(_ value: String, fail: (String) -> SearchQueryError) throws(SearchQueryError) -> ClosedRange<Int> {
        func number(_ text: Substring) throws(SearchQueryError) -> Int {
            guard let n = Int(text), (0...5).contains(n) else { throw fail("stars are 0 to 5, like rating:>=4") }
            return n
        }
        let range: ClosedRange<Int>
        if let dots = value.range(of: "..") {
            let (low, high) = (value[..<dots.lowerBound], value[dots.upperBound...])
            let (from, through) = (low.isEmpty ? 0 : try number(low), high.isEmpty ? 5 : try number(high))
            guard from <= through else { throw fail("the span ends before it starts") }
            range = from...through
        } else if value.hasPrefix(">=") { range = try number(value.dropFirst(2))...5 }
        else if value.hasPrefix("<=") { range = 0...(try number(value.dropFirst(2))) }
        else if value.hasPrefix(">") { range = min(5, try number(value.dropFirst()) + 1)...5 }
        else if value.hasPrefix("<") { range = 0...max(0, try number(value.dropFirst()) - 1) }
        else { let n = try number(Substring(value)); range = n...n }
        return range
    }

    /// `2019-07`, `2019-07-01..2019-07-31`, `2019..`, `..2019-06` (each end at its own precision).
    private static func span(_ value: String, yearsOnly: Bool,
                             fail: (String) -> SearchQueryError) throws(SearchQueryError) -> DateSpan {
        let parts = value.components(separatedBy: "..")
        guard parts.count <= 2 else { throw fail("a span has one \"..\", like 2019-07-01..2019-07-31") }
        func date(_ text: String) throws(SearchQueryError) -> DateInput? {
            if parts.count == 2 && text.isEmpty { return nil }   // an open end
            let date: DateInput
            do {
                date = try DateInput(parsing: text)
            } catch {
                throw fail(error.description)
            }
            if yearsOnly && date.precision != .year {
                throw fail("\"\(text)\" is not a year; use year:2019, or date: for months and days")
            }
            return date
        }
        let from = try date(parts[0]).map(DateSpan.init)
        let through = parts.count == 2 ? try date(parts[1]).map(DateSpan.init) : from
        guard from != nil || through != nil else { throw fail("a span needs at least one end, like 2019..") }
        let span = DateSpan(from: from?.from ?? 0, through: through?.through ?? Int64.max)
        guard span.from <= span.through else { throw fail("the span ends before it starts") }
        return span
    }

    /// The text with its quotes removed.
    private static func unquoted(_ text: Substring) -> String {
        String(text.filter { $0 != "\"" })
    }
}
