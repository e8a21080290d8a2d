import Testing
@testable import Library

@Suite struct SearchQueryTests {
    private func terms(_ text: String) throws -> [SearchQuery.Term] {
        try SearchQuery(parsing: text).terms
    }

    private func span(_ from: Int64, _ through: Int64) -> SearchFilter { .taken(DateSpan(from: from, through: through)) }

    @Test func wordsAreFoldedAndAllKept() throws {
        #expect(try terms("  Beach   2019 CANON ") == [.init(.word("beach")), .init(.word("2019")), .init(.word("canon"))])
        #expect(try terms("Café São-Paulo Łódź") == [.init(.word("cafe")), .init(.word("sao-paulo")), .init(.word("lodz"))])
        #expect(try terms("").isEmpty)
        #expect(try terms("   ").isEmpty)
    }

    @Test func quotesMakeOnePhraseAndPlainWords() throws {
        #expect(try terms("\"Beach   Day\" x") == [.init(.word("beach day")), .init(.word("x"))])
        #expect(try terms("\"camera:canon\"") == [.init(.word("camera:canon"))], "quoted: not a filter")
        #expect(try terms("\"fav\"") == [.init(.word("fav"))], "quoted: the word, not favourites")
        #expect(try terms("group:\"beach 2019") == [.init(.group("beach 2019"))], "an unfinished quote runs to the end")
        #expect(try terms("\"\"").isEmpty)
    }

    @Test func everyFilter() throws {
        #expect(try terms("year:2019") == [.init(span(2019_01_01_000000, 2019_12_31_235959))])
        #expect(try terms("year:2018..2020") == [.init(span(2018_01_01_000000, 2020_12_31_235959))])
        #expect(try terms("date:2019-07") == [.init(span(2019_07_01_000000, 2019_07_31_235959))])
        #expect(try terms("date:2020-02") == [.init(span(2020_02_01_000000, 2020_02_29_235959))], "leap year")
        #expect(try terms("date:2019-07-01..2019-07-31") == [.init(span(2019_07_01_000000, 2019_07_31_235959))])
        #expect(try terms("date:2019..") == [.init(span(2019_01_01_000000, Int64.max))])
        #expect(try terms("date:..2019-06") == [.init(span(0, 2019_06_30_235959))])
        #expect(try terms("date:2019-07-01T10:30") == [.init(span(2019_07_01_103000, 2019_07_01_103059))])
        #expect(try terms("camera:Canon") == [.init(.camera("canon"))])
        #expect(try terms("place:\"São Paulo\"") == [.init(.place("sao paulo"))])
        #expect(try terms("group:\"Beach 2019\"") == [.init(.group("beach 2019"))])
        #expect(try terms("fav FAV is:favourite is:Favorite") == Array(repeating: .init(.favourite), count: 4))
        #expect(try terms("is:missing is:edited") == [.init(.missing), .init(.edited)])
        #expect(try terms("YEAR:2019 Camera:x") == [.init(span(2019_01_01_000000, 2019_12_31_235959)), .init(.camera("x"))])
    }

    @Test func minusExcludes() throws {
        #expect(try terms("-beach -camera:iphone -is:missing -fav -\"old photos\"") == [
            .init(.word("beach"), excluded: true), .init(.camera("iphone"), excluded: true),
            .init(.missing, excluded: true), .init(.favourite, excluded: true), .init(.word("old photos"), excluded: true),
        ])
        #expect(try terms("beach -") == [.init(.word("beach"))], "a lone minus, still being typed, is ignored")
        #expect(try terms("a-b") == [.init(.word("a-b"))])
    }

    @Test func colonsThatAreNotFiltersStayWords() throws {
        #expect(try terms("10:30") == [.init(.word("10:30"))])
        #expect(try terms("\"re:union\"") == [.init(.word("re:union"))])
    }

    @Test(arguments: [
        ("date:2019-13", "date:2019-13: month 13 is not 1–12", 0..<12),
        ("beach date:2019-02-30", "date:2019-02-30: day 30 is not in 2019-02 (1–28)", 6..<21),
        ("year:19", "year:19: \"19\" is not a year", 0..<7),
        ("year:2019-07", "year:2019-07: \"2019-07\" is not a year; use year:2019, or date: for months and days", 0..<12),
        ("date:2019-07-31..2019-07-01", "date:2019-07-31..2019-07-01: the span ends before it starts", 0..<27),
        ("date:2019..2020..2021", "date:2019..2020..2021: a span has one \"..\"", 0..<21),
        ("date:..", "date:..: a span needs at least one end", 0..<7),
        ("date:1700", "date:1700: year 1700 is not between 1800 and 2200", 0..<9),
        ("camera:", "camera:: needs a value, like camera:canon", 0..<7),
        ("x -group:\"\"", "-group:\"\": needs a value", 2..<11),
        ("is:blue", "is:blue: use is:favourite, is:missing, is:edited, is:rejected, is:picked, is:video, is:raw, is:photo or is:live", 0..<7),
        ("colour:red", "colour:red: unknown filter \"colour:\"; the filters are year:, date:, camera:, place:, group:, is:", 0..<10),
    ])
    func badInputSaysExactlyWhatIsWrong(query: String, message: String, range: Range<Int>) {
        #expect {
            _ = try SearchQuery(parsing: query)
        } throws: { error in
            guard let error = error as? SearchQueryError else { return false }
            return error.description.hasPrefix(message) && error.range == range
        }
    }
}
