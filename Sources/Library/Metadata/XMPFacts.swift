import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// What an XMP packet (embedded, or a sidecar) says beyond its description: the marks the
/// peers write and the XMP forms of the date taken and the place, for when EXIF lacks them.
///
/// | property                        | written by                                  |
/// |---------------------------------|---------------------------------------------|
/// | xmp:Rating (−1 = rejected)      | darktable, digiKam, Lightroom, Bridge       |
/// | MicrosoftPhoto:Rating (percent) | Windows, digiKam                            |
/// | xmp:Label                       | Lightroom, Bridge, darktable                |
/// | lr:hierarchicalSubject (`a|b`)  | Lightroom, darktable, digiKam               |
/// | digiKam:TagsList (`a/b`)        | digiKam                                     |
/// | dc:subject (flat)               | all of them                                 |
/// | tiff:Orientation (1–8)          | digiKam (raw files), photory (sidecar-only) |
///
/// Properties are found in every rdf:Description, as attributes or elements, whatever prefix
/// the packet binds their namespace to. Parsing is skipped for packets that name none of them.
public struct XMPFacts: Sendable, Equatable {
    public var rating: Int?
    public var microsoftRating: Int?
    public var label: String?
    /// lr:hierarchicalSubject entries, as written ("Places|Italy|Rome").
    public var hierarchicalSubjects: [String] = []
    /// digiKam:TagsList entries, as written ("Places/Italy/Rome").
    public var digiKamTags: [String] = []
    /// dc:subject entries.
    public var subjects: [String] = []
    /// exif:DateTimeOriginal, else photoshop:DateCreated, else xmp:CreateDate, as written
    /// ("1988-05-14T10:00:00+02:00", "1988").
    public var dateTaken: String?
    public var gps: GPSPosition?
    /// tiff:Orientation, 1–8: believed for files photory does not write (see `PhotoAnalyzer`).
    public var orientation: Int?

    public init() {}

    public var isEmpty: Bool { self == XMPFacts() }

    enum Namespace {
        static let xmp = "http://ns.adobe.com/xap/1.0/"
        /// Windows writes it without the final slash, some tools with it.
        static let microsoftPhoto = "http://ns.microsoft.com/photo/1.0"
        static let lightroom = "http://ns.adobe.com/lightroom/1.0/"
        static let digiKam = "http://www.digikam.org/ns/1.0/"
        static let dc = "http://purl.org/dc/elements/1.1/"
        static let exif = "http://ns.adobe.com/exif/1.0/"
        static let photoshop = "http://ns.adobe.com/photoshop/1.0/"
        static let tiff = "http://ns.adobe.com/tiff/1.0/"
        static let rdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
    }

    /// Names whose presence makes a packet worth parsing.
    private static let hints = ["Rating", "Label", "hierarchicalSubject", "TagsList", "subject", "DateTimeOriginal",
                                "DateCreated", "CreateDate", "GPSLatitude", "Orientation"].map { Array($0.utf8) }

