import Foundation
import Testing
@testable import Library

@Suite struct GeotaggerTests {
    func track(_ segments: [[(String, Double, Double)]], path: String = "walk.gpx") throws -> GPXTrack {
        try GPXTrack.parse(Data(gpxText(segments).utf8), path: path)
    }

    /// A morning walk: 10:00 at (45, 7), 10:10 at (45.1, 7.2), 10:20 at (45.2, 7.4), UTC.
    func morning() throws -> GPXTrack {
        try track([[("2024-05-01T10:00:00Z", 45, 7), ("2024-05-01T10:10:00Z", 45.1, 7.2), ("2024-05-01T10:20:00Z", 45.2, 7.4)]])
    }

    func expectNear(_ position: GPSPosition?, _ latitude: Double, _ longitude: Double,
                    sourceLocation: SourceLocation = #_sourceLocation) {
        guard let position else { Issue.record("no place", sourceLocation: sourceLocation); return }
        #expect(abs(position.latitude - latitude) < 1e-9, sourceLocation: sourceLocation)
        #expect(abs(position.longitude - longitude) < 1e-9, sourceLocation: sourceLocation)
    }

    @Test func interpolatesLinearlyBetweenTheSurroundingPoints() throws {
        let geotagger = Geotagger(tracks: [try morning()])
        // 12:05 at +02:00 is 10:05 UTC: half way from the first point to the second.
        let placement = geotagger.place(samplePhoto("a", takenAt: "2024-05-01T12:05:00+02:00"))
        #expect(placement == .interpolated(GPSPosition(latitude: 45.05, longitude: 7.1, altitude: 100), secondsApart: 600))
        expectNear(geotagger.place(samplePhoto("b", takenAt: "2024-05-01T10:17:30+00:00")).position, 45.175, 7.35)
    }

    @Test func photosInOtherZonesLandAtTheSameInstant() throws {
        let geotagger = Geotagger(tracks: [try morning()])
        let tokyo = geotagger.place(samplePhoto("tokyo", takenAt: "2024-05-01T19:15:00+09:00"))
        let newYork = geotagger.place(samplePhoto("ny", takenAt: "2024-05-01T06:15:00-04:00"))
        #expect(tokyo == newYork)
        expectNear(tokyo.position, 45.15, 7.3)
    }

