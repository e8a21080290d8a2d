import Library
import Testing
@testable import TUI

/// A library read behind the first frame (issue 26, "Scale"): the home grid from the store's
/// aggregate, covers and a folder's screens read as the user gets to them, edits on what is
/// read, and the whole library taking over without moving the user.
@Suite struct ReadBehindTests {
    /// What `LibraryPaging.descriptionSummaries()` gives for `library`.
    static func summaries(of library: PhotoLibrary) -> [DescriptionSummary] {
        library.groups.map { group in
            DescriptionSummary(key: group.isOther ? "" : DescriptionResolver.groupKey(group.name), name: group.name,
                               count: group.count, firstTakenAt: group.firstTakenAt, lastTakenAt: group.lastTakenAt,
                               coverID: group.coverID)
        }
    }

    /// A browser on an empty stand-in library, reading `TestLibrary.standard()` behind.
    static func reading(grouping: GroupingKind = .description) -> AppState {
        var remembered = RememberedState()
        remembered.grouping = grouping
        var state = TestLibrary.state(PhotoLibrary(), remembered: remembered)
        state.readingBehind = ReadingBehind(summaries: summaries(of: TestLibrary.standard()))
        return state
    }

    static func photos(_ ids: [String]) -> [Photo] {
        let library = TestLibrary.standard()
        return ids.compactMap { library.photo(id: $0) }
    }

    static func reads(_ effects: [Effect]) -> [PagedRead] {
        effects.compactMap { if case let .readPaged(read) = $0 { read } else { nil } }
    }