    /// The facts of `packet`; empty when it is not XML or names none of them.
    public static func read(_ packet: UnsafeRawBufferPointer) -> XMPFacts {
        guard hints.contains(where: { contains(packet, $0) }) else { return XMPFacts() }
        var facts = XMPFacts()
        var dates: [String: String] = [:]
        var gpsParts: [String: String] = [:]
        guard forEachProperty(in: packet, { uri, name, values in
            let name = local(name)
            let values = values.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
            guard let uri, let first = values.first else { return }
            switch (uri, name) {
            case (Namespace.xmp, "Rating"): facts.rating = Double(first).map { Int($0.rounded()) }
            case (Namespace.microsoftPhoto, "Rating"), (Namespace.microsoftPhoto + "/", "Rating"): facts.microsoftRating = Double(first).map { Int($0.rounded()) }
            case (Namespace.xmp, "Label"): facts.label = first
            case (Namespace.tiff, "Orientation"): facts.orientation = Int(first).flatMap { (1...8).contains($0) ? $0 : nil }
            case (Namespace.lightroom, "hierarchicalSubject"): facts.hierarchicalSubjects += values
            case (Namespace.digiKam, "TagsList"): facts.digiKamTags += values
            case (Namespace.dc, "subject"): facts.subjects += values
            case (Namespace.exif, "DateTimeOriginal"), (Namespace.photoshop, "DateCreated"), (Namespace.xmp, "CreateDate"):
                dates[name] = first
            case (Namespace.exif, "GPSLatitude"), (Namespace.exif, "GPSLongitude"), (Namespace.exif, "GPSAltitude"),
                 (Namespace.exif, "GPSAltitudeRef"):
                gpsParts[name] = first
            default: break
            }
        }) else { return XMPFacts() }
        facts.dateTaken = dates["DateTimeOriginal"] ?? dates["DateCreated"] ?? dates["CreateDate"]
        if let latitude = gpsParts["GPSLatitude"].flatMap(coordinate), let longitude = gpsParts["GPSLongitude"].flatMap(coordinate),
           abs(latitude) <= 90, abs(longitude) <= 180, latitude != 0 || longitude != 0 {
            var altitude = gpsParts["GPSAltitude"].flatMap(rational)
            if gpsParts["GPSAltitudeRef"] == "1", let metres = altitude { altitude = -abs(metres) }
            facts.gps = GPSPosition(latitude: latitude, longitude: longitude, altitude: altitude)
        }
        return facts
    }

    /// Calls `body` with every property of every rdf:Description in `packet`, as attributes or
    /// elements: its namespace URI (nil when unbound), its qualified name as written
    /// ("dc:subject") and its values (the items of a Bag/Seq/Alt, else its text). False when
    /// the packet is not XML. `FileTags` lists them all; `read` picks the ones it knows.
    static func forEachProperty(in packet: UnsafeRawBufferPointer, _ body: (_ uri: String?, _ name: String, _ values: [String]) -> Void) -> Bool {
        LibXMLErrors.silenceOnThisThread()
        guard let document = try? XMLDocument(data: Data(packet), options: []) else { return false }
        func visit(_ element: XMLElement) {
            if element.name.map({ $0 == "rdf:Description" || $0.hasSuffix(":Description") }) == true,
               uri(of: element, name: element.name ?? "") == Namespace.rdf {
                for attribute in element.attributes ?? [] {
                    guard let name = attribute.name, let value = attribute.stringValue else { continue }
                    body(uri(of: element, name: name), name, [value])
                }
                for case let child as XMLElement in element.children ?? [] {
                    guard let name = child.name else { continue }
                    let items = descendants(child, "li")
                    body(uri(of: child, name: name), name, items.isEmpty ? [child.stringValue ?? ""] : items)
                }
            }
            for case let child as XMLElement in element.children ?? [] { visit(child) }
        }
        if let root = document.rootElement() { visit(root) }
        return true
    }

    /// The facts of the XMP sidecar at `path` and its modification time; nil when there is
    /// none (or it cannot be read).
    public static func read(sidecar path: String) -> (facts: XMPFacts, modified: Double)? {
        guard let modified = modified(path), let bytes = try? FileBytes.read(path, maxBytes: 16 << 20) else { return nil }
        return (bytes.withUnsafeBytes { read($0) }, modified)
    }

    /// The modification time of the regular file at `path` (seconds since 1970), nil when there is none.
    public static func modified(_ path: String) -> Double? {
        var info = stat()
        guard PathBytes.stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
    }

    /// The sidecars a photo may have, in the order they are believed: `photo.jpg.xmp`
    /// (darktable, digiKam) and `photo.xmp` (Lightroom, for RAW files above all).
    public static func sidecarPaths(forPhoto path: String) -> [String] {
        let base = deletingExtension(path)
        return base == path ? [path + ".xmp"] : [path + ".xmp", base + ".xmp"]
    }