    @Test func thePhotosOwnOffsetWinsOverTheGivenZone() throws {
        let geotagger = Geotagger(tracks: [try morning()], zoneSeconds: 2 * 3600)
        // No offset of its own: 12:10 in the given +02:00 is 10:10 UTC, the second point.
        #expect(geotagger.place(samplePhoto("a", takenAt: "2024-05-01T12:10:00")).position
                == GPSPosition(latitude: 45.1, longitude: 7.2, altitude: 100))
        // Its own offset says 10:10 is UTC.
        #expect(geotagger.place(samplePhoto("b", takenAt: "2024-05-01T10:10:00+00:00")).position
                == GPSPosition(latitude: 45.1, longitude: 7.2, altitude: 100))
        // Offsets with seconds (`--offset +00:00:30`).
        let late = Geotagger(tracks: [try morning()], zoneSeconds: UTCOffset.seconds(parsing: "-00:00:30"))
        expectNear(late.place(samplePhoto("c", takenAt: "2024-05-01T10:09:30")).position, 45.1, 7.2)
    }

    @Test func aPhotoWithoutAZoneOrAGoodDateIsSkippedWithTheReason() throws {
        let geotagger = Geotagger(tracks: [try morning()])
        #expect(geotagger.place(samplePhoto("a", takenAt: "2024-05-01T10:05:00")) == .skipped(.noZone))
        var library = PhotoLibrary(photos: [samplePhoto("d", takenAt: "2024-05-01T10:05:00+00:00")])
        library.apply(EditPlanner(library: library).setDate(["d"], to: try DateInput(parsing: "2024-05-01")))
        #expect(geotagger.place(library.photo(id: "d")!) == .skipped(.dateTooCoarse))
        #expect(Geotagger.SkipReason.noZone.description == "its time has no UTC offset: give one (--offset +02:00, the form's zone)")
    }

    @Test func photosJustOutsideTheTrackTakeTheNearestPointWithinTheMaxGap() throws {
        let geotagger = Geotagger(tracks: [try morning()], maxGapSeconds: 15 * 60)
        #expect(geotagger.place(samplePhoto("before", takenAt: "2024-05-01T09:50:00+00:00"))
                == .nearest(GPSPosition(latitude: 45, longitude: 7, altitude: 100), secondsAway: 600))
        #expect(geotagger.place(samplePhoto("after", takenAt: "2024-05-01T10:34:00+00:00"))
                == .nearest(GPSPosition(latitude: 45.2, longitude: 7.4, altitude: 100), secondsAway: 840))
        #expect(geotagger.place(samplePhoto("later", takenAt: "2024-05-01T10:36:00+00:00"))
                == .skipped(.tooFar(secondsAway: 960, maxGap: 900)))
        #expect(geotagger.place(samplePhoto("next day", takenAt: "2024-05-02T10:05:00+00:00")).position == nil)
        #expect(Geotagger.SkipReason.tooFar(secondsAway: 7500, maxGap: 1800).description
                == "the nearest track point is 2 h 05 min away (max gap 30 min)")
    }

    @Test func aGapLongerThanTheMaxIsNotInterpolatedAcross() throws {
        // Two points two hours apart (the logger slept).
        let gap = try track([[("2024-05-01T10:00:00Z", 45, 7), ("2024-05-01T12:00:00Z", 46, 8)]])
        let geotagger = Geotagger(tracks: [gap], maxGapSeconds: 30 * 60)
        #expect(geotagger.place(samplePhoto("mid", takenAt: "2024-05-01T11:00:00+00:00"))
                == .skipped(.tooFar(secondsAway: 3600, maxGap: 1800)))
        #expect(geotagger.place(samplePhoto("early", takenAt: "2024-05-01T10:20:00+00:00"))
                == .nearest(GPSPosition(latitude: 45, longitude: 7, altitude: 100), secondsAway: 1200))
        // With a max gap of three hours the same photo is interpolated.
        let wide = Geotagger(tracks: [gap], maxGapSeconds: 3 * 3600)
        expectNear(wide.place(samplePhoto("mid", takenAt: "2024-05-01T11:00:00+00:00")).position, 45.5, 7.5)
    }

    @Test func neverInterpolatesAcrossSegments() throws {
        let two = try track([[("2024-05-01T10:00:00Z", 45, 7)], [("2024-05-01T10:10:00Z", 46, 8)]])
        #expect(Geotagger(tracks: [two]).place(samplePhoto("a", takenAt: "2024-05-01T10:04:00+00:00"))
                == .nearest(GPSPosition(latitude: 45, longitude: 7, altitude: 100), secondsAway: 240))
    }

    @Test func tracksInSeveralFilesAreOneTimeline() throws {
        let afternoon = try track([[("2024-05-01T15:00:00Z", 50, 10), ("2024-05-01T15:10:00Z", 50.2, 10)]], path: "pm.gpx")
        let geotagger = Geotagger(tracks: [afternoon, try morning()])
        expectNear(geotagger.place(samplePhoto("am", takenAt: "2024-05-01T10:05:00+00:00")).position, 45.05, 7.1)
        expectNear(geotagger.place(samplePhoto("pm", takenAt: "2024-05-01T15:05:00+00:00")).position, 50.1, 10)
        #expect(geotagger.place(samplePhoto("noon", takenAt: "2024-05-01T13:00:00+00:00")).position == nil)
    }

    @Test func aTrackCrossingMidnightAndTheAntimeridian() throws {
        let night = try track([[("2024-12-31T23:50:00Z", -17, 179.9), ("2025-01-01T00:10:00Z", -17.2, -179.9)]])
        // Noon on New Year's Day in Fiji (+12:00) is midnight UTC, half way between the points.
        let placement = Geotagger(tracks: [night]).place(samplePhoto("fiji", takenAt: "2025-01-01T12:00:00+12:00"))
        #expect(placement.position.map { abs($0.latitude + 17.1) < 1e-9 } == true)
        #expect(placement.position.map { abs(abs($0.longitude) - 180) < 1e-9 } == true)
        let later = Geotagger(tracks: [night]).place(samplePhoto("b", takenAt: "2025-01-01T00:05:00+00:00"))
        expectNear(later.position, -17.15, -179.95)
    }

    @Test func thePlanIsOneUndoableStepOfPlaceEdits() throws {
        var library = PhotoLibrary(photos: [
            samplePhoto("a", takenAt: "2024-05-01T10:05:00+00:00"),
            samplePhoto("b", takenAt: "2024-05-01T10:15:00+00:00"),
            samplePhoto("far", takenAt: "2024-05-03T10:00:00+00:00"),
        ])
        let plan = EditPlanner(library: library).geotag(["far", "b", "a"], with: Geotagger(tracks: [try morning()]),
                                                        source: "walk.gpx")
        #expect(plan.outcomes.map(\.photoID) == ["a", "b", "far"])
        #expect(plan.skipped.map(\.photoID) == ["far"])
        #expect(plan.step.label == "geotag 2 photos from walk.gpx")
        #expect(Set(plan.step.changes.map(\.photoID)) == ["a", "b"])
        library.apply(plan.step)
        expectNear(library.photo(id: "a")?.gps, 45.05, 7.1)
        expectNear(library.photo(id: "b")?.gps, 45.15, 7.3)
        #expect(library.photo(id: "a")?.edits.location != nil)   // shown as edited
        _ = library.undo()
        #expect(library.photo(id: "a")?.gps == nil)
        #expect(library.photo(id: "b")?.gps == nil)
    }
}
