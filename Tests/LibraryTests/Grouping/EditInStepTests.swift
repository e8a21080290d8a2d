import Testing
@testable import Library

/// An edit updates the groups, smart folders, folder trees and search index for the photos it
/// changes only (point 9 of issue 18); each must come out exactly as building it again from
/// the edited library would: favourites, date shifts across folders, making and emptying
/// folders, places, descriptions (renaming and emptying groups), undo and redo.
@Suite struct EditInStepTests {
    /// Description spellings that group together, photos in Other, dates over years with ties
    /// broken by path, unknown dates, places, favourites, a missing photo, two imports.
    static func library() -> PhotoLibrary {
        let descriptions: [String?] = ["Zoo trip", nil, "Beach", "zoo  TRIP", "apples", "beach", nil, "Éclair"]
        let places: [GPSPosition?] = [rio, nil, lisbon, GPSPosition(latitude: 1, longitude: 1), saoPaulo, nil]
        var photos: [Photo] = []
        for i in 0..<40 {
            var made = photo(String(format: "p%02d", i), path: "/p/\(i % 7)/\(39 - i).jpg",
                             description: descriptions[(i * 3) % descriptions.count],
                             takenAt: String(format: "20%02d-%02d-%02dT10:00:00", 19 + i % 4, 1 + (i * 5) % 12, 1 + i % 3),
                             gps: places[i % places.count], favourite: i % 9 == 0, missing: i == 17,
                             importedAt: i < 30 ? 1 : 2)
            if i % 13 == 5 { made.fileTakenAt = nil }
            photos.append(made)
        }
        // The only photo of its year and month.
        photos.append(photo("lonely", path: "/p/lonely.jpg", description: "Lonely", takenAt: "2010-06-01T10:00:00"))
        return PhotoLibrary(photos: photos)
    }

    /// The library, folder trees of every grouping and search index, updated edit by edit.
    struct Derived {
        var library: PhotoLibrary
        var trees: [GroupingKind: FolderTree]
        var index: SearchIndex
        /// Results of each query in each order, kept in step photo by photo.
        var results: [String: [PhotoSort: [String]]] = [:]

        static let queries = ["zoo", "beach trip", "-zoo", "is:favourite", "is:edited", "-is:missing", "place:lisbon",
                              "place:brazil", "group:\"zoo trip\"", "group:beach", "group:\"brand new\"", "year:2020",
                              "date:2021-06", "year:2031", "lonely", "camera:x", "p", "-p"]

        init(_ library: PhotoLibrary) {
            self.library = library
            trees = Dictionary(uniqueKeysWithValues: GroupingKind.allCases.map {
                ($0, FolderTree(library: library, kind: $0, places: testPlaces))
            })
            index = SearchIndex(library: library, places: testPlaces)
            // Orders made before the edits are kept in step too.
            for sort in PhotoSort.allCases { _ = index.search(SearchQuery(terms: []), sort: sort) }
            for text in Self.queries {
                for sort in PhotoSort.allCases { results[text, default: [:]][sort] = try? index.search(text, sort: sort) }
            }
        }

        /// Does `edit` on the library and updates the rest for the photos it touches.
        mutating func edit(touching ids: [String], _ edit: (inout PhotoLibrary) -> Void) {
            let old = ids.compactMap { library.photo(id: $0) }
            edit(&library)
            let new = old.compactMap { library.photo(id: $0.id) }
            for kind in GroupingKind.allCases where !trees[kind]!.update(old: old, new: new, in: library) {
                trees[kind] = FolderTree(library: library, kind: kind, places: testPlaces)
            }
            for (text, bySort) in results {
                for (sort, found) in bySort {
                    var kept = found
                    index.remove(ids, from: &kept, sort: sort, in: library)
                    results[text]![sort] = kept
                }
            }
            index.update(new, in: library)
            for (text, bySort) in results {
                for (sort, found) in bySort {
                    var kept = found
                    index.add(ids, to: &kept, matching: try! SearchQuery(parsing: text), sort: sort, in: library)
                    results[text]![sort] = kept
                }
            }
        }

