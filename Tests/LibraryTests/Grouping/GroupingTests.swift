import Testing
@testable import Library

@Suite struct GroupingTests {
    /// Names of the top-level folders, each with its count.
    private func summary(_ folders: [PhotoFolder]) -> [String] { folders.map { "\($0.name) \($0.count)" } }

    @Test func descriptionGroupingEqualsTheLibrarysGroups() {
        // Mixed spellings of one description, photos without one, equal dates broken by path,
        // names that sort differently by case.
        var photos: [Photo] = []
        let descriptions: [String?] = ["zoo trip", nil, "Beach", "Zoo  Trip", "apples", "beach", nil, "Éclair", "éclair", "b"]
        for i in 0..<60 {
            photos.append(photo(String(format: "%015x", i * 7919), path: "/p/\(59 - i).jpg",
                                description: descriptions[(i * 7) % descriptions.count],
                                takenAt: String(format: "2024-01-%02dT10:00:00", 1 + (i * 13) % 5)))
        }
        let library = PhotoLibrary(photos: photos)
        let tree = FolderTree(library: library, grouping: DescriptionGrouping())
        #expect(tree.folders.map(\.group) == library.groups)
        #expect(tree.folders.allSatisfy { $0.children.isEmpty })
        #expect(tree.folders.last?.isCatchAll == true)
    }

    @Test func dateGroupingMakesYearsOfMonthsNewestFirstUndatedLast() throws {
        var yearOnly = photo("scan", takenAt: "2004-01-01T00:00:00")
        yearOnly.edits.date = EditedDate(value: "2018-01-01T00:00:00", precision: .year)
        let library = PhotoLibrary(photos: [
            photo("a", takenAt: "2018-07-04T10:00:00"), photo("b", takenAt: "2019-02-01T10:00:00"),
            photo("c", takenAt: "2018-07-01T10:00:00"), photo("d", takenAt: "2018-12-24T18:00:00"),
            photo("e", takenAt: "garbage"), yearOnly,
        ])
        let tree = FolderTree(library: library, kind: .date)
        #expect(summary(tree.folders) == ["2019 1", "2018 4", "Undated 1"])
        let year = tree.folders[1]
        #expect(year.children.map(\.name) == ["December 2018", "July 2018"])
        #expect(year.children[1].photoIDs == ["c", "a"], "oldest first inside")
        #expect(year.photoIDs == ["scan"], "known only to the year: in the year itself")
        #expect(year.allPhotoIDs == ["scan", "c", "a", "d"])
        #expect(year.coverID == "scan")
        #expect(year.group.dateRange == "2018-01-01 – 2018-12-24")
        #expect(tree.folder(id: "m2018-07")?.count == 2)
        #expect(tree.ancestry(of: "m2018-12").map(\.name) == ["2018", "December 2018"])
        #expect(tree.folders.last?.id == "undated")
    }

    /// A web photo not downloaded yet has no date: "Undated", not the month it was imported in;
    /// a date its feed gave files it by that date.
    @Test func dateGroupingFilesAnUnknownDateUnderUndated() throws {
        var lazy = photo("lazy")
        (lazy.fileTakenAt, lazy.fileTakenAtSource, lazy.isDownloaded) = (nil, nil, false)
        var fed = lazy
        fed.id = "fed"
        (fed.fileTakenAt, fed.fileTakenAtSource) = ("2019-06-05T14:03:22", .feed)
        let library = PhotoLibrary(photos: [photo("a", takenAt: "2018-07-04T10:00:00"), lazy, fed])
        let tree = FolderTree(library: library, kind: .date)
        #expect(summary(tree.folders) == ["2019 1", "2018 1", "Undated 1"])
        #expect(tree.folders[2].photoIDs == ["lazy"])
        #expect(tree.folders[2].group.dateRange == "date unknown")
        #expect(library.groups[0].dateRange == "2018-07-04 – 2019-06-05", "the span of the known dates")
    }

    @Test func cameraGroupingByMakeAndModelUnknownLast() {
        let library = PhotoLibrary(photos: [
            photo("1", make: "Canon", model: "Canon EOS 6D"), photo("2"), photo("3", make: "Apple", model: "iPhone 12"),
            photo("4", make: "CANON", model: "CANON EOS 6D"), photo("5", make: "NIKON CORPORATION", model: "NIKON D750"),
        ])
        let tree = FolderTree(library: library, kind: .camera)
        #expect(summary(tree.folders) == ["Apple iPhone 12 1", "Canon EOS 6D 2", "NIKON D750 1", "Unknown camera 1"])
    }

    @Test func placeGroupingByCountryThenCityNoLocationLast() {
        let nowhere = GPSPosition(latitude: 0, longitude: -160)
        let library = PhotoLibrary(photos: [
            photo("rio1", gps: rio), photo("sp", gps: saoPaulo), photo("lis", gps: lisbon), photo("none"),
            photo("rio2", gps: rio), photo("sea", gps: nowhere),
        ])
        let tree = FolderTree(library: library, kind: .place, places: testPlaces)
        #expect(summary(tree.folders) == ["Brazil 3", "Portugal 1", "Unknown place 1", "No location 1"])
        #expect(summary(tree.folders[0].children) == ["Rio de Janeiro 2", "São Paulo 1"])
        let blind = FolderTree(library: library, kind: .place)
        #expect(summary(blind.folders) == ["Unknown place 5", "No location 1"], "no lookup: no names, positions still told apart")
    }

