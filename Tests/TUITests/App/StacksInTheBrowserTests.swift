import Library
import Testing
@testable import TUI

/// Stacks in the browser (issue 21) as pure `update` calls and rendered screens: one tile with
/// its badge, Tab in the photo view going through the stack's files, the info panel listing
/// them, `p` on a Live Photo playing its movie, and a favourite taking every file.
@Suite struct StacksInTheBrowserTests {
    /// "Trip": IMG_0001.JPG + IMG_0001.DNG (RAW+JPEG), IMG_0002.HEIC + IMG_0002.MOV (Live, by
    /// content identifier), then a lone photo.
    static func library() -> PhotoLibrary {
        let jpeg = TestLibrary.photo(1, name: "IMG_0001.JPG", description: "Trip", day: 1, takenAt: "2024-05-01T10:00:00")
        var raw = TestLibrary.photo(2, name: "IMG_0001.DNG", description: "Trip", day: 1, takenAt: "2024-05-01T10:00:01")
        raw.kind = .raw
        var still = TestLibrary.photo(3, name: "IMG_0002.HEIC", description: "Trip", day: 2)
        still.appleContentID = "LIVE-1"
        var movie = TestLibrary.photo(4, name: "IMG_0002.MOV", description: "Trip", day: 3, width: 1920, height: 1080)
        (movie.kind, movie.duration, movie.appleContentID) = (.video, 2.5, "LIVE-1")
        let lone = TestLibrary.photo(5, name: "lone.jpg", description: "Trip", day: 4)
        return PhotoLibrary(photos: [jpeg, raw, still, movie, lone])
    }

    static func inTrip(columns: Int = 100, rows: Int = 30) -> AppState {
        var state = TestLibrary.state(library(), columns: columns, rows: rows)
        let trip = state.homeFolders.firstIndex { $0.name == "Trip" }!
        state.openGroup(at: trip)
        return state
    }

    @Test func aStackIsOneTileWithItsBadge() {
        let state = Self.inTrip()
        #expect(state.currentPage?.group.photoIDs.count == 3)
        let screen = AppView.render(state).text()
        #expect(screen.contains("RAW+JPEG"), "\(screen)")
        #expect(screen.contains("LIVE"), "\(screen)")
        #expect(!screen.contains("IMG_0001.DNG") && !screen.contains("IMG_0002.MOV"), "\(screen)")
        #expect(state.homeFolders.first { $0.name == "Trip" }?.photoIDs.count == 3, "the home tile counts stacks once")
    }

    @Test func tabGoesThroughTheStacksFilesAndTheInfoPanelListsThem() {
        var state = Self.inTrip()
        state.press(.enter)
        #expect(state.detailPhoto?.name == "IMG_0001.JPG", "the photo view shows the JPEG")
        state.press(.tab)
        #expect(state.detailPhoto?.name == "IMG_0001.DNG")
        #expect(state.status == "RAW+JPEG 2 of 2: IMG_0001.DNG")
        state.press(.char("i"))
        let screen = AppView.render(state).text()
        #expect(screen.contains("▸ IMG_0001.DNG (raw)") && screen.contains("  IMG_0001.JPG (photo)"), "\(screen)")
        state.press(.tab)
        #expect(state.detailPhoto?.name == "IMG_0001.JPG", "back to the JPEG after the last file")
        state.press(.tab, .right)
        #expect(state.detailPhoto?.name == "IMG_0002.HEIC", "paging on shows the next stack's cover")
        state.press(.right)
        state.press(.tab)
        #expect(state.detailPhoto?.name == "lone.jpg")
        #expect(state.status == "lone.jpg is one file: there is no other to show")
    }

    @Test func pOnALivePhotoPlaysItsMovie() throws {
        var state = Self.inTrip()
        state.press(.enter, .right)
        #expect(state.detailPhoto?.name == "IMG_0002.HEIC")
        state.press(.char("i"))
        #expect(AppView.render(state).text().contains("  IMG_0002.MOV (video, ▶ 0:02)"), "the movie's length in the info panel")
        state.press(.char("i"))
        let request = try #require(VideoPlaybackTests.request(state.press(.char("p"))))
        #expect(request.source == VideoSource(path: "/photos/IMG_0002.MOV"))
        #expect(state.keyContext == .video)
        #expect(AppView.render(state).text().contains("▶ 0:00 / 0:02"))
        state.press(.escape)
        #expect(state.playback == nil)
    }

    @Test func aFavouriteTakesEveryFileOfTheStack() {
        var state = Self.inTrip()
        state.press(.enter)
        state.press(.char("f"))
        #expect(state.library.photos.filter(\.isFavourite).map(\.name).sorted() == ["IMG_0001.DNG", "IMG_0001.JPG"])
        #expect(state.library.group(id: SmartFolder.favourites.id)?.photoIDs.count == 1)
        #expect(state.status == "Favourite 1 photo", "the stack the user sees, not its two files")
    }

    /// The status lines of edits and marks count what the user sees: a stack once, its files riding along.
    @Test func editStatusLinesCountStacksOnce() {
        var state = Self.inTrip()
        state.press(.char("A"))   // the two stacks and the lone photo: three tiles, five files
        state.press(.char("3"))
        #expect(state.status == "3 photos: ★★★☆☆")
        #expect(state.library.photos.filter { $0.rating == 3 }.count == 5, "every file of each stack")
        #expect(state.library.history.undo.last?.label == "rate 3 photos 3 stars")
        state.press(.char("3"))
        #expect(state.status == "3 photos: unchanged")
        state.press(.char("A"))   // none marked
        state.press(.enter)       // the RAW+JPEG stack
        state.press(.tab)         // its RAW shown: still the one stack
        state.press(.char("x"))
        #expect(state.status == "1 photo: ✗ rejected")
        #expect(state.library.history.undo.last?.label == "reject 1 photo")
    }

    /// The Videos smart folder holds videos as the user sees them: a Live Photo's movie is part
    /// of the Live Photo, not a video of its own; a lone video is one.
    @Test func aLivePhotosMovieIsNoVideoOfTheVideosFolder() {
        #expect(!TestLibrary.state(Self.library()).homeFolders.contains { $0.name == "Videos" })
        var photos = Self.library().photos
        var clip = TestLibrary.photo(6, name: "clip.mp4", description: "Trip", day: 5)
        (clip.kind, clip.duration) = (.video, 4)
        photos.append(clip)
        let state = TestLibrary.state(PhotoLibrary(photos: photos))
        let videos = state.homeFolders.first { $0.name == "Videos" }
        #expect(videos?.photoIDs.compactMap { state.library.photo(id: $0)?.name } == ["clip.mp4"])
        #expect(AppView.render(state).text().contains("Videos"))
    }

    /// The Videos folder counts videos: "1 video" on its tile and in its title, "video 1 of 1".
    @Test func theVideosFolderCountsVideos() throws {
        var photos = Self.library().photos
        var clip = TestLibrary.photo(6, name: "clip.mp4", description: "Trip", day: 5)
        (clip.kind, clip.duration) = (.video, 4)
        photos.append(clip)
        var state = TestLibrary.state(PhotoLibrary(photos: photos))
        let index = try #require(state.homeFolders.firstIndex { $0.name == "Videos" })
        let videos = state.homeFolders[index]
        #expect(HomeScreen.folderDetail(videos, count: 1, width: 80).hasPrefix("1 video"))
        state.openGroup(at: index)
        let title = GroupScreen.title(state.currentPage!, selected: 0)
        #expect(title.contains("1 video") && title.contains("video 1 of 1") && !title.contains("photo"))
    }
}