    @Test func theHomeGridComesFromTheSummariesAndAFolderIsReadAScreenAtATime() throws {
        var state = Self.reading()
        let whole = TestLibrary.standard()
        // The first follow-up asks for the covers, once.
        let covers = Self.reads(state.followUp())
        #expect(covers == [.covers(whole.groups.map(\.coverID))])
        #expect(Self.reads(state.followUp()).isEmpty)
        #expect(state.homeFolders.map(\.name) == whole.groups.map(\.name))
        #expect(state.homeFolders.map(\.count) == [1, 30, 5, 3])
        var grid = AppView.render(state)
        #expect(grid.lines()[0].hasPrefix("photory · Home · by description · 4 groups · 39 photos"))
        #expect(grid.text.contains("Garden"), "the folders are there before any photo is read")
        #expect(grid.text.contains("30 photos · 2024-05-10"), "with their counts and dates")
        state.send(.pagedRead(covers[0], .success(Library.FolderPage(photos: Self.photos(whole.groups.map(\.coverID)), next: nil))))
        #expect(state.library.photos.count == 4, "the covers only")
        #expect(state.homeFolders.map(\.count) == [1, 30, 5, 3], "the counts stay the aggregate's")

        // Garden: its first screen is asked for as it opens, and shown when it comes.
        let garden = whole.groups[1]
        state.press(.right)
        let opened = Self.reads(state.press(.enter))
        let gardenKey = DescriptionResolver.groupKey(garden.name)
        #expect(opened == [.page(folderID: garden.id, descriptionKey: gardenKey, after: nil, limit: ReadingBehind.pageSize)])
        #expect(state.screen == .group(id: garden.id))
        grid = AppView.render(state)
        #expect(grid.lines()[0].contains("30 photos"))
        #expect(grid.text.contains("Reading the photos…"))
        let first = Self.photos(Array(garden.photoIDs.prefix(20)))
        let next = FolderPageKey(try #require(first.last))
        let more = Self.reads(state.send(.pagedRead(opened[0], .success(Library.FolderPage(photos: first, next: next)))))
        #expect(state.currentGroup?.photoIDs == Array(garden.photoIDs.prefix(20)))
        // Within `readAhead` of the end of what is read: the next screen is asked for at once.
        #expect(more == [.page(folderID: garden.id, descriptionKey: gardenKey, after: next, limit: ReadingBehind.pageSize)])
        #expect(Self.reads(state.press(.right)).isEmpty, "one read at a time")
        state.send(.pagedRead(more[0], .success(Library.FolderPage(photos: Self.photos(Array(garden.photoIDs.dropFirst(20))), next: nil))))
        #expect(state.currentGroup?.photoIDs == garden.photoIDs)
        #expect(Self.reads(state.press(.down)).isEmpty, "the whole folder is read")
        grid = AppView.render(state)
        #expect(grid.lines()[0].contains(" of 30"), "the position counts every photo read")

        // An edit on a photo read works as on any photo, and is saved.
        let selected = try #require(state.selectedPhotoID)
        let favourite = state.press(.char("f"))
        guard case let .saveEdits(_, sequence)? = favourite.first else {
            Issue.record("the favourite is saved: \(favourite)")
            return
        }
        #expect(state.library.photo(id: selected)?.isFavourite == true)
        state.send(.editsSaved(.success(Msg.EditsSaved(journalSequence: 1)), through: sequence))

        // The whole library comes (read before the favourite was saved): it takes over, the
        // favourite stays, the user stays on the same photo of the same folder.
        state.send(.libraryLoaded(.success(whole)))
        #expect(state.readingBehind == nil)
        #expect(state.library.photos.count == whole.photos.count)
        #expect(state.library.photo(id: selected)?.isFavourite == true)
        #expect(state.screen == .group(id: garden.id))
        #expect(state.selectedPhotoID == selected)
        #expect(state.status == "Library read: 39 photos")
        #expect(Self.reads(state.followUp()).isEmpty)
    }

    @Test func aFailedReadIsSaidAndAskedAgainAfterAKey() throws {
        var state = Self.reading()
        state.followUp()
        state.press(.right)
        let opened = Self.reads(state.press(.enter))
        #expect(opened.count == 1)
        state.send(.pagedRead(opened[0], .failure(Failure("could not connect to server"))))
        #expect(state.status?.contains("could not connect to server") == true)
        #expect(Self.reads(state.send(.resized(columns: 80, rows: 24))).isEmpty, "not again at every message")
        #expect(Self.reads(state.press(.right)).count == 1, "asked again after a key")
    }

    @Test func whatNeedsEveryPhotoWaitsAndSaysWhy() {
        var state = Self.reading(grouping: .date)
        #expect(state.homeFolders.isEmpty)
        let grid = AppView.render(state)
        #expect(grid.text.contains("Reading 39 photos…"))
        #expect(grid.text.contains("The folders by date show once every photo is read"))
        #expect(!grid.text.contains("Your library is empty"))
        state = Self.reading()
        state.press(.char("/"))
        #expect(state.status == "Still reading 39 photos: search works once every photo is read")
        #expect(!state.isSearchLineOpen)
        #expect(state.press(.function(5)).isEmpty, "not read twice")
        #expect(state.status == "Reading 39 photos already: the library shows once every photo is read")
    }

    /// The folder selected while reading stays selected when the whole library takes over, its
    /// smart folders coming before it; nothing is made of the photos read meanwhile.
    @Test func theSelectedFolderStaysSelectedWhenTheLibraryComes() throws {
        var state = Self.reading()
        state.press(.right, .right)
        let tokyo = state.homeFolders[state.homeCursor.selected].id
        #expect(state.followUp().allSatisfy { if case .readPaged = $0 { true } else { false } }, "no tree, index or memories")
        state.send(.libraryLoaded(.success(TestLibrary.standard())))
        #expect(state.homeFolders.count > 4, "the smart folders come")
        #expect(state.homeFolders[state.homeCursor.selected].id == tokyo)
    }

    /// Marking all, or an album of a whole folder, acts on every photo of it: it waits until the
    /// folder is read to its end. The chosen sort is not claimed while the folder is in date order.
    @Test func wholeFolderActionsWaitForTheFolderAndTheSortIsNotClaimed() throws {
        var remembered = RememberedState()
        remembered.sort = .newestFirst
        var state = TestLibrary.state(PhotoLibrary(), remembered: remembered)
        state.readingBehind = ReadingBehind(summaries: Self.summaries(of: TestLibrary.standard()))
        let garden = TestLibrary.standard().groups[1]
        state.press(.right)
        let opened = Self.reads(state.press(.enter))
        let half = Self.photos(Array(garden.photoIDs.prefix(15)))
        let next = Self.reads(state.send(.pagedRead(opened[0], .success(Library.FolderPage(photos: half, next: FolderPageKey(half[14]))))))
        #expect(!AppView.render(state).lines()[0].contains("sorted by"), "in date order while read a screen at a time")
        state.press(.char("A"))
        #expect(state.marks.isEmpty)
        #expect(state.status == "Still reading this folder (15 of 30 photos read): A works on all of them once they are read")
        state.press(.char(" "))
        state.press(.char("S"))
        #expect(state.status?.hasPrefix("Still reading this folder") == true, "a slideshow of the folder, marks or not")
        state.press(.char("W"))
        #expect(state.status == "Still reading 39 photos: edits can be written into the files once every photo is read")
        state.send(.pagedRead(next[0], .success(Library.FolderPage(photos: Self.photos(Array(garden.photoIDs.dropFirst(15))), next: nil))))
        state.press(.char("A"))
        #expect(state.marks.count == 30, "the whole folder is read: all of it")
    }
}

extension CellGrid {
    /// Every line, one string.
    fileprivate var text: String { lines().joined(separator: "\n") }
}
