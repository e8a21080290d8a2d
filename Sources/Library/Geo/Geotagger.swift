import Foundation

/// Places photos on GPX tracks by their time (issue 25).
///
/// Each photo's time taken becomes UTC with its own offset, else `zoneSeconds` (the
/// `--offset` / the form's zone). Then, in order:
/// 1. between two points of one segment at most `maxGapSeconds` apart: the place linearly
///    interpolated between them (latitude, longitude, altitude by time);
/// 2. else the nearest point in time of any segment, when it is at most `maxGapSeconds` away
///    (a photo just before the track starts, just after it ends, or beside a pause);
/// 3. else nothing: the photo is skipped and the reason says how far the track was.
/// So no photo is ever placed further than the max gap from a point the device recorded.
public struct Geotagger: Sendable {
    public var segments: [GPXTrack.Segment]
    public var maxGapSeconds: Double
    /// Seconds east of UTC for photos whose date has no offset of its own; nil: such photos
    /// are skipped.
    public var zoneSeconds: Int?

    /// The default max gap: 30 minutes.
    public static let defaultMaxGapSeconds = 30.0 * 60

    public init(tracks: [GPXTrack], maxGapSeconds: Double = defaultMaxGapSeconds, zoneSeconds: Int? = nil) {
        segments = tracks.flatMap(\.segments).filter { !$0.isEmpty }
        self.maxGapSeconds = maxGapSeconds
        self.zoneSeconds = zoneSeconds
    }

    /// Where a photo lands, or why it does not.
    public enum Placement: Sendable, Equatable {
        /// Between two recorded points `secondsApart` apart.
        case interpolated(GPSPosition, secondsApart: Double)
        /// At the recorded point nearest in time, `secondsAway` from the photo.
        case nearest(GPSPosition, secondsAway: Double)
        case skipped(SkipReason)

        public var position: GPSPosition? {
            switch self {
            case let .interpolated(position, _), let .nearest(position, _): position
            case .skipped: nil
            }
        }
    }

    public enum SkipReason: Error, Sendable, Equatable, CustomStringConvertible {
        case noDate
        /// The date is known only to the day, month or year.
        case dateTooCoarse
        /// The date has no UTC offset and none was given.
        case noZone
        /// The nearest recorded point is this many seconds away (more than the max gap).
        case tooFar(secondsAway: Double, maxGap: Double)

        public var description: String {
            switch self {
            case .noDate: "its date taken is unknown"
            case .dateTooCoarse: "its date is not known to the minute"
            case .noZone: "its time has no UTC offset: give one (--offset +02:00, the form's zone)"
            case let .tooFar(away, maxGap):
                "the nearest track point is \(Self.duration(away)) away (max gap \(Self.duration(maxGap)))"
            }
        }

        /// "2 h 05 min", "45 min", "30 s".
        public static func duration(_ seconds: Double) -> String {
            let total = Int(seconds.rounded())
            if total < 60 { return "\(total) s" }
            if total < 3600 { return "\(total / 60) min" + (total % 60 == 0 ? "" : " \(total % 60) s") }
            let days = total / 86_400, hours = total % 86_400 / 3600, minutes = total % 3600 / 60
            return (days > 0 ? "\(days) d " : "") + "\(hours) h " + String(format: "%02d min", minutes)
        }
    }

    /// The photo's time taken in seconds since 1970 UTC, or why it has none usable.
    public func utcTime(of photo: Photo) -> Result<Double, SkipReason> {
        guard let takenAt = photo.takenAt, let clock = WallClock(iso: takenAt) else { return .failure(.noDate) }
        guard photo.takenAtPrecision >= .minute else { return .failure(.dateTooCoarse) }
        guard let offset = clock.offsetSeconds ?? zoneSeconds else { return .failure(.noZone) }
        return .success(Double(clock.wallSeconds - offset))
    }

    public func place(_ photo: Photo) -> Placement {
        switch utcTime(of: photo) {
        case let .failure(reason): .skipped(reason)
        case let .success(time): place(at: time)
        }
    }

    /// Where the track was at `time` (seconds since 1970 UTC).
    public func place(at time: Double) -> Placement {
        var nearest: (point: GPXTrack.Point, away: Double)?
        var between: (a: GPXTrack.Point, b: GPXTrack.Point)?
        for segment in segments {
            // The first point at or after `time`.
            var low = 0, high = segment.count
            while low < high {
                let mid = (low + high) / 2
                if segment[mid].time < time { low = mid + 1 } else { high = mid }
            }
            for index in [low - 1, low] where segment.indices.contains(index) {
                let away = abs(segment[index].time - time)
                if nearest == nil || away < nearest!.away { nearest = (segment[index], away) }
            }
            if low > 0, low < segment.count {
                let (a, b) = (segment[low - 1], segment[low])
                if b.time - a.time <= maxGapSeconds, between.map({ b.time - a.time < $0.b.time - $0.a.time }) ?? true {
                    between = (a, b)
                }
            }
        }
        if let nearest, nearest.away == 0 { return .nearest(nearest.point.position, secondsAway: 0) }
        if let (a, b) = between.map({ ($0.a, $0.b) }) {
            let t = (time - a.time) / (b.time - a.time)
            return .interpolated(Self.interpolate(a.position, b.position, t), secondsApart: b.time - a.time)
        }
        guard let nearest else { return .skipped(.tooFar(secondsAway: .infinity, maxGap: maxGapSeconds)) }
        guard nearest.away <= maxGapSeconds else {
            return .skipped(.tooFar(secondsAway: nearest.away, maxGap: maxGapSeconds))
        }
        return .nearest(nearest.point.position, secondsAway: nearest.away)
    }

    /// The point a fraction `t` (0…1) of the way from `a` to `b`; the longitude goes the short
    /// way round across ±180°.
    static func interpolate(_ a: GPSPosition, _ b: GPSPosition, _ t: Double) -> GPSPosition {
        var dLon = b.longitude - a.longitude
        if dLon > 180 { dLon -= 360 } else if dLon < -180 { dLon += 360 }
        var longitude = a.longitude + dLon * t
        if longitude > 180 { longitude -= 360 } else if longitude < -180 { longitude += 360 }
        let altitude: Double? = switch (a.altitude, b.altitude) {
        case let (x?, y?): x + (y - x) * t
        case let (x?, nil): x
        case let (nil, y?): y
        default: nil
        }
        return GPSPosition(latitude: a.latitude + (b.latitude - a.latitude) * t, longitude: longitude, altitude: altitude)
    }
}
