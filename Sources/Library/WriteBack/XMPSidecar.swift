import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Writes date, place, description, stars, label, tags and orientation into an XMP sidecar beside the photo,
/// `photo.jpg.xmp` (the name darktable and digiKam use by default).
///
/// An existing sidecar keeps everything it holds (darktable keeps its whole edit history
/// there): only our properties are replaced or added inside its first rdf:Description, and
/// removed from any other, whether they were written as attributes or as elements. A sidecar
/// that is not valid XML, or XML without an rdf:RDF, is refused and left as it is. The file
/// is replaced atomically, like the photo (`AtomicFile`).
public enum XMPSidecar {
    /// Namespaces of the properties we write, with the prefixes we prefer.
    enum Namespace {
        static let rdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
        static let xmp = ("xmp", "http://ns.adobe.com/xap/1.0/")
        static let exif = ("exif", "http://ns.adobe.com/exif/1.0/")
        static let photoshop = ("photoshop", "http://ns.adobe.com/photoshop/1.0/")
        static let tiff = ("tiff", XMPFacts.Namespace.tiff)
        static let dc = ("dc", "http://purl.org/dc/elements/1.1/")
        static let lightroom = ("lr", XMPFacts.Namespace.lightroom)
        static let digiKam = ("digiKam", XMPFacts.Namespace.digiKam)
        static let microsoftPhoto = ("MicrosoftPhoto", XMPFacts.Namespace.microsoftPhoto)
    }

    /// The sidecar of the photo at `photoPath`.
    public static func path(forPhoto photoPath: String) -> String { photoPath + ".xmp" }

    /// Writes `changes` into the sidecar of `photoPath` (created when absent); returns its path.
    @discardableResult
    public static func write(_ changes: MetadataChanges, forPhoto photoPath: String) throws(WriteBackError) -> String {
        let path = path(forPhoto: photoPath)
        if let problem = changes.problem() { throw .invalidValue(path: path, reason: problem) }
        var info = stat()
        let exists = PathBytes.stat(path, &info) == 0
        var existing: [UInt8]?
        if exists {
            do {
                existing = try FileBytes.read(path, maxBytes: 64 << 20)
            } catch {
                throw .unreadable(path: path, reason: error.description)
            }
        } else {
            let mask = umask(0)
            umask(mask)
            info.st_mode = S_IFREG | (0o666 & ~mask)
            info.st_uid = geteuid()
            info.st_gid = getegid()
        }
        let text = try updated(existing, with: changes, path: path)
        if let reason = AtomicFile.checkWritable(path, info: info, fileExists: exists) {
            throw .readOnly(path: path, reason: reason)
        }
        let written = text.withUnsafeBytes { raw in
            Result { () throws(WriteBackError) in
                try AtomicFile.replace(path, with: [raw], keep: .init(info: info, times: false)) {
                    var now = stat()
                    let found = PathBytes.stat(path, &now) == 0
                    return exists ? found && now.st_ino == info.st_ino && now.st_mtim.tv_nsec == info.st_mtim.tv_nsec
                        && now.st_mtim.tv_sec == info.st_mtim.tv_sec : !found
                }
            }
        }
        _ = try written.get()
        return path
    }

    /// The sidecar's new text: `existing` (nil for a new sidecar) with `changes` applied.
    static func updated(_ existing: [UInt8]?, with changes: MetadataChanges, path: String) throws(WriteBackError) -> [UInt8] {
        let document: XMLDocument
        LibXMLErrors.silenceOnThisThread()
        do {
            document = try XMLDocument(data: Data(existing ?? Array(emptyPacket.utf8)), options: [.nodePreserveWhitespace])
        } catch {
            throw .invalidSidecar(path: path, reason: "not valid XML (\(error.localizedDescription))")
        }
        guard let rdf = firstElement(in: document.rootElement(), localName: "RDF", uri: Namespace.rdf) else {
            throw .invalidSidecar(path: path, reason: "no rdf:RDF element: not an XMP packet")
        }
        var descriptions = PropertyEditor.children(of: rdf, "Description", Namespace.rdf)
        if descriptions.isEmpty {
            let description = XMLElement(name: "rdf:Description")
            description.addAttribute(XMLNode.attribute(withName: "rdf:about", stringValue: "") as! XMLNode)
            rdf.addChild(description)
            descriptions = [description]
        }
        let editor = PropertyEditor(target: descriptions[0], all: descriptions)
        apply(changes, with: editor)
        return Array(document.xmlData())
    }

