import Testing
@testable import Library

/// Replaying a journal at load regroups once at the end (`deferringGroups`), not after each
/// line: the library must come out exactly as replaying line by line makes it.
@Suite struct DeferredGroupsTests {
    static let photos = (0..<200).map { i in
        samplePhoto(String(format: "%03d", i), description: i % 3 == 0 ? nil : "Trip \(i % 7)",
                    takenAt: "2024-01-\(String(format: "%02d", 1 + i % 28))T10:00:00")
    }

    /// Favourites, a date, descriptions, an undo and a redo, and photos added mid-way.
    static func replay(_ library: inout PhotoLibrary) {
        let planner = { (library: PhotoLibrary) in EditPlanner(library: library) }
        library.apply(planner(library).setFavourite(["001", "002"], true))
        library.apply(planner(library).setDescription(["003", "004"], to: "Boats"))
        library.apply(planner(library).setDate(["005"], to: try! DateInput(parsing: "2004")))
        library.undo()
        library.insert(ImportedPhotos(photos: [samplePhoto("new", description: "Boats")], renamed: []))
        #expect(library.photo(id: "new") != nil, "look-ups by id stay current meanwhile")
        library.apply(planner(library).setDescription(["new", "000"], to: "Harbour"))
        library.redo()
        library.apply(planner(library).setFavourite(["new"], true))
    }

    @Test func regroupingOnceGivesTheSameLibraryAsAfterEachChange() {
        var lineByLine = PhotoLibrary(photos: Self.photos)
        Self.replay(&lineByLine)
        var deferred = PhotoLibrary(photos: Self.photos)
        deferred.deferringGroups { Self.replay(&$0) }
        // (The histories differ only in their steps' ids and times, made anew by each replay.)
        let samePhotos = deferred.photos == lineByLine.photos
        #expect(samePhotos)
        #expect(deferred.groups == lineByLine.groups && deferred.smartGroups == lineByLine.smartGroups
                && deferred.homeFolders == lineByLine.homeFolders)
        #expect(deferred.history.undo.map(\.label) == lineByLine.history.undo.map(\.label))
        #expect(deferred.group(named: "Harbour")?.photoIDs.sorted() == ["000", "new"])
        #expect(deferred.smartGroups.first { $0.id == PhotoGroup.favouritesID }?.count == 3)
    }

    /// An import adds its chunks inside `deferringGroups`: the indexes grow with each chunk
    /// (look-ups by id and path find the new photos at once, the first of two equal paths
    /// still wins) and the library comes out as one built whole.
    @Test func chunksAddedWhileDeferredMatchALibraryBuiltWhole() {
        var chunked = PhotoLibrary(photos: Array(Self.photos.prefix(50)))
        var samePath = samplePhoto("dup", description: "Trip 1")
        samePath.path = Self.photos[60].path
        chunked.deferringGroups { library in
            #expect(library.photo(path: Self.photos[10].path)?.id == "010", "the path index is made")
            for start in stride(from: 50, to: 200, by: 30) {
                library.apply(adding: Array(Self.photos[start..<min(200, start + 30)]))
                #expect(library.photo(id: Self.photos[start].id) != nil)
                #expect(library.photo(path: Self.photos[start].path)?.id == Self.photos[start].id)
            }
            library.apply(adding: [samePath])
            #expect(library.photo(path: samePath.path)?.id == "060", "the first photo at a path wins")
            #expect(library.photo(id: "dup") != nil)
        }
        let whole = PhotoLibrary(photos: Self.photos + [samePath])
        #expect(chunked == whole)
        #expect(chunked.groups == whole.groups && chunked.homeFolders == whole.homeFolders)
        #expect(chunked.photo(path: samePath.path)?.id == "060")
    }

    /// The groups made in one pass (slots, then one date sort of every photo) against a plain
    /// reference: each holds its photos in date order, then path (equal dates are common), is
    /// named after the first description in library order, and spans its known dates.
    @Test func groupsMatchGroupsMadePhotoByPhoto() {
        let photos = (0..<3000).map { i in
            samplePhoto(String(format: "%04d", i), description: i % 5 == 0 ? nil : (i % 2 == 0 ? "Trip \(i % 9)" : "trip  \(i % 9)"),
                        takenAt: "2024-0\(1 + i % 3)-01T10:00:00", path: "/p/\(3000 - i).jpg")
        }
        let library = PhotoLibrary(photos: photos)
        var expected: [String: [Photo]] = [:]
        for photo in photos { expected[PhotoLibrary.groupID(of: photo), default: []].append(photo) }
        #expect(Set(library.groups.map(\.id)) == Set(expected.keys))
        for group in library.groups {
            let members = expected[group.id]!.sorted(by: PhotoSort.precedesByDate)
            #expect(group.photoIDs == members.map(\.id))
            #expect(group.name == (group.isOther ? PhotoGroup.otherName : expected[group.id]![0].description))
            #expect(group.firstTakenAt == members.first!.takenAt && group.lastTakenAt == members.last!.takenAt)
        }
    }
}
