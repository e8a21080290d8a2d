import Foundation
import Library
import Testing
@testable import TUI

/// Web photos in the browser: originals downloaded when the detail view shows them (and the
/// neighbours fetched ahead) with a line on the photo while they come; `R` refreshes the feeds;
/// the info panel names the source; the overlay shows the phase, bytes, speed and URL.
@Suite struct WebPhotoTests {
    static let feed = "http://127.0.0.1:8080/feed.json"

    /// A feed of `count` photos titled "Harbour", none downloaded yet: no size and no date
    /// until the original comes, laid out by a 150×100 thumbnail.
    static func webPhoto(_ number: Int, downloaded: Bool = false) -> Photo {
        let url = "http://127.0.0.1:8080/img/\(number).jpg"
        var photo = Photo(id: Photo.webID(for: url), path: "/data/photory/downloads/127.0.0.1_8080/x-\(number).jpg",
                          fileSize: 0, fileModified: 0, width: 0, height: 0, takenAt: nil, takenAtSource: nil,
                          description: "Harbour", descriptionSource: .feed, importedAt: 1_800_000_000)
        (photo.thumbnailWidth, photo.thumbnailHeight) = (150, 100)
        photo.sourceURL = url
        photo.feedURL = feed
        photo.albumID = "1"
        photo.isDownloaded = false
        if downloaded { photo = Self.downloaded(photo, takenAt: String(format: "2026-11-01T10:%02d:00", number)) }
        return photo
    }

    /// `photo` with its original downloaded: 600×400, taken at `takenAt`.
    static func downloaded(_ photo: Photo, takenAt: String) -> Photo {
        var file = photo
        file.isDownloaded = true
        (file.width, file.height) = (600, 400)
        file.fileSize = 3_000_000
        (file.fileTakenAt, file.fileTakenAtSource) = (takenAt, .dateTimeOriginal)
        return file
    }

    static func library(count: Int = 5) -> PhotoLibrary {
        var library = TestLibrary.standard()
        library.add(contentsOf: (1...count).map { webPhoto($0) })
        return library
    }

    /// The state with the "Harbour" group's detail view open on its photo at `index`.
    static func detail(at index: Int = 0, count: Int = 5) throws -> (AppState, [Effect]) {
        var state = TestLibrary.state(library(count: count), columns: 160, rows: 48)
        let harbour = try #require(state.homeFolders.firstIndex { $0.name == "Harbour" })
        state.openGroup(at: harbour)
        for _ in 0..<index { state.press(.right) }
        let effects = state.press(.enter)
        return (state, effects)
    }

    /// What the last `wantOriginals` effect asked for; nil when none was sent.
    static func downloads(_ effects: [Effect]) -> [String]? {
        effects.compactMap { if case let .wantOriginals(photos) = $0 { photos.map(\.id) } else { nil } }.last
    }

    @Test func openingAPhotoDownloadsItsOriginalAndItsNeighbours() throws {
        let (state, effects) = try Self.detail(at: 2)
        let ids = try #require(state.currentGroup?.photoIDs)
        #expect(Self.downloads(effects) == [ids[2], ids[3], ids[1]], "the photo on screen first, then either side")
        let screen = AppView.render(state).text()
        #expect(screen.contains("Downloading the original…"))
        #expect(screen.contains("original not downloaded yet"))
        #expect(!screen.contains("150×100"), "the size of the original is not known yet")
    }

    @Test func pagingAsksOnlyForWhatIsNotOnItsWay() throws {
        var (state, _) = try Self.detail(at: 0)
        let ids = try #require(state.currentGroup?.photoIDs)
        // The queue hears what is wanted now, the photo on screen first.
        #expect(Self.downloads(state.press(.right)) == [ids[1], ids[2], ids[0]])
        #expect(Self.downloads(state.press(.left)) == [ids[0], ids[1]])
        // What the queue dropped before it started is forgotten, to be asked for again.
        state.send(.originalsDropped([ids[2]]))
        #expect(state.originalDownloads[ids[2]] == nil)
        #expect(state.originalDownloads[ids[1]] != nil)
        // Leaving the photo view: nothing is wanted any more.
        #expect(Self.downloads(state.press(.escape)) == [])
    }

    @Test func theProgressLineFollowsTheBytesAndTheOriginalReplacesTheThumbnail() throws {
        var (state, _) = try Self.detail(at: 0)
        let id = try #require(state.detailPhoto?.id)
        state.send(.originalProgress(photoID: id, WebTransfer(received: 1_500_000, expected: 3_000_000)))
        #expect(AppView.render(state).text().contains("Downloading the original… 50%  1.5 MB of 3.0 MB"))

        // The library as saved: the photo is downloaded, with the file's size and date.
        var photo = try #require(Self.library().photo(id: id))
        photo.isDownloaded = true
        photo.width = 600
        photo.height = 400
        photo.fileSize = 3_000_000
        state.send(.originalDownloaded(photoID: id, .success(photo)))
        #expect(state.detailPhoto?.id == id, "still on the same photo")
        let screen = AppView.render(state).text()
        #expect(!screen.contains("Downloading the original"))
        #expect(screen.contains("600×400"))
        #expect(state.originalDownloads[id] == nil)
    }

