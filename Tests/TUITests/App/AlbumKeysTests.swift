import Foundation
@testable import Library
import Testing
@testable import TUI

/// Albums in the browser (issue 23): `b` and the album picker, `B` on a folder, the Albums
/// section on the home grid, and the album's own keys — pure `update` calls.
@Suite struct AlbumKeysTests {
    static func garden() -> AppState { OrganiseTests.garden() }

    /// The Garden open with its first three photos in the album "Trips/Garden".
    static func withAlbum(columns: Int = 80, rows: Int = 24) -> AppState {
        var state = OrganiseTests.garden(columns: columns, rows: rows)
        state.press(.char(" "), .char(" "), .char(" "), .char("b"))
        state.type("Trips/Garden")
        state.press(.enter)
        return state
    }

    @Test func bAddsTheMarkedPhotosToANewAlbumThroughThePickerAndSavesIt() throws {
        var state = Self.garden()
        let garden = try #require(state.currentGroup).photoIDs
        state.press(.char(" "), .char(" "), .char(" "), .char("b"))
        #expect(state.layer(AlbumPicker.self) != nil && state.keyContext == .albumPicker)
        #expect(AppView.render(state).text().contains("Add 3 photos to an album"))
        state.type("Trips/Garden")
        let effects = state.press(.enter)
        #expect(state.layer(AlbumPicker.self) == nil)
        guard case .saveEdits(.apply, _)? = effects.first else {
            Issue.record("an album edit is saved through the journal: \(effects)")
            return
        }
        let album = try #require(state.library.album(named: "Trips/Garden"))
        #expect(state.library.photoIDs(inAlbum: album.id) == Array(garden.prefix(3)))
        #expect(state.status == "Make album of 3 photos: \"Trips/Garden\"")
        // u takes it all back: the album and its photos.
        state.press(.char("u"))
        #expect(state.library.albums.isEmpty)
    }

    @Test func thePickerListsTheAlbumsAndEnterOnTheHighlightedOneAddsToIt() throws {
        var state = Self.withAlbum()
        state.press(.escape)   // clears the marks: b now takes the selected (4th) photo
        state.press(.char("b"))
        #expect(AppView.render(state).text().contains("Trips › Garden"))
        state.press(.down, .enter)
        let album = try #require(state.library.album(named: "Trips/Garden"))
        #expect(state.library.albumCount(album.id) == 4)
    }

    @Test func theAlbumShowsOnHomeAfterTheSmartFoldersAndOpensInItsOwnKeyContext() throws {
        var state = Self.withAlbum()
        state.press(.escape, .escape)   // marks, then back home
        #expect(state.screen == .home)
        let names = state.homeFolders.map(\.name)
        #expect(names.prefix(2) == ["Missing", "Trips/Garden"])
        state.press(.home, .right, .enter)
        #expect(state.currentAlbum?.name == "Trips/Garden" && state.screenKeyContext == .album)
        let order = try #require(state.currentGroup).photoIDs
        // ] moves the first photo later; the cursor follows it.
        state.press(.char("]"))
        #expect(try #require(state.currentGroup).photoIDs == [order[1], order[0], order[2]])
        #expect(state.selectedPhotoID == order[0])
        // K makes the selected photo the cover.
        state.press(.char("K"))
        #expect(state.library.group(id: try #require(state.currentAlbum).groupID)?.coverID == order[0])
        // e takes it out of the album; the photo stays in the library.
        state.press(.char("e"))
        #expect(try #require(state.currentGroup).photoIDs == [order[1], order[2]])
        #expect(state.library.photo(id: order[0]) != nil)
        // s orders the album by a sort (newest first), again and again, then by hand.
        state.press(.char("s"))
        #expect(state.currentAlbum?.sort == .dateTaken)
        state.press(.char("s"))
        #expect(state.currentAlbum?.sort == .newestFirst)
        #expect(try #require(state.currentGroup).photoIDs == [order[2], order[1]])
    }