    @Test func folderGroupingIsTheTreeBelowTheSharedFolder() throws {
        let library = PhotoLibrary(photos: [
            photo("loose", path: "/home/a/Pictures/x.jpg"),
            photo("t10", path: "/home/a/Pictures/Trip 10/1.jpg"),
            photo("t2", path: "/home/a/Pictures/Trip 2/1.jpg"),
            photo("deep", path: "/home/a/Pictures/Trip 2/raw/1.jpg"),
        ])
        let grouping = FolderGrouping(library: library)
        #expect(grouping.root == "/home/a/Pictures")
        let tree = FolderTree(library: library, grouping: grouping)
        #expect(summary(tree.folders) == ["Pictures 1", "Trip 2 2", "Trip 10 1"])
        let trip2 = tree.folders[1]
        #expect(trip2.photoIDs == ["t2"])
        #expect(summary(trip2.children) == ["raw 1"])
        #expect(trip2.allPhotoIDs.sorted() == ["deep", "t2"])

        let apart = FolderTree(library: PhotoLibrary(photos: [photo("1", path: "/mnt/a.jpg"), photo("2", path: "/home/b.jpg")]),
                               kind: .folder)
        #expect(summary(apart.folders) == ["home 1", "mnt 1"])
    }

    /// A folder holding nothing but one folder is one step with it: home › anna › Pictures ›
    /// 2019 is one folder "home/anna/Pictures/2019"; a folder with photos of its own, or with
    /// two folders, stays a step; a feed and its only album stay apart.
    @Test func folderGroupingJoinsSingleFolderChains() throws {
        var web = photo("w", path: "/var/photory/downloads/w.jpg")
        web.feedURL = "http://127.0.0.1:8080/feed.json"
        web.albumID = "1"
        let library = PhotoLibrary(photos: [
            photo("a", path: "/home/anna/Pictures/2019/a.jpg"), photo("b", path: "/home/anna/Pictures/2019/June/b.jpg"),
            photo("c", path: "/home/anna/Pictures/2019/July/x/y/c.jpg"), photo("m", path: "/mnt/card/DCIM/100/m.jpg"),
            web,
        ])
        let tree = FolderTree(library: library, kind: .folder)
        #expect(summary(tree.folders) == ["127.0.0.1:8080/feed.json 1", "home/anna/Pictures/2019 3", "mnt/card/DCIM/100 1"])
        let year = tree.folders[1]
        #expect(year.photoIDs == ["a"])
        #expect(summary(year.children) == ["July/x/y 1", "June 1"])
        #expect(summary(tree.folders[0].children) == ["Album 1 1"])
        // The joined folder keeps the innermost folder's id, and it is one step from the top.
        #expect(year.id == FolderGrouping(root: "/").folder(for: ["home", "anna", "Pictures", "2019"]).id)
        #expect(tree.ancestry(of: year.children[0].id).map(\.name) == ["home/anna/Pictures/2019", "July/x/y"])
    }

    /// Web photos are grouped by where they came from: a folder per feed, an album folder
    /// each; their downloads folder does not pull the shared root up to "/".
    @Test func feedPhotosGetAFolderPerFeedAndAlbum() throws {
        func web(_ id: String, album: String?) -> Photo {
            var photo = photo(id, path: "/home/a/.local/share/photory/downloads/127.0.0.1_8080/\(id).jpg")
            photo.feedURL = "http://127.0.0.1:8080/feed.json"
            photo.albumID = album
            return photo
        }
        let library = PhotoLibrary(photos: [
            photo("t2", path: "/home/a/Pictures/Trip 2/1.jpg"), photo("t10", path: "/home/a/Pictures/Trip 10/1.jpg"),
            web("w1", album: "10"), web("w2", album: "2"), web("w3", album: "2"), web("w4", album: nil),
        ])
        let grouping = FolderGrouping(library: library)
        #expect(grouping.root == "/home/a/Pictures")
        let tree = FolderTree(library: library, grouping: grouping)
        #expect(summary(tree.folders) == ["127.0.0.1:8080/feed.json 4", "Trip 2 1", "Trip 10 1"])
        let feed = tree.folders[0]
        #expect(feed.photoIDs == ["w4"], "a photo without an album is in the feed's own folder")
        #expect(summary(feed.children) == ["Album 2 2", "Album 10 1"])
        #expect(feed.allPhotoIDs.count == 4)
    }

    @Test func idsAreStableAndUniqueAcrossTheTree() {
        let library = PhotoLibrary(photos: [
            photo("1", path: "/r/a/a/1.jpg"), photo("2", path: "/r/a/2.jpg"), photo("3", path: "/r/b/a/3.jpg"),
        ])
        for kind in GroupingKind.allCases {
            let tree = FolderTree(library: library, kind: kind)
            var ids: [String] = []
            func walk(_ folders: [PhotoFolder]) { for f in folders { ids.append(f.id); walk(f.children) } }
            walk(tree.folders)
            #expect(Set(ids).count == ids.count, "\(kind)")
            #expect(FolderTree(library: library, kind: kind) == tree, "\(kind): the same again")
        }
    }

    @Test func everyKindCyclesBackToDescription() {
        var kind = GroupingKind.description
        var seen: [GroupingKind] = []
        repeat { seen.append(kind); kind = kind.next } while kind != .description
        #expect(seen == GroupingKind.allCases)
    }
}