        mutating func apply(_ step: EditStep) {
            #expect(!step.changes.isEmpty, "\(step.label): changes something")
            edit(touching: step.changes.map(\.photoID)) { $0.apply(step) }
        }

        mutating func undo() {
            let ids = library.history.undo.last?.changes.map(\.photoID) ?? []
            edit(touching: ids) { $0.undo() }
        }

        mutating func redo() {
            let ids = library.history.redo.last?.changes.map(\.photoID) ?? []
            edit(touching: ids) { $0.redo() }
        }

        /// Everything equals what building it again from the edited library gives.
        func expectAsBuiltAgain(_ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
            let rebuilt = PhotoLibrary(photos: library.photos, history: library.history)
            #expect(library.groups == rebuilt.groups, "\(what): groups", sourceLocation: sourceLocation)
            #expect(library.smartGroups == rebuilt.smartGroups, "\(what): smart folders", sourceLocation: sourceLocation)
            #expect(library.homeFolders == rebuilt.homeFolders, "\(what): home folders", sourceLocation: sourceLocation)
            #expect(library == rebuilt, "\(what): the whole library", sourceLocation: sourceLocation)
            for kind in GroupingKind.allCases {
                #expect(trees[kind]! == FolderTree(library: library, kind: kind, places: testPlaces),
                        "\(what): folders by \(kind)", sourceLocation: sourceLocation)
            }
            let fresh = SearchIndex(library: library, places: testPlaces)
            for text in Self.queries {
                guard let query = try? SearchQuery(parsing: text) else {
                    Issue.record("\(text) does not parse", sourceLocation: sourceLocation)
                    continue
                }
                for sort in PhotoSort.allCases {
                    #expect(index.search(query, sort: sort) == fresh.search(query, sort: sort),
                            "\(what): search \(text) by \(sort)", sourceLocation: sourceLocation)
                    #expect(results[text]?[sort] == fresh.search(query, sort: sort),
                            "\(what): results of \(text) by \(sort) kept in step", sourceLocation: sourceLocation)
                }
            }
        }

        /// Undoes `count` steps, then redoes them, each as a build would give.
        mutating func undoAndRedoAll(_ count: Int, sourceLocation: SourceLocation = #_sourceLocation) {
            for round in 0..<count {
                undo()
                expectAsBuiltAgain("undo \(round)", sourceLocation: sourceLocation)
            }
            for round in 0..<count {
                redo()
                expectAsBuiltAgain("redo \(round)", sourceLocation: sourceLocation)
            }
        }

        var planner: EditPlanner { EditPlanner(library: library) }
        func ids(described description: String) -> [String] {
            library.photos.filter { $0.description.map(DescriptionResolver.groupKey) == DescriptionResolver.groupKey(description) }.map(\.id)
        }
    }

    @Test func favouritesJoinAndLeaveTheSmartFolder() {
        var derived = Derived(Self.library())
        derived.apply(derived.planner.toggleFavourite(["p03"]))
        derived.expectAsBuiltAgain("one favourite more")
        let favourites = derived.library.photos.filter(\.isFavourite).map(\.id)
        derived.apply(derived.planner.setFavourite(favourites, false))
        #expect(derived.library.smartGroups.allSatisfy { $0.id != PhotoGroup.favouritesID })
        derived.expectAsBuiltAgain("no favourites left")
        derived.apply(derived.planner.setFavourite(["p21", "p22"], true))
        derived.expectAsBuiltAgain("favourites again")
        derived.undoAndRedoAll(2)
    }

    @Test func dateShiftsMoveBetweenFoldersMakeAndEmptyThem() throws {
        var derived = Derived(Self.library())
        derived.apply(derived.planner.shiftDate(["p01", "p02", "p09"], by: TimeShift(seconds: 3 * 3600)))
        derived.expectAsBuiltAgain("3 photos shifted by 3 hours")
        derived.apply(derived.planner.shiftDate(["p01", "p02", "p09"], by: TimeShift(months: 5)))
        derived.expectAsBuiltAgain("shifted across months and years")
        derived.apply(derived.planner.setDate(["lonely"], to: try DateInput(parsing: "2031-02-03 04:05")))
        derived.expectAsBuiltAgain("the only photo of a year to a new year")
        derived.apply(derived.planner.setDate(["p05", "p18"], to: try DateInput(parsing: "2021-06-07 08:09")))
        derived.expectAsBuiltAgain("undated photos get a date")
        derived.apply(derived.planner.shiftDate(["p00", "p04", "p08", "p12"], by: TimeShift(seconds: -86_400 * 400)))
        derived.expectAsBuiltAgain("favourites and missing shifted back")
        derived.undoAndRedoAll(5)
    }

    @Test func placesMoveBetweenCountriesAndCities() {
        var derived = Derived(Self.library())
        derived.apply(derived.planner.setLocation(["p01", "p07"], to: lisbon, name: "Lisbon"))
        derived.expectAsBuiltAgain("to Lisbon")
        derived.apply(derived.planner.setLocation(["p00", "p06", "p12"], to: nil))
        derived.expectAsBuiltAgain("places cleared")
        let brazil = derived.library.photos.filter { $0.gps == saoPaulo }.map(\.id)
        derived.apply(derived.planner.setLocation(brazil, to: rio, name: "Rio"))
        derived.expectAsBuiltAgain("São Paulo emptied")
        derived.undoAndRedoAll(2)
    }

    @Test func descriptionsMakeRenameAndEmptyGroups() {
        var derived = Derived(Self.library())
        derived.apply(derived.planner.setDescription(["p01", "p02"], to: "Brand new"))
        derived.expectAsBuiltAgain("a new group")
        // The group is named by its first photo in library order: that one leaves.
        let zoo = derived.ids(described: "zoo trip")
        let namer = derived.library.photos.first { zoo.contains($0.id) }!
        derived.apply(derived.planner.setDescription([namer.id], to: "apples"))
        derived.expectAsBuiltAgain("the group's namer left")
        derived.apply(derived.planner.setDescription([namer.id], to: "ZOO TRIP"))
        derived.expectAsBuiltAgain("the namer came back spelt otherwise")
        derived.apply(derived.planner.setDescription(derived.ids(described: "beach"), to: ""))
        derived.expectAsBuiltAgain("Beach emptied into Other")
        derived.apply(derived.planner.setDescription(derived.library.photos.filter { $0.description == nil }.map(\.id), to: "Everything else"))
        derived.expectAsBuiltAgain("Other emptied")
        derived.undoAndRedoAll(5)
    }

    /// An import's batches reaching an open browser (`insert` of new photos only): each photo
    /// joins its group in date order, new groups are made and named, the smart folders follow
    /// ("Recently imported" becomes the new import), exactly as grouping the library whole.
    @Test func photosAddedJoinTheirGroupsAsAWholeGroupingWould() {
        func photo(_ i: Int, importedAt: Double, favourite: Bool = false) -> Photo {
            var photo = samplePhoto(String(format: "%04d", i),
                                    description: i % 4 == 0 ? nil : ["Trip", "trip ", "Harbour", "New \(i % 3)"][i % 4],
                                    takenAt: i % 11 == 0 ? "" : "2024-0\(1 + i % 5)-0\(1 + i % 7)T10:00:00")
            photo.importedAt = importedAt
            if favourite { photo.edits.favourite = true }
            return photo
        }
        let base = (0..<120).filter { $0 % 4 != 3 }.map { photo($0, importedAt: 1000, favourite: $0 % 13 == 0) }
        var library = PhotoLibrary(photos: base)
        var all = base
        for batch in 0..<4 {
            let added = (120 + batch * 40..<160 + batch * 40).map { photo($0, importedAt: 2000, favourite: $0 % 17 == 0) }
            library.insert(ImportedPhotos(photos: added))
            all += added
            let whole = PhotoLibrary(photos: all)
            #expect(library.photos == whole.photos)
            #expect(library.groups == whole.groups, "batch \(batch)")
            #expect(library.smartGroups == whole.smartGroups, "batch \(batch)")
            #expect(library.homeFolders == whole.homeFolders)
            #expect(library.photo(path: added[5].path)?.id == added[5].id)
        }
        // The earliest photos' groups ("Trip", "Harbour") kept their names; "New 1" etc. came new.
        #expect(library.groups.map(\.name).contains("New 0"))
    }
}