    /// The original's date moves the photo within its folder (it was dated by its import
    /// until then): the photo view stays on it, also when the folder comes from a tree built
    /// in the background (the folder grouping).
    @Test func theViewStaysOnThePhotoWhenItsOriginalMovesIt() throws {
        var state = TestLibrary.state(Self.library(), columns: 160, rows: 48, remembered: RememberedState(grouping: .folder))
        state.sendWorking(.resized(columns: 160, rows: 48))
        let feed = try #require(state.homeFolders.firstIndex { $0.name.hasPrefix("127.0.0.1:8080") })
        state.openGroup(at: feed)
        state.pressWorking(.enter)                       // Album 1
        state.pressWorking(.right, .right, .enter)       // the third photo
        let id = try #require(state.detailPhoto?.id)
        guard case .detail(_, 2) = state.screen else { Issue.record("not on the third photo"); return }

        var photo = try #require(Self.library().photo(id: id))
        photo.isDownloaded = true
        photo.fileTakenAt = "1999-01-01T00:00:00"       // now the oldest of its album
        state.sendWorking(.originalDownloaded(photoID: id, .success(photo)))
        #expect(state.detailPhoto?.id == id)
        guard case let .detail(_, index) = state.screen else { Issue.record("left the photo view"); return }
        #expect(index == 0)
        state.pressWorking(.escape)
        #expect(state.selectedPhotoID == id, "the grid's cursor is on it too")
    }

    /// By date, photos not downloaded are "Undated": their originals' dates move them out.
    /// The photo view stays on its photo (opened in its month, which it names) and on the
    /// same photo while a neighbour's original moves the neighbour away.
    @Test func theViewFollowsItsPhotoOutOfUndated() throws {
        var state = TestLibrary.state(Self.library(), columns: 160, rows: 48, remembered: RememberedState(grouping: .date))
        state.sendWorking(.resized(columns: 160, rows: 48))
        let undated = try #require(state.homeFolders.firstIndex { $0.name == "Undated" })
        #expect(state.homeFolders[undated].count == 5, "not filed under the month of the import")
        state.openGroup(at: undated)
        state.pressWorking(.right, .enter)               // the second photo
        let ids = try #require(state.currentGroup?.photoIDs)
        let id = ids[1]
        #expect(state.detailPhoto?.id == id)

        // A neighbour's original comes: it leaves Undated, the view stays on the photo.
        let neighbour = try #require(Self.library().photo(id: ids[0]))
        state.sendWorking(.originalDownloaded(photoID: ids[0], .success(Self.downloaded(neighbour, takenAt: "2001-01-01T00:00:00"))))
        #expect(state.detailPhoto?.id == id)
        #expect(state.currentGroup?.name == "Undated")

        // Its own original comes: it moves to June 2019, and the view with it.
        let photo = try #require(Self.library().photo(id: id))
        state.sendWorking(.originalDownloaded(photoID: id, .success(Self.downloaded(photo, takenAt: "2019-06-05T14:03:22"))))
        #expect(state.detailPhoto?.id == id, "still on the same photo")
        #expect(state.currentGroup?.name == "June 2019")
        #expect(AppView.render(state).text().contains("Moved to 2019 › June 2019"))
        state.pressWorking(.escape)
        #expect(state.selectedPhotoID == id, "the month's grid has it selected")
        state.pressWorking(.escape)
        #expect(state.currentGroup?.name == "2019")
    }

    /// A download changes its photo only; a library read from disk before it was saved (an
    /// import, a reload, an edit's save arriving late) does not take it back.
    @Test func aDownloadedOriginalIsKeptWhenAnOlderLibraryArrives() throws {
        var (state, _) = try Self.detail(at: 0)
        let id = try #require(state.detailPhoto?.id)
        // The browser found a file missing since the library was saved: that stays known.
        let garden = try #require(state.library.photos.first { $0.name == "garden-01.jpg" })
        state.send(.missingChecked(missing: [garden.path], checked: [garden.path]))
        var photo = try #require(Self.library().photo(id: id))
        photo.isDownloaded = true
        photo.width = 600
        state.send(.originalDownloaded(photoID: id, .success(photo)))
        #expect(state.library.photo(id: garden.id)?.missing == true)

        let effects = state.send(.libraryLoaded(.success(Self.library())))   // saved before the download
        #expect(state.detailPhoto?.isDownloaded == true)
        #expect(Self.downloads(effects) == nil || Self.downloads(effects)?.contains(id) == false)
        #expect(AppView.render(state).text().contains("600×"))
    }

