import Testing
@testable import Library

@Suite struct SearchIndexTests {
    /// A small library covering every field search looks at.
    static let library: PhotoLibrary = {
        var edited = photo("edited", path: "/photos/misc/scan.jpg", takenAt: "2004-01-01T00:00:00")
        edited.edits.date = EditedDate(value: "2004-06-01T00:00:00", precision: .month)
        return PhotoLibrary(photos: [
            photo("beach1", path: "/photos/2019/IMG_0001.jpg", description: "Beach 2019", takenAt: "2019-07-02T10:00:00",
                  make: "Canon", model: "Canon EOS 6D", gps: rio),
            photo("beach2", path: "/photos/2019/IMG_0002.jpg", description: "beach  2019", takenAt: "2019-07-01T09:00:00",
                  make: "Apple", model: "iPhone 12", gps: rio, favourite: true),
            photo("cafe", path: "/photos/Lisboa/café.jpg", description: "Café in Lisbon", takenAt: "2021-03-05T12:00:00",
                  make: "NIKON CORPORATION", model: "NIKON D750", gps: lisbon),
            photo("sao", path: "/photos/Brasil/DSC_1.jpg", description: nil, takenAt: "2019-12-31T23:59:59",
                  make: "Canon", model: "Canon PowerShot G7 X", gps: saoPaulo, missing: true),
            edited,
        ])
    }()

    static let index = SearchIndex(library: library, places: testPlaces)

    private func find(_ query: String, sort: PhotoSort = .dateTaken) throws -> [String] {
        try Self.index.search(query, sort: sort)
    }

    @Test func emptyQueryFindsEverythingOldestFirst() throws {
        #expect(try find("") == ["edited", "beach2", "beach1", "sao", "cafe"])
    }

    @Test func wordsMatchNameFolderDescriptionAndCameraAllMustMatch() throws {
        #expect(try find("img_0001") == ["beach1"], "file name")
        #expect(try find("lisboa") == ["cafe"], "folder")
        #expect(try find("BEACH") == ["beach2", "beach1"], "description")
        #expect(try find("iphone") == ["beach2"], "camera model")
        #expect(try find("corporation") == ["cafe"], "camera make")
        #expect(try find("beach 2019 canon") == ["beach1"], "every word must match")
        #expect(try find("beach zebra").isEmpty)
        #expect(try find("\"beach 2019\"") == ["beach2", "beach1"], "a phrase, spacing ignored")
    }

    @Test func accentsAndCaseAreIgnoredBothWays() throws {
        #expect(try find("CAFE") == ["cafe"])
        #expect(try find("café") == ["cafe"])
        #expect(try find("brásil") == ["sao"])
    }

    @Test func fieldFilters() throws {
        #expect(try find("year:2019") == ["beach2", "beach1", "sao"])
        #expect(try find("date:2019-07") == ["beach2", "beach1"])
        #expect(try find("date:2019-07-02..2019-12-31") == ["beach1", "sao"], "both ends included, to the second")
        #expect(try find("date:2004-06") == ["edited"], "the edited date, not the file's")
        #expect(try find("camera:canon") == ["beach1", "sao"])
        #expect(try find("camera:\"powershot g7\"") == ["sao"])
        #expect(try find("place:rio") == ["beach2", "beach1"])
        #expect(try find("place:brazil") == ["beach2", "beach1", "sao"], "city or country")
        #expect(try find("place:\"sao paulo\"") == ["sao"])
        #expect(try find("group:\"BEACH 2019\"") == ["beach2", "beach1"], "the whole group name")
        #expect(try find("group:beach").isEmpty, "not a part of it")
        #expect(try find("group:other") == ["edited", "sao"])
        #expect(try find("fav") == ["beach2"])
        #expect(try find("is:missing") == ["sao"])
        #expect(try find("is:edited") == ["edited"])
    }

    /// `is:video`, `is:raw`, `is:photo` by the photo's kind; `type:` by the name's extension,
    /// aliases included; the one-photo check agrees with the whole-index search.
    @Test func kindsAndFileTypes() throws {
        var clip = photo("clip", path: "/roll/VID_1.MP4", takenAt: "2024-01-01T10:00:01")
        clip.kind = .video
        var movie = photo("movie", path: "/roll/IMG_2.mov", takenAt: "2024-01-01T10:00:02")
        movie.kind = .video
        var raw = photo("raw", path: "/roll/IMG_3.CR2", takenAt: "2024-01-01T10:00:03")
        raw.kind = .raw
        let still = photo("still", path: "/roll/IMG_4.jpeg", takenAt: "2024-01-01T10:00:04")
        let library = PhotoLibrary(photos: [clip, movie, raw, still])
        let index = SearchIndex(library: library)
        let expected = ["is:video": ["clip", "movie"], "is:raw": ["raw"], "is:photo": ["still"], "-is:video": ["raw", "still"],
                        "type:mp4": ["clip"], "type:.MOV": ["movie"], "type:jpg": ["still"], "type:cr2": ["raw"],
                        "type:tiff": []]
        for (query, ids) in expected {
            #expect(try index.search(query) == ids, "\(query)")
            let parsed = try SearchQuery(parsing: query)
            #expect(library.photos.indices.filter { index.matches(parsed, at: $0) }.map { library.photos[$0].id } == ids, "\(query)")
        }
        #expect(throws: SearchQueryError.self) { try SearchQuery(parsing: "type:m*4") }
    }

    @Test func minusLeavesOut() throws {
        #expect(try find("year:2019 -canon") == ["beach2"])
        #expect(try find("-camera:canon -is:missing") == ["edited", "beach2", "cafe"])
        #expect(try find("beach -fav") == ["beach1"])
    }

    @Test func placeFindsNothingWithoutALookup() throws {
        let plain = SearchIndex(library: Self.library)
        #expect(try plain.search("place:rio").isEmpty)
        #expect(try plain.search("-place:rio").count == 5)
    }

    @Test func resultsFollowTheSortOrder() throws {
        #expect(try find("year:2019", sort: .newestFirst) == ["sao", "beach1", "beach2"])
        #expect(try find("", sort: .fileName) == ["cafe", "sao", "beach1", "beach2", "edited"])
        let sized = SearchIndex(library: PhotoLibrary(photos: [photo("small", size: 10), photo("big", size: 30), photo("mid", size: 20)]))
        #expect(sized.search(SearchQuery(terms: []), sort: .fileSize) == ["big", "mid", "small"])
    }

    @Test func aBadQueryThrowsInsteadOfReturningStaleResults() {
        #expect(throws: SearchQueryError.self) { try Self.index.search("date:2019-13") }
    }
}