    /// A photo of an album in the photo view answers the album's keys (over the photo view's):
    /// `]` / `[` move it (the view stays on it), `K` makes it the cover, `e` takes it out (the
    /// view goes on to the next photo), `b` adds it to another album; the status bar says so.
    @Test func aPhotoOfAnAlbumInThePhotoViewTakesTheAlbumsKeys() throws {
        var state = Self.withAlbum(columns: 120, rows: 40)
        state.press(.escape, .escape, .home, .right, .enter)
        let order = try #require(state.currentGroup).photoIDs
        state.press(.enter)
        #expect(state.screenKeyContext == .albumPhoto && state.detailPhoto?.id == order[0])
        #expect(DetailScreen.shownHints(state) == DetailScreen.albumHints)
        #expect(state.keyMap.hints(DetailScreen.albumHints, in: .albumPhoto).contains("e remove · [] move · K cover"))
        state.press(.char("]"))
        #expect(try #require(state.currentGroup).photoIDs == [order[1], order[0], order[2]])
        #expect(state.detailPhoto?.id == order[0], "the view stays on the moved photo")
        state.press(.char("["))
        #expect(try #require(state.currentGroup).photoIDs == order)
        state.press(.char("K"))
        #expect(state.library.album(named: "Trips/Garden")?.cover == order[0])
        state.press(.char("e"))
        #expect(try #require(state.currentGroup).photoIDs == [order[1], order[2]])
        #expect(state.library.photo(id: order[0]) != nil, "the photo stays in the library")
        #expect(state.screen != .home && state.detailPhoto?.id == order[1], "on to the next photo of the album")
        state.press(.char("u"))
        #expect(try #require(state.currentGroup).photoIDs == order, "u puts it back in its place")
        // b adds the photo on screen to another album.
        state.press(.char("b"))
        state.type("Favs")
        state.press(.enter)
        let favs = try #require(state.library.album(named: "Favs"))
        #expect(state.library.photoIDs(inAlbum: favs.id).count == 1)
        // Outside an album the photo view has none of these keys.
        for key in ["e", "[", "]", "K"] { #expect(state.keyMap.action(for: .char(Character(key)), in: .detail) == nil) }
    }

    @Test func nRenamesAndEDeletesTheAlbumAfterAskingAndUBringsItBack() throws {
        var state = Self.withAlbum()
        state.press(.escape, .escape, .home, .right, .enter)
        state.press(.char("N"))
        state.press(.ctrl("u"))
        state.type("Trips/Garden 2024")
        state.press(.enter)
        #expect(state.currentAlbum?.name == "Trips/Garden 2024")
        state.press(.char("E"))
        #expect(state.keyContext == .albumConfirmation)
        #expect(AppView.render(state).text().contains("Delete the album \"Trips/Garden 2024\" (3 photos)?"))
        state.press(.char("n"))
        #expect(state.library.albums.count == 1 && state.status == "The album stays")
        state.press(.char("E"), .char("y"))
        #expect(state.library.albums.isEmpty && state.screen == .home)
        state.press(.char("u"))
        #expect(state.library.album(named: "Trips/Garden 2024").map { state.library.albumCount($0.id) } == 3)
    }

    @Test func bigBOnAHomeFolderMakesAnAlbumOfItNamedAfterIt() throws {
        var state = TestLibrary.state()
        state.press(.home)
        for _ in 0..<TestLibrary.gardenIndex { state.press(.right) }
        state.press(.char("B"))
        #expect(AppView.render(state).text().contains("Make an album of 30 photos"))
        state.press(.enter)
        let album = try #require(state.library.album(named: "Garden"))
        #expect(state.library.albumCount(album.id) == 30)
    }

    @Test func theHelpListsTheAlbumKeys() {
        var state = Self.withAlbum()
        state.press(.escape, .escape, .home, .right, .enter, .char("?"))
        let text = AppView.render(state).text()
        for words in ["move the photo earlier / later in the album", "take the marked photos (or this one) out of the album",
                      "delete the album (asks; its photos stay)"] {
            #expect(text.contains(words), "help shows: \(words)")
        }
    }
}