    @Test func aFailedDownloadSaysWhyAndIsNotRetriedUntilTheUserComesBack() throws {
        var (state, _) = try Self.detail(at: 0)
        let id = try #require(state.detailPhoto?.id)
        state.send(.originalDownloaded(photoID: id, .failure(Failure("http://127.0.0.1:8080/img/1.jpg: the server answered 404 Not Found"))))
        let screen = AppView.render(state).text()
        #expect(screen.contains("Could not download the original: http://127.0.0.1:8080/img/1.jpg: the server answered 404"))
        // Paging away and back does not ask again; leaving the photo view and coming back does.
        state.press(.right)
        #expect(Self.downloads(state.press(.left))?.contains(id) == false)
        state.press(.escape)
        #expect(Self.downloads(state.press(.enter))?.contains(id) == true)
    }

    @Test func theInfoPanelShowsTheSourceAddressWhole() throws {
        var (state, _) = try Self.detail(at: 0)
        state.press(.char("i"))
        let screen = AppView.render(state).text()
        #expect(screen.contains("Source"))
        #expect(screen.contains("http://127.0.0.1:8080/img/1.jpg"))
    }

    @Test func aPhotoNotDownloadedIsNamedByItsAddressAndSaysWhatIsNotKnownYet() throws {
        var (state, effects) = try Self.detail(at: 0)
        #expect(!effects.contains { if case .readDetails = $0 { true } else { false } })
        state.press(.char("i"))
        var screen = AppView.render(state).text()
        #expect(screen.contains("1.jpg  1/5  original not downloaded yet"), "named by its address, not its file")
        #expect(screen.contains("not downloaded yet"))
        #expect(screen.contains("known once the original is downloaded"))
        #expect(!screen.contains("Metadata"))

        // Downloaded: the panel asks for the file's details.
        let id = try #require(state.detailPhoto?.id)
        var photo = try #require(Self.library().photo(id: id))
        photo.isDownloaded = true
        let after = state.send(.originalDownloaded(photoID: id, .success(photo)))
        #expect(after.contains(.readDetails(photoID: id, path: photo.path)))
        screen = AppView.render(state).text()
        #expect(!screen.contains("not downloaded yet"))
    }

    @Test func aPhotoThatLeftItsFeedSaysSo() throws {
        var library = Self.library()
        var gone = Self.webPhoto(2)
        gone.leftFeed = true
        gone.missing = true
        library.update([gone])
        var state = TestLibrary.state(library, columns: 160, rows: 48)
        let harbour = try #require(state.homeFolders.firstIndex { $0.name == "Harbour" })
        state.openGroup(at: harbour)
        #expect(AppView.render(state).text().contains("no longer in its feed"))
    }

    @Test func refreshNeedsAFeedAndRunsInTheOverlay() throws {
        var plain = TestLibrary.state()
        #expect(plain.press(.char("R")) == [])
        #expect(AppView.render(plain).text().contains("No web feeds to refresh"))

        var state = TestLibrary.state(Self.library(), columns: 80, rows: 24)
        #expect(state.press(.char("R")) == [.refreshFeeds])
        state.send(.importProgress(ImportProgress(phase: .feeds, done: 0, total: 1, currentFile: Self.feed), elapsed: 0))
        state.send(.importProgress(ImportProgress(phase: .feeds, done: 0, total: 1, bytesDone: 2_000_000,
                                                  currentFile: Self.feed), elapsed: 2))
        let screen = AppView.render(state).text()
        #expect(screen.contains("Refreshing the web feeds"))
        #expect(screen.contains("Fetching feeds… 1 of 1"))
        #expect(screen.contains("Received 2.0 MB · 1.0 MB/s"))
        #expect(screen.contains(Self.feed))
        state.send(.importFinished(.success(Msg.ImportDone(library: Self.library(), summary: ImportSummary()))))
        #expect(AppView.render(state).text().contains("Refresh finished"))
    }

    @Test func theWebImportOverlayShowsThePhaseBytesSpeedAndURL() {
        var state = TestLibrary.state(columns: 80, rows: 24)
        state.importOverlay = ImportOverlayState()
        state.send(.importProgress(ImportProgress(phase: .thumbnails, done: 0, total: 120), elapsed: 0))
        state.send(.importProgress(ImportProgress(phase: .thumbnails, done: 54, total: 120, bytesDone: 3_400_000,
                                                  currentFile: "http://127.0.0.1:8080/thumbs/54.jpg"), elapsed: 2))
        let screen = AppView.render(state).text()
        #expect(screen.contains("Importing from the web"))
        #expect(screen.contains("Thumbnails 45%  54 of 120"))
        #expect(screen.contains("Received 3.4 MB · 1.7 MB/s"))
        #expect(screen.contains("http://127.0.0.1:8080/thumbs/54.jpg"))
        #expect(screen.contains("Esc cancels (what finished is kept)"))
    }
}
