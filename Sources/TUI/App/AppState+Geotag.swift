import Foundation
import Library

/// GPX geotagging (issue 25): opening the geotag form and taking the tracks read into it.
extension AppState {
    /// Opens `GeotagForm` on the marked photos (or the one selected), the zone field holding
    /// the machine's UTC offset now.
    mutating func openGeotagForm() -> [Effect] {
        let targets = editTargets
        guard !targets.isEmpty else { return [] }
        let seconds = TimeZone.current.secondsFromGMT()
        let zone = String(format: "%@%02d:%02d", seconds < 0 ? "-" : "+", abs(seconds) / 3600, abs(seconds) % 3600 / 60)
        open(.geotagForm(GeotagForm(photoIDs: targets, zone: zone)))
        return []
    }

    /// The tracks read for `typed`, when the form still waits for them.
    mutating func tracksRead(typed: String, tracks: [GPXTrack], problems: [String]) {
        let library = library
        changeLayer(GeotagForm.self) { $0.received(typed, tracks: tracks, problems: problems, library: library) }
    }
}
