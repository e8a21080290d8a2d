import Library
import Testing

/// The keeper suggestion, the groups a library gives, and what merging a group does.
@Suite struct DuplicateFinderTests {
    static func photo(_ id: String, _ width: Int, _ height: Int, bytes: Int64 = 1000, modified: Double = 0,
                      kind: Photo.Kind = .photo, hash: UInt64 = 0) -> Photo {
        var photo = Photo(id: id, path: "/p/\(id).jpg", fileSize: bytes, fileModified: modified, width: width, height: height,
                          takenAt: "2020-01-01T00:00:00", takenAtSource: .dateTimeOriginal, importedAt: 0)
        photo.kind = kind
        photo.perceptualHash = hash
        return photo
    }

    @Test func keeperIsLargestThenRawThenOriginalThenRicher() {
        let big = Self.photo("big", 4000, 3000), small = Self.photo("small", 2000, 1500, bytes: 9999)
        #expect(DuplicateFinder.ranked([small, big]).map(\.id) == ["big", "small"])
        let raw = Self.photo("raw", 4000, 3000, kind: .raw), jpeg = Self.photo("jpeg", 4000, 3000, bytes: 5000)
        #expect(DuplicateFinder.ranked([jpeg, raw]).map(\.id) == ["raw", "jpeg"])
        let original = Self.photo("orig", 4000, 3000, bytes: 5000, modified: 10)
        let smaller = Self.photo("smaller", 4000, 3000, bytes: 3000, modified: 10)
        let edited = Self.photo("edit", 4000, 3000, bytes: 9000, modified: 20)
        #expect(DuplicateFinder.ranked([edited, smaller, original]).map(\.id) == ["orig", "smaller", "edit"])
        var rich = Self.photo("rich", 4000, 3000)
        rich.cameraMake = "Canon"
        let plain = Self.photo("plain", 4000, 3000)
        #expect(DuplicateFinder.ranked([plain, rich]).map(\.id) == ["rich", "plain"])
    }

    @Test func groupsNearPhotosLeavingVideosAndFarOnesOut() {
        let base: UInt64 = 0x0123_4567_89AB_CDEF
        var video = Self.photo("video", 640, 480, kind: .video, hash: base)
        video.duration = 3
        let library = PhotoLibrary(photos: [
            Self.photo("a", 640, 480, hash: base), Self.photo("b", 1280, 960, hash: base ^ 0b111),
            Self.photo("c", 640, 480, hash: ~base), video, Self.photo("unhashed", 640, 480),
        ])
        let groups = DuplicateFinder.groups(in: library, near: true)
        #expect(groups == [DuplicateGroup(kind: .near, photoIDs: ["b", "a"])])
        #expect(groups.first?.keep == "b")
        #expect(DuplicateFinder.groups(in: library, near: false).isEmpty)
        // Photos without crop hashes (imported before them) are hashed again too.
        #expect(LookAlikeHashes.missing(in: library).map(\.id) == ["a", "b", "c", "unhashed"])
    }

    @Test func exactGroupsByContent() {
        var rewritten = Self.photo("a", 640, 480)
        rewritten.contentID = "b"
        let library = PhotoLibrary(photos: [rewritten, Self.photo("b", 640, 480, bytes: 2000), Self.photo("c", 640, 480)])
        #expect(DuplicateFinder.groups(in: library, near: false) == [DuplicateGroup(kind: .exact, photoIDs: ["b", "a"])])
    }

    @Test func mergeCarriesFavouriteBestRatingTagsAndEdits() throws {
        var kept = Self.photo("kept", 4000, 3000)
        kept.fileMarks = PhotoMarks(rating: 2, tags: ["Family"])
        var copy = Self.photo("copy", 2000, 1500)
        copy.edits = PhotoEdits(description: "Harbour", favourite: true, rating: 4, tags: ["Trips/Rome"])
        var other = Self.photo("other", 2000, 1500)
        other.edits = PhotoEdits(date: EditedDate(value: "2004-01-01T00:00:00", precision: .year), label: .set(.red), tags: ["Family", "Boats"])
        let step = try #require(DuplicateMerge.step(keeping: kept, from: [copy, other]))
        #expect(step.changes.map(\.photoID) == ["kept"])
        var library = PhotoLibrary(photos: [kept, copy, other])
        library.apply(step)
        let merged = try #require(library.photo(id: "kept"))
        #expect(merged.isFavourite && merged.rating == 4 && merged.label == .red)
        #expect(merged.tags == ["Family", "Trips/Rome", "Boats"])
        #expect(merged.description == "Harbour" && merged.takenAt == "2004-01-01T00:00:00")
        // Undo gives the kept photo back as it was.
        let undone = library.undo()
        #expect(undone != nil)
        #expect(library.photo(id: "kept") == kept)
        // Nothing to carry: no step.
        #expect(DuplicateMerge.step(keeping: kept, from: [Self.photo("plain", 10, 10)]) == nil)
    }

    @Test func mergeCarriesAlbumsTheirPlacesAndCoversAndThePlace() throws {
        let trips = Album(id: "trips", name: "Trips", cover: "copy"), family = Album(id: "family", name: "Family")
        var kept = Self.photo("kept", 4000, 3000)
        kept.edits.albums = ["family": 5]
        var copy = Self.photo("copy", 2000, 1500)
        copy.edits = PhotoEdits(location: .set(GPSPosition(latitude: 41.9, longitude: 12.5)))
        copy.edits.albums = ["family": 1, "trips": 2]
        var other = Self.photo("other", 2000, 1500)
        other.edits.albums = ["trips": 0]
        var library = PhotoLibrary(photos: [kept, copy, other], albums: [trips, family])
        let step = try #require(DuplicateMerge.step(keeping: kept, from: [copy, other], albums: library.albums))
        library.apply(step)
        let merged = try #require(library.photo(id: "kept"))
        #expect(merged.edits.albums == ["family": 5, "trips": 2], "its own place kept; the first other's place in a new album")
        #expect(merged.gps == GPSPosition(latitude: 41.9, longitude: 12.5))
        #expect(library.album(id: "trips")?.cover == "kept", "the cover was one of the others")
        #expect(library.photoIDs(inAlbum: "trips").contains("kept"))
        // One undo takes all of it back.
        _ = library.undo()
        #expect(library.photo(id: "kept") == kept && library.album(id: "trips")?.cover == "copy")
        // Combined with other steps (the browser rejects the others in the same step), the cover goes along.
        let combined = EditStep.combined([step, EditPlanner(library: library).setRejected(["copy", "other"], true)], label: "both")
        #expect(combined.albumChanges == step.albumChanges)
    }
}