    /// `path` without its extension, as NSString's `deletingPathExtension` gives it ("/a/b.jpg" →
    /// "/a/b", "/a/.b", "/a/.." and "/a/b" unchanged, "/a/b." → "/a/b"), read from the bytes for a plain path:
    /// an unchanged rescan asks it of every file, and Foundation's takes a fifth of that rescan. A
    /// doubled or trailing slash (which Foundation tidies first) goes to Foundation.
    static func deletingExtension(_ path: String) -> String {
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        var previous: UInt8 = 0
        var componentStart = path.utf8.startIndex
        var lastDot: String.Index?
        for index in path.utf8.indices {
            let byte = path.utf8[index]
            if byte == slash {
                if previous == slash { return (path as NSString).deletingPathExtension }
                componentStart = path.utf8.index(after: index)
                lastDot = nil
            } else if byte == dot {
                lastDot = index
            }
            previous = byte
        }
        guard previous != slash, previous != 0 else { return (path as NSString).deletingPathExtension }
        guard let lastDot, lastDot != componentStart, path.utf8[componentStart...].elementsEqual("..".utf8) == false
        else { return path }
        return String(path[..<lastDot])
    }

    // MARK: - Values

    /// XMP's GPS coordinate: "48,53.32358N" (degrees, decimal minutes), "48,53,19.4N", or a
    /// plain signed decimal.
    static func coordinate(_ text: String) -> Double? {
        guard let last = text.last else { return nil }
        let sign: Double
        switch last.uppercased() {
        case "N", "E": sign = 1
        case "S", "W": sign = -1
        default: return Double(text)
        }
        let parts = text.dropLast().split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard !parts.isEmpty, parts.count <= 3, parts.allSatisfy({ $0 != nil && $0!.isFinite && $0! >= 0 }) else { return nil }
        let values = parts.map { $0! }
        let degrees = values[0] + (values.count > 1 ? values[1] / 60 : 0) + (values.count > 2 ? values[2] / 3600 : 0)
        return sign * degrees
    }

    /// "1234/100" or "12.34".
    private static func rational(_ text: String) -> Double? {
        let parts = text.split(separator: "/")
        if parts.count == 2, let n = Double(parts[0]), let d = Double(parts[1]), d != 0 { return n / d }
        return Double(text).flatMap { $0.isFinite ? $0 : nil }
    }

