import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The timed points of one GPX file (issue 25): GPX 1.0 and 1.1, every `<trkseg>` of every
/// `<trk>` and every `<rte>` as one run of points. Points without a `<time>` cannot place a
/// photo and are left out; a file with no timed point at all is an error. Times are UTC
/// (`Z`), or carry their own offset; a time without either is read as UTC, as GPX says.
///
/// To read another track format, give it a reader returning `[GPXTrack.Segment]` and hand the
/// segments to `Geotagger` the same way.
public struct GPXTrack: Sendable, Equatable {
    /// A point of the track: when (seconds since 1970, UTC) and where.
    public struct Point: Sendable, Equatable {
        public var time: Double
        public var position: GPSPosition

        public init(time: Double, position: GPSPosition) {
            self.time = time
            self.position = position
        }
    }

    /// Points recorded without a break (a track segment or a route), oldest first; photos are
    /// interpolated only between two points of one segment.
    public typealias Segment = [Point]

    /// The file the track came from, as given.
    public var path: String
    public var segments: [Segment]

    public init(path: String, segments: [Segment]) {
        self.path = path
        self.segments = segments.map { $0.sorted { $0.time < $1.time } }.filter { !$0.isEmpty }
    }

    /// Every point of every segment.
    public var points: [Point] { segments.flatMap { $0 } }

