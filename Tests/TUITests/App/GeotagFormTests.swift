import Library
import Testing
@testable import TUI

/// `H` in the browser (issue 25): the geotag form on the marked photos, the tracks read as an
/// effect, the track and the pins on the map, the places set as one undoable step.
@Suite struct GeotagFormTests {
    /// A walk on 2024-05-10 from 07:00 to 07:10 UTC, a point every 5 minutes.
    static let walk = GPXTrack(path: "/home/ana/walk.gpx", segments: [[
        GPXTrack.Point(time: GPXTrack.parseTime("2024-05-10T07:00:00Z")!, position: GPSPosition(latitude: 45, longitude: 7)),
        GPXTrack.Point(time: GPXTrack.parseTime("2024-05-10T07:05:00Z")!, position: GPSPosition(latitude: 45.05, longitude: 7.05)),
        GPXTrack.Point(time: GPXTrack.parseTime("2024-05-10T07:10:00Z")!, position: GPSPosition(latitude: 45.1, longitude: 7.1)),
    ]])

    /// The Garden group with its first two photos (09:01 and 09:02, no offset) marked and the
    /// form open, its zone set to +02:00 and the track typed.
    static func formOnGarden(marking count: Int = 2, columns: Int = 100, rows: Int = 36) -> (AppState, [String]) {
        var state = TestLibrary.state(columns: columns, rows: rows)
        state.openGroup(at: TestLibrary.gardenIndex)
        for _ in 0..<count { state.press(.char(" ")) }
        let ids = state.editTargets
        state.press(.char("H"))
        state.type("~/walk.gpx")
        state.press(.tab, .ctrl("u"))
        state.type("+02:00")
        return (state, ids)
    }

    @Test func mReadsTheTracksShowsThemAndSetsThePlacesAsOneStep() throws {
        var (state, ids) = Self.formOnGarden()
        #expect(state.keyContext == .geotagForm)
        var text = AppView.render(state).text()
        #expect(text.contains("Geotag — 2 photos on GPS tracks"), "\(text)")
        #expect(text.contains("Tracks:   ~/walk.gpx") && text.contains("Zone:     +02:00"), "\(text)")
        // Enter reads the files typed, off the loop.
        let effects = state.press(.enter)
        #expect(effects == [.readTracks("~/walk.gpx")])
        #expect(AppView.render(state).text().contains("Reading the tracks…"))
        state.send(.tracksRead(typed: "~/walk.gpx", tracks: [Self.walk], problems: []))
        text = AppView.render(state).text()
        #expect(text.contains("1 track, 3 points: 2 photos placed, 0 skipped"), "\(text)")
        // The map: the track in braille, the first photo's pin bright with its name.
        let grid = AppView.render(state)
        let map = GeotagFormView.mapArea(in: state.contentArea)
        let cells = (map.y..<map.maxY).flatMap { y in (map.x..<map.maxX).map { grid[$0, y] } }
        #expect(cells.contains { $0.style == MapView.Styles.standard.track })
        #expect(cells.contains { $0.text == "●" })
        #expect(text.contains("garden-01.jpg"), "\(text)")
        // Enter again: the places, as one step.
        state.press(.enter)
        #expect(state.layers.isEmpty)
        let first = try #require(state.library.photo(id: ids[0])?.gps)
        #expect(abs(first.latitude - 45.01) < 1e-9 && abs(first.longitude - 7.01) < 1e-9)
        #expect(state.library.photo(id: ids[1])?.gps.map { abs($0.latitude - 45.02) < 1e-9 } == true)
        #expect(state.status?.contains("Geotag 2 photos from walk.gpx") == true, "\(state.status ?? "")")
        state.press(.char("u"))
        #expect(state.library.photo(id: ids[0])?.gps == nil && state.library.photo(id: ids[1])?.gps == nil)
    }

    @Test func aPhotoOffTheTrackIsNamedWithTheReason() {
        var (state, _) = Self.formOnGarden(marking: 3)
        state.press(.tab, .ctrl("u"))
        state.type("1m")   // garden-02 and -03 (09:02, 09:03) are 2 min from their nearest points: too far
        state.press(.enter)
        state.send(.tracksRead(typed: "~/walk.gpx", tracks: [Self.walk], problems: ["/home/ana/bad.gpx, line 3: lat=\"91\" is not a latitude between -90 and 90"]))
        let text = AppView.render(state).text()
        #expect(text.contains("1 photo placed, 2 skipped"), "\(text)")
        #expect(text.contains("line 3: lat=\"91\""), "\(text)")
        #expect(text.contains("skipped garden-02.jpg: the nearest track point is 2 min away (max gap 1 min) (and 1 more)"), "\(text)")
    }

    @Test func aBadZoneSaysSoAndEnterDoesNothing() {
        var (state, ids) = Self.formOnGarden()
        state.press(.enter)
        state.send(.tracksRead(typed: "~/walk.gpx", tracks: [Self.walk], problems: []))
        state.press(.char("x"))   // the zone, now "+02:00x"
        #expect(AppView.render(state).text().contains("zone +02:00x: type an offset like +02:00"))
        #expect(state.press(.enter).isEmpty)
        #expect(state.keyContext == .geotagForm && state.library.photo(id: ids[0])?.gps == nil)
        // Changing the files asks for them again.
        state.press(.up, .char("x"))
        #expect(AppView.render(state).text().contains("The files changed: Enter reads them"))
        #expect(state.press(.enter) == [.readTracks("~/walk.gpxx")])
        state.press(.escape)
        #expect(state.layers.isEmpty && state.library.photo(id: ids[0])?.gps == nil)
    }

    @Test func theFormLooksSo() {
        var (state, _) = Self.formOnGarden(columns: 80, rows: 24)
        state.press(.enter)
        state.send(.tracksRead(typed: "~/walk.gpx", tracks: [Self.walk], problems: []))
        assertSnapshot(AppView.render(state), named: "geotag-form-80x24")
    }
}
