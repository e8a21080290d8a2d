import Foundation
import Testing
@testable import Library

@Suite struct SortAndSmartFolderTests {
    static let library = PhotoLibrary(photos: [
        photo("b", path: "/p/IMG_10.jpg", takenAt: "2020-01-02T00:00:00", size: 300),
        photo("a", path: "/p/img_2.jpg", takenAt: "2020-01-03T00:00:00", size: 100),
        photo("c", path: "/p/IMG_1.jpg", takenAt: "2020-01-01T00:00:00", size: 200),
        photo("d", path: "/q/IMG_2.jpg", takenAt: "2019-01-01T00:00:00", size: 200),
    ])

    @Test func everySortOrder() {
        let ids = ["a", "b", "c", "d"]
        #expect(PhotoSort.dateTaken.sorted(ids, in: Self.library) == ["d", "c", "b", "a"])
        #expect(PhotoSort.newestFirst.sorted(ids, in: Self.library) == ["a", "b", "c", "d"])
        #expect(PhotoSort.fileName.sorted(ids, in: Self.library) == ["c", "d", "a", "b"], "natural; equal names by date")
        #expect(PhotoSort.fileSize.sorted(ids, in: Self.library) == ["b", "d", "c", "a"], "largest first; equal by date")
        #expect(PhotoSort.rating.sorted(ids, in: Self.library) == ["d", "c", "b", "a"], "unrated: by date")
        #expect(PhotoSort.dateTaken.next == .newestFirst && PhotoSort.fileSize.next == .rating && PhotoSort.rating.next == .dateTaken)
    }

    /// Photos whose date is not known (web photos not downloaded yet) come after every known
    /// date, newest first too, and in search results; among themselves in the natural order of
    /// their addresses (their files are named by a hash).
    @Test func unknownDatesSortAfterKnownOnesInEveryOrder() throws {
        func unknown(_ id: String, _ path: String, _ number: Int) -> Photo {
            var lazy = photo(id, path: path, size: 0)
            (lazy.fileTakenAt, lazy.fileTakenAtSource, lazy.isDownloaded) = (nil, nil, false)
            lazy.sourceURL = "http://example.org/img/\(number).jpg"
            return lazy
        }
        let library = PhotoLibrary(photos: Self.library.photos + [unknown("u2", "/w/a-10.jpg", 10), unknown("u1", "/w/b-9.jpg", 9)])
        let ids = ["u2", "a", "u1", "b", "c", "d"]
        #expect(PhotoSort.dateTaken.sorted(ids, in: library) == ["d", "c", "b", "a", "u1", "u2"])
        #expect(PhotoSort.newestFirst.sorted(ids, in: library) == ["a", "b", "c", "d", "u1", "u2"])
        #expect(PhotoSort.fileSize.sorted(ids, in: library).suffix(2) == ["u1", "u2"], "no size yet: last")
        let index = SearchIndex(library: library)
        #expect(index.search(SearchQuery(terms: []), sort: .newestFirst) == ["a", "b", "c", "d", "u1", "u2"])
        #expect(index.search(SearchQuery(terms: []), sort: .dateTaken) == ["d", "c", "b", "a", "u1", "u2"])
        #expect(try index.search("year:2020..") == ["c", "b", "a"], "an unknown date is in no span, open or not")
    }

    @Test(arguments: [
        ("img_2", "img_10", ComparisonResult.orderedAscending),
        ("img_10", "img_9", .orderedDescending),
        ("img_02", "img_2", .orderedDescending),
        ("img_2", "img_2", .orderedSame),
        ("a", "ab", .orderedAscending),
        ("2019-7", "2019-10", .orderedAscending),
        ("x99999999999999999999999", "x100000000000000000000000", .orderedAscending),
    ])
    func naturalOrder(a: String, b: String, expected: ComparisonResult) {
        #expect(PhotoSort.naturalOrder(Array(a.utf8), Array(b.utf8)) == expected)
    }

    @Test func smartFoldersGatherFavouritesTheLastImportAndMissing() {
        let library = PhotoLibrary(photos: [
            photo("old", takenAt: "2020-01-01T00:00:00", favourite: true, importedAt: 100),
            photo("new2", takenAt: "2021-01-02T00:00:00", importedAt: 200),
            photo("new1", takenAt: "2021-01-01T00:00:00", missing: true, importedAt: 200),
            photo("fav", takenAt: "2019-01-01T00:00:00", favourite: true, importedAt: 150),
        ])
        let folders = SmartFolder.folders(in: library)
        #expect(folders.map(\.name) == ["Favourites", "Recently imported", "Missing"])
        #expect(folders.map(\.photoIDs) == [["fav", "old"], ["new1", "new2"], ["new1"]])
        #expect(folders[0].coverID == "fav")
        #expect(folders[0].group.dateRange == "2019-01-01 – 2020-01-01")
        #expect(Set(folders.map(\.id)).count == 3)
    }

    @Test func videosGatherInTheirFolderWhenThereAreAny() {
        var clip = photo("clip", takenAt: "2021-01-01T00:00:00", importedAt: 5)
        clip.kind = .video
        let library = PhotoLibrary(photos: [photo("still", importedAt: 5), clip])
        let folders = SmartFolder.folders(in: library)
        #expect(folders.map(\.name) == ["Videos"])
        #expect(folders.first?.photoIDs == ["clip"])
        #expect(SmartFolder.folders(in: PhotoLibrary(photos: [photo("still", importedAt: 5)])).isEmpty)
    }

    @Test func emptySmartFoldersAndAFirstImportAreLeftOut() {
        let library = PhotoLibrary(photos: [photo("1", importedAt: 5), photo("2", importedAt: 5)])
        #expect(SmartFolder.folders(in: library).isEmpty)
        #expect(SmartFolder.recentlyImported.photoIDs(in: library).count == 2)
        #expect(SmartFolder.folders(in: PhotoLibrary()).isEmpty)
    }
}