    /// A new sidecar before any property is added.
    static let emptyPacket = """
        <?xml version="1.0" encoding="UTF-8"?>
        <x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="photory-tui">
         <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
          <rdf:Description rdf:about=""/>
         </rdf:RDF>
        </x:xmpmeta>

        """

    // MARK: - Our properties

    private static func apply(_ changes: MetadataChanges, with editor: PropertyEditor) {
        if let date = changes.dateTaken {
            let value = xmpDate(date, offset: changes.utcOffset)
            editor.set(Namespace.xmp, "CreateDate", value)
            editor.set(Namespace.exif, "DateTimeOriginal", value)
            editor.set(Namespace.photoshop, "DateCreated", value)
        }
        switch changes.location {
        case .set(let position)?:
            // Only the position's properties: a version, or an altitude the position lacks, stays.
            if editor.value(Namespace.exif, "GPSVersionID") == nil { editor.set(Namespace.exif, "GPSVersionID", "2.3.0.0") }
            editor.set(Namespace.exif, "GPSLatitude", coordinate(position.latitude, positive: "N", negative: "S"))
            editor.set(Namespace.exif, "GPSLongitude", coordinate(position.longitude, positive: "E", negative: "W"))
            if let altitude = position.altitude {
                editor.set(Namespace.exif, "GPSAltitude", "\(Int((abs(altitude) * 100).rounded()))/100")
                editor.set(Namespace.exif, "GPSAltitudeRef", altitude < 0 ? "1" : "0")
            }
        case .clear?:
            for name in ["GPSVersionID", "GPSLatitude", "GPSLongitude", "GPSAltitude", "GPSAltitudeRef"] {
                editor.remove(Namespace.exif, name)
            }
        case nil:
            break
        }
        if let marks = changes.marks {
            apply(marks, with: editor)
        } else {
            switch changes.favourite {
            case true?: editor.set(Namespace.xmp, "Rating", "5")
            case false? where editor.value(Namespace.xmp, "Rating") == "5": editor.remove(Namespace.xmp, "Rating")
            default: break
            }
        }
        if let description = changes.description {
            editor.setDefaultLanguage(Namespace.dc, "description", description)
        }
        if let orientation = changes.orientation {
            editor.set(Namespace.tiff, "Orientation", String(orientation))
        }
    }

    /// The marks as the peers write them (see `XMPFacts`); a Windows percent rating, which
    /// would now say something else, goes.
    private static func apply(_ marks: PhotoMarks, with editor: PropertyEditor) {
        editor.set(Namespace.xmp, "Rating", marks.rejected ? "-1" : String(marks.rating))
        editor.remove(Namespace.microsoftPhoto, "Rating")
        editor.remove((Namespace.microsoftPhoto.0, Namespace.microsoftPhoto.1 + "/"), "Rating")
        if let label = marks.label { editor.set(Namespace.xmp, "Label", label.xmpName) } else { editor.remove(Namespace.xmp, "Label") }
        editor.setList(Namespace.lightroom, "hierarchicalSubject", "Bag", marks.tags.map { $0.replacingOccurrences(of: "/", with: "|") })
        editor.setList(Namespace.digiKam, "TagsList", "Seq", marks.tags)
        editor.setList(Namespace.dc, "subject", "Bag", TagPath.unique(marks.tags.map(TagPath.leaf)))
    }

    /// "2004:12:25 18:30:00" + "+02:00" → "2004-12-25T18:30:00+02:00" (XMP's date form).
    static func xmpDate(_ exifDate: String, offset: String?) -> String {
        let chars = Array(exifDate)
        let date = String(chars[0..<10]).replacingOccurrences(of: ":", with: "-")
        return date + "T" + String(chars[11...]) + (offset ?? "")
    }

    /// XMP's GPS coordinate form, degrees and decimal minutes: -22.9068 → "22,54.408S".
    static func coordinate(_ value: Double, positive: String, negative: String) -> String {
        let microMinutes = Int((abs(value) * 60 * 1_000_000).rounded())
        let degrees = microMinutes / 60_000_000
        let rest = microMinutes % 60_000_000
        var fraction = String(rest % 1_000_000)
        fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
        while fraction.count > 1, fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(degrees),\(rest / 1_000_000).\(fraction)" + (value < 0 ? negative : positive)
    }

    /// The first element under `node` (itself included) with this name.
    private static func firstElement(in node: XMLElement?, localName: String, uri: String) -> XMLElement? {
        guard let node else { return nil }
        if PropertyEditor.localName(of: node) == localName, node.uri == uri { return node }
        for case let child as XMLElement in node.children ?? [] {
            if let found = firstElement(in: child, localName: localName, uri: uri) { return found }
        }
        return nil
    }
}
