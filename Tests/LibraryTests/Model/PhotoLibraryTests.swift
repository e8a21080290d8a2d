import Testing
@testable import Library

/// A photo for model tests; only what grouping looks at varies.
func samplePhoto(_ id: String, description: String? = nil, takenAt: String = "2024-01-01T10:00:00",
                 path: String? = nil, missing: Bool = false) -> Photo {
    Photo(id: id, path: path ?? "/photos/\(id).jpg", fileSize: 100, fileModified: 0, width: 40, height: 30,
          takenAt: takenAt, takenAtSource: .dateTimeOriginal, description: description,
          descriptionSource: description == nil ? nil : .exif, missing: missing, importedAt: 0)
}

@Suite struct PhotoLibraryTests {
    /// A step planned on a copy that did not have another writer's edit yet (a browser's edit
    /// saved late, after another machine's) sets only the fields it changes: the other writer's
    /// rating and description stay, through apply, undo and redo.
    @Test func aStepPlannedBeforeAnotherWritersEditKeepsThatEdit() throws {
        let photo = samplePhoto("p")
        let stale = PhotoLibrary(photos: [photo])
        let step = EditPlanner(library: stale).setFavourite(["p"], true)
        var library = stale
        var other = photo.edits
        other.rating = 5
        other.description = "laptop edit"
        library.apply(EditStep(label: "other machine", changes: [.init(photoID: "p", before: photo.edits, after: other)]))
        library.apply(step)
        var edits = try #require(library.photo(id: "p")?.edits)
        #expect(edits.favourite && edits.rating == 5 && edits.description == "laptop edit")
        library.undo(stepID: step.id)
        edits = try #require(library.photo(id: "p")?.edits)
        #expect(!edits.favourite && edits.rating == 5 && edits.description == "laptop edit")
        library.redo(stepID: step.id)
        #expect(library.photo(id: "p")?.edits.favourite == true && library.photo(id: "p")?.edits.rating == 5)
        // Where the photo is as the step saw it, the step's after is what it gets, albums included.
        var inAlbum = PhotoEdits()
        inAlbum.albums = ["a1": 1, "a2": 2]
        var moved = inAlbum
        moved.albums["a2"] = nil
        moved.albums["a3"] = 3
        #expect(inAlbum.applying(from: inAlbum, to: moved) == moved)
    }

    @Test func groupsByNormalisedDescriptionWithOtherLast() {
        let library = PhotoLibrary(photos: [
            samplePhoto("1", description: "zoo trip"),
            samplePhoto("2", description: nil),
            samplePhoto("3", description: "Beach"),
            samplePhoto("4", description: "Zoo  Trip"),
            samplePhoto("5", description: "apples"),
        ])
        #expect(library.groups.map(\.name) == ["apples", "Beach", "zoo trip", "Other"])
        #expect(library.groups.map(\.count) == [1, 1, 2, 1])
        #expect(library.groups.last?.id == PhotoGroup.otherID)
    }

    @Test func groupIdIsStableAndDerivedFromTheKey() {
        let a = PhotoLibrary(photos: [samplePhoto("1", description: "Zoo Trip")])
        let b = PhotoLibrary(photos: [samplePhoto("9", description: "zoo   trip")])
        #expect(a.groups[0].id == b.groups[0].id)
        #expect(a.groups[0].id == PhotoGroup.id(forKey: "zoo trip"))
    }

    @Test func groupOrdersPhotosByDateAndKnowsItsRange() {
        let library = PhotoLibrary(photos: [
            samplePhoto("late", description: "x", takenAt: "2024-03-05T10:00:00"),
            samplePhoto("early", description: "x", takenAt: "2023-12-31T10:00:00"),
        ])
        let group = library.groups[0]
        #expect(group.photoIDs == ["early", "late"])
        #expect(group.coverID == "early")
        #expect(group.dateRange == "2023-12-31 – 2024-03-05")
    }

    @Test func refreshMissingMarksAndUnmarks() {
        var library = PhotoLibrary(photos: [samplePhoto("1"), samplePhoto("2", missing: true)])
        let changed = library.refreshMissing { $0 == "/photos/2.jpg" }
        #expect(changed == 2)
        #expect(library.photo(id: "1")?.missing == true)
        #expect(library.photo(id: "2")?.missing == false)
    }

    @Test func aWebPhotoNotDownloadedIsNotMissingButOneThatLeftItsFeedIs() {
        var lazy = samplePhoto("lazy", path: "/downloads/lazy.jpg")
        lazy.isDownloaded = false
        var gone = samplePhoto("gone", path: "/downloads/gone.jpg")
        gone.isDownloaded = false
        gone.leftFeed = true
        var goneButHere = samplePhoto("here")
        goneButHere.leftFeed = true
        var library = PhotoLibrary(photos: [lazy, gone, goneButHere, samplePhoto("absent", path: "/photos/absent.jpg")])
        let exists: (String) -> Bool = { $0 == "/photos/here.jpg" }

        library.refreshMissing(fileExists: exists)
        #expect(library.photos.filter(\.missing).map(\.id) == ["gone", "here", "absent"])
        #expect(library.missingPaths(fileExists: exists)
            == ["/downloads/gone.jpg", "/photos/here.jpg", "/photos/absent.jpg"])

        // A check made on another copy applies the same rule.
        var other = PhotoLibrary(photos: [lazy, gone, goneButHere, samplePhoto("absent", path: "/photos/absent.jpg")])
        other.setMissing(paths: library.missingPaths(fileExists: exists), checked: Set(other.photos.map(\.path)))
        #expect(other.photos.filter(\.missing).map(\.id) == ["gone", "here", "absent"])
        #expect(other.homeFolders.contains { $0.name == "Missing" && $0.count == 3 })
    }

    @Test func webIDsAreFifteenHexDigitsMadeFromTheURL() {
        let id = Photo.webID(for: "http://example.org/a.jpg")
        #expect(id.count == 15)
        #expect(id.allSatisfy { $0.isHexDigit })
        #expect(id == Photo.webID(for: "http://example.org/a.jpg"))
        #expect(id != Photo.webID(for: "http://example.org/b.jpg"))
    }

    @Test func lookUpByNameIdAndPath() {
        let library = PhotoLibrary(photos: [samplePhoto("1", description: "Zoo")])
        #expect(library.group(named: "zoo")?.count == 1)
        #expect(library.photo(path: "/photos/1.jpg")?.id == "1")
    }
}