    /// Reads the GPX file at `path`.
    public static func read(path: String) throws(GPXError) -> GPXTrack {
        let data: Data
        guard FileManager.default.fileExists(atPath: path) else { throw .unreadable(path: path, reason: "no such file") }
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadable(path: path, reason: (error as NSError).localizedFailureReason ?? "cannot be read")
        }
        return try parse(data, path: path)
    }

    /// Reads the tracks a person typed (the geotag form): paths separated by spaces, `~` and
    /// relative paths resolved, a folder giving every `.gpx` file in it. Each file that cannot
    /// be read is a problem of its own; the others are read.
    public static func read(typed text: String) -> (tracks: [GPXTrack], problems: [String]) {
        var tracks: [GPXTrack] = [], problems: [String] = []
        for word in text.split(whereSeparator: \.isWhitespace) {
            let path = LibraryPaths.absolute(String(word))
            var isFolder: ObjCBool = false
            var paths = [path]
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
                paths = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [])
                    .filter { $0.lowercased().hasSuffix(".gpx") }.sorted().map { path + "/" + $0 }
                if paths.isEmpty { problems.append("\(path): no .gpx file in this folder") }
            }
            for path in paths {
                do {
                    tracks.append(try read(path: path))
                } catch {
                    problems.append(error.description)
                }
            }
        }
        return (tracks, problems)
    }

    /// libxml2's commonest complaints in words (its error numbers mean nothing to a user).
    static func xmlProblem(_ code: Int) -> String {
        switch code {
        case 4: ": the file is empty"
        case 5: ": something follows the end of the document"
        case 73: ": a tag is not finished with '>'"
        case 76: ": a closing tag does not match the tag it should close"
        case 77: ": it ends in the middle of a tag"
        default: ""
        }
    }

    /// Reads GPX from `data`; `path` names it in errors.
    public static func parse(_ data: Data, path: String) throws(GPXError) -> GPXTrack {
        let reader = GPXReader()
        let parser = XMLParser(data: data)
        parser.delegate = reader
        parser.shouldResolveExternalEntities = false
        LibXMLErrors.silenceOnThisThread()
        let parsed = parser.parse()
        if let problem = reader.problem { throw .malformed(path: path, line: problem.line, reason: problem.reason) }
        guard parsed, reader.finished else {
            // The first complaint is the cause; libxml2 recovers and may stop later, elsewhere.
            let line = reader.firstError?.line ?? parser.lineNumber
            if !reader.sawRoot, data.isEmpty { throw .malformed(path: path, line: 1, reason: "the file is empty") }
            let reason = parsed && parser.parserError == nil ? "it ends before </gpx>"
                : "not well-formed XML" + (reader.unclosed.map { ": <\($0.name)> opened on line \($0.line) is not closed where it should be" }
                    ?? (reader.firstError?.code ?? parser.parserError.map { ($0 as NSError).code }).map(Self.xmlProblem) ?? "")
            throw .malformed(path: path, line: max(1, line), reason: reason)
        }
        let track = GPXTrack(path: path, segments: reader.segments)
        guard !track.segments.isEmpty else {
            throw .noTimedPoints(path: path, untimed: reader.untimedPoints)
        }
        return track
    }

    /// "2024-05-01T10:00:00Z", "2024-05-01T10:00:00.250Z", "2024-05-01T12:00:00+02:00",
    /// "2024-05-01T10:00:00" (UTC) as seconds since 1970; nil when it is no such time.
    public static func parseTime(_ text: String) -> Double? {
        let chars = Array(text.trimmingCharacters(in: .whitespacesAndNewlines).utf8)
        guard chars.count >= 19, chars[4] == UInt8(ascii: "-"), chars[7] == UInt8(ascii: "-"),
              chars[10] == UInt8(ascii: "T") || chars[10] == UInt8(ascii: " "),
              chars[13] == UInt8(ascii: ":"), chars[16] == UInt8(ascii: ":") else { return nil }
        func number(_ range: Range<Int>) -> Int? { WallClock.decimal(chars, range) }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
              (1...12).contains(month), (1...WallClock.daysIn(month: month, year: year)).contains(day),
              hour < 24, minute < 60, second < 61 else { return nil }
        var index = 19
        var fraction = 0.0
        if index < chars.count, chars[index] == UInt8(ascii: ".") {
            index += 1
            var scale = 0.1
            let start = index
            while index < chars.count, chars[index] >= 48, chars[index] <= 57 {
                fraction += Double(chars[index] - 48) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        var offset = 0
        let zone = String(decoding: chars[index...], as: UTF8.self)
        switch zone {
        case "", "Z", "z": break
        default:
            let compact = zone.count == 5 ? String(zone.prefix(3)) + ":" + String(zone.suffix(2)) : zone
            guard UTCOffset.isValid(compact), let seconds = WallClock(year: 2000, offset: compact).offsetSeconds
            else { return nil }
            offset = seconds
        }
        let clock = WallClock(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        return Double(clock.wallSeconds - offset) + fraction
    }
}

/// Why a GPX file could not be used; each names the file, a malformed one the line.
public enum GPXError: Error, Equatable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case malformed(path: String, line: Int, reason: String)
    case noTimedPoints(path: String, untimed: Int)

    public var description: String {
        switch self {
        case let .unreadable(path, reason): "\(path): \(reason)"
        case let .malformed(path, line, reason): "\(path), line \(line): \(reason)"
        case let .noTimedPoints(path, untimed):
            untimed == 0 ? "\(path): no track or route points in it"
                : "\(path): none of its \(untimed) points has a <time>, so no photo can be placed on it"
        }
    }
}

/// Collects the timed points of a GPX document as `XMLParser` walks it; stops at the first
/// malformed point, naming its line.
private final class GPXReader: NSObject, XMLParserDelegate {
    var segments: [GPXTrack.Segment] = []
    var problem: (line: Int, reason: String)?
    var sawRoot = false
    var finished = false
    var untimedPoints = 0
    private var depth = 0
    /// The elements opened and not yet closed, with their lines.
    private var open: [(name: String, line: Int)] = []
    private var current: GPXTrack.Segment?
    /// The point being read: its position, its time and elevation so far.
    private var point: (position: GPSPosition, time: Double?, elevation: Double?)?
    private var text = ""

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        depth += 1
        open.append((name, parser.lineNumber))
        text = ""
        let local = name.split(separator: ":").last.map(String.init) ?? name
        if depth == 1 {
            sawRoot = true
            if local != "gpx" { fail(parser, "the root element is <\(name)>, not <gpx>: not a GPX file") }
            return
        }
        switch local {
        case "trkseg", "rte": current = []
        case "trkpt", "rtept":
            guard let latText = attributes["lat"], let lonText = attributes["lon"] else {
                return fail(parser, "<\(name)> without lat and lon")
            }
            guard let lat = Double(latText.trimmingCharacters(in: .whitespaces)), lat.isFinite, abs(lat) <= 90 else {
                return fail(parser, "lat=\"\(latText)\" is not a latitude between -90 and 90")
            }
            guard let lon = Double(lonText.trimmingCharacters(in: .whitespaces)), lon.isFinite, abs(lon) <= 180 else {
                return fail(parser, "lon=\"\(lonText)\" is not a longitude between -180 and 180")
            }
            point = (GPSPosition(latitude: lat, longitude: lon), nil, nil)
        default: break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        defer {
            depth -= 1
            open.removeLast()
        }
        let local = name.split(separator: ":").last.map(String.init) ?? name
        if depth == 1 {
            finished = true
            return
        }
        switch local {
        case "time" where point != nil:
            guard let time = GPXTrack.parseTime(text) else {
                return fail(parser, "<time>\(text.trimmingCharacters(in: .whitespacesAndNewlines).prefix(40))</time> "
                            + "is not a time like 2024-05-01T10:00:00Z")
            }
            point?.time = time
        case "ele" where point != nil:
            point?.elevation = Double(text.trimmingCharacters(in: .whitespacesAndNewlines))
        case "trkpt", "rtept":
            guard let read = point else { return }
            point = nil
            guard let time = read.time else {
                untimedPoints += 1
                return
            }
            var position = read.position
            position.altitude = read.elevation.flatMap { $0.isFinite ? $0 : nil }
            current?.append(GPXTrack.Point(time: time, position: position))
        case "trkseg", "rte":
            if let current, !current.isEmpty { segments.append(current) }
            current = nil
        default: break
        }
    }

    /// The first error the parser reported, and its line.
    var firstError: (code: Int, line: Int)?

    func parser(_ parser: XMLParser, parseErrorOccurred error: Error) {
        if firstError == nil { firstError = ((error as NSError).code, parser.lineNumber) }
    }

    /// The innermost element left open below the root, when the document broke off.
    var unclosed: (name: String, line: Int)? { open.count > 1 ? open.last : nil }

    private func fail(_ parser: XMLParser, _ reason: String) {
        guard problem == nil else { return }
        problem = (max(1, parser.lineNumber), reason)
        parser.abortParsing()
    }
}