    /// An XMP date ("1988", "1988-05", "1988-05-14T10:00", "1988-05-14T10:00:00.5+02:00")
    /// in EXIF form ("1988:05:14 10:00:00") with its UTC offset when it has one.
    public static func exifDate(_ text: String) -> (date: String, offset: String?)? {
        let chars = Array(text.trimmingCharacters(in: .whitespaces).utf8)
        func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
        func digits(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= chars.count, chars[range].allSatisfy(isDigit) else { return nil }
            return Int(String(decoding: chars[range], as: UTF8.self))
        }
        let (dash, colon, dot, t) = (UInt8(ascii: "-"), UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "T"))
        guard let year = digits(0..<4) else { return nil }
        var (month, day, hour, minute, second) = (1, 1, 0, 0, 0)
        var at = 4
        if at < chars.count, chars[at] == dash, let m = digits(5..<7) {
            month = m; at = 7
            if at < chars.count, chars[at] == dash, let d = digits(8..<10) { day = d; at = 10 }
        }
        if at < chars.count, chars[at] == t, let h = digits(at + 1..<at + 3), at + 3 < chars.count, chars[at + 3] == colon,
           let mi = digits(at + 4..<at + 6) {
            (hour, minute) = (h, mi)
            at += 6
            if at < chars.count, chars[at] == colon, let s = digits(at + 1..<at + 3) { second = s; at += 3 }
            if at < chars.count, chars[at] == dot { at += 1; while at < chars.count, isDigit(chars[at]) { at += 1 } }
        }
        var offset: String?
        let rest = String(decoding: chars[min(at, chars.count)...], as: UTF8.self)
        if rest == "Z" { offset = "+00:00" } else if rest.count == 6, rest.first == "+" || rest.first == "-" { offset = rest }
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let date = "\(year):\(two(month)):\(two(day)) \(two(hour)):\(two(minute)):\(two(second))"
        return (date, offset)
    }

    // MARK: - XML

    private static func local(_ name: String) -> String {
        name.firstIndex(of: ":").map { String(name[name.index(after: $0)...]) } ?? name
    }

    /// The namespace URI of a qualified `name` on `element` (an attribute's prefix resolves
    /// on its element).
    private static func uri(of element: XMLElement, name: String) -> String? {
        guard let colon = name.firstIndex(of: ":") else { return nil }
        let prefix = String(name[..<colon])
        var node: XMLNode? = element
        while let current = node as? XMLElement {
            if let found = current.namespace(forPrefix: prefix)?.stringValue { return found }
            node = current.parent
        }
        return nil
    }

    /// The texts of the `localName` elements anywhere under `element` (rdf:Bag/Seq/Alt items).
    private static func descendants(_ element: XMLElement, _ localName: String) -> [String] {
        var found: [String] = []
        for case let child as XMLElement in element.children ?? [] {
            if local(child.name ?? "") == localName { found.append(child.stringValue ?? "") } else { found += descendants(child, localName) }
        }
        return found
    }

    private static func contains(_ haystack: UnsafeRawBufferPointer, _ needle: [UInt8]) -> Bool {
        guard haystack.count >= needle.count, let first = needle.first else { return false }
        var i = 0
        let last = haystack.count - needle.count
        while i <= last {
            if haystack[i] == first {
                var k = 1
                while k < needle.count, haystack[i + k] == needle[k] { k += 1 }
                if k == needle.count { return true }
            }
            i += 1
        }
        return false
    }
}

extension PhotoMarks {
    /// The marks the peers wrote: `sources` in the order they are believed (sidecars before the
    /// embedded packet), each field from the first that has it; IPTC keywords join dc:subject.
    /// A flat keyword that names a level of one of the hierarchical tags is that tag, not a
    /// second one (peers write both): "Places|Italy|Rome" and "Rome" are one tag.
    public init(xmp sources: [XMPFacts], iptcKeywords: [String] = []) {
        self.init()
        if let rating = sources.lazy.compactMap(\.rating).first {
            (self.rating, rejected) = rating < 0 ? (0, true) : (min(5, rating), false)
        } else if let percent = sources.lazy.compactMap(\.microsoftRating).first, percent > 0 {
            // Windows' steps: 1, 25, 50, 75, 99.
            rating = switch percent { case ..<13: 1; case ..<38: 2; case ..<63: 3; case ..<88: 4; default: 5 }
        }
        label = sources.lazy.compactMap(\.label).first.flatMap(ColourLabel.init(xmpName:))
        // Hierarchies: those of the first source that has any.
        var hierarchical = sources.first { !$0.hierarchicalSubjects.isEmpty || !$0.digiKamTags.isEmpty }.map { facts in
            TagPath.unique(facts.hierarchicalSubjects.compactMap { TagPath.normalised($0, separator: "|") }
                           + facts.digiKamTags.compactMap { TagPath.normalised($0) })
        } ?? []
        // "Places" beside "Places/Italy" says nothing more: the deeper tag is under it.
        let folded = hierarchical.map(SearchText.fold)
        hierarchical = zip(hierarchical, folded).filter { _, tag in !folded.contains { $0.hasPrefix(tag + "/") } }.map(\.0)
        let flat = (sources.first { !$0.subjects.isEmpty }?.subjects ?? []) + iptcKeywords
        let levels = Set(hierarchical.flatMap { $0.split(separator: "/").map { SearchText.fold(String($0)) } })
        let own = flat.filter { !levels.contains(SearchText.fold($0)) }
            .compactMap { TagPath.normalised($0.replacingOccurrences(of: "/", with: " ")) }
        tags = TagPath.unique(hierarchical + own)
    }
}
