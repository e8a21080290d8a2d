import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A JPEG's bytes with every trace of where it was taken removed, for `export --strip-gps`
/// (`PhotoExporter`): nothing of the place may leak, so each place a JPEG can carry one is
/// handled, and what cannot be cleaned goes whole.
///
/// 1. EXIF: the GPS directory goes (`JPEGMetadataWriter.rewrite` with the location cleared).
/// 2. The embedded XMP packet: every property, attribute or element, whose name says a place
///    (`isPlaceProperty`: exif:GPSLatitude, photoshop:City, Iptc4xmpCore:Location,
///    Iptc4xmpExt:LocationShown, drone-dji:GpsLatitude…) goes, whatever its namespace and
///    prefix; the rest stays. A packet that is not XML goes whole.
/// 3. Extended XMP (the overflow of a large packet) goes whole, with its pointer
///    (xmpNote:HasExtendedXMP).
/// 4. IPTC (Photoshop APP13): the place datasets go (2:26, 2:27 content location, 2:90 city,
///    2:92 sub-location, 2:95 province/state, 2:100 and 2:101 country), with the IPTC digest.
/// 5. What follows the picture's end (EOI) goes with the MPF directory (APP2) that points into
///    it: a Motion Photo's video and an MPO's other pictures carry their own position.
///    `trailerDropped` says so.
/// Every other byte is kept: the image data is not touched.
enum JPEGPlaceRemover {
    struct Output {
        var bytes: [UInt8]
        /// True when something after the picture's end was left out (step 5).
        var trailerDropped: Bool
    }

    static let extendedXMPSignature: [UInt8] = Array("http://ns.adobe.com/xmp/extension/\0".utf8)
    static let mpfSignature: [UInt8] = Array("MPF\0".utf8)

    /// IIM datasets (record 2) that name a place.
    static let iptcPlaceDatasets: Set<UInt8> = [26, 27, 90, 92, 95, 100, 101]

    /// `bytes` (a JPEG) without its place; `path` only names the file in errors.
    static func removingPlace(from bytes: [UInt8], path: String) throws(WriteBackError) -> Output {
        let withoutGPS = try JPEGMetadataWriter.rewrite(bytes, with: MetadataChanges(location: .clear), path: path).bytes
        var out: [UInt8] = [0xFF, 0xD8]
        out.reserveCapacity(withoutGPS.count)
        var pos = 2
        // The segments before the image data (checked by `JPEGLayout` in `rewrite`).
        while pos + 4 <= withoutGPS.count, withoutGPS[pos] == 0xFF, withoutGPS[pos + 1] != 0xDA {
            if withoutGPS[pos + 1] == 0xFF || withoutGPS[pos + 1] == 0x01 || (0xD0...0xD7).contains(withoutGPS[pos + 1]) {
                pos += 1   // fill byte, or a marker without a length
                continue
            }
            let marker = withoutGPS[pos + 1]
            let end = min(withoutGPS.count, pos + 2 + (Int(withoutGPS[pos + 2]) << 8 | Int(withoutGPS[pos + 3])))
            let payload = Array(withoutGPS[(pos + 4)..<end])
            pos = end
            switch marker {
            case 0xE1 where payload.starts(with: JPEGMarksEditor.xmpSignature):
                let packet = Array(payload[JPEGMarksEditor.xmpSignature.count...])
                guard let cleaned = XMPSidecar.withoutPlace(packet),
                      cleaned.count + JPEGMarksEditor.xmpSignature.count + 2 <= 0xFFFF else { continue }
                out += JPEGMarksEditor.segment(0xE1, JPEGMarksEditor.xmpSignature + cleaned)
            case 0xE1 where payload.starts(with: extendedXMPSignature):
                continue
            case 0xE2 where payload.starts(with: mpfSignature):
                continue
            case 0xED where payload.starts(with: IPTCReader.signature):
                let photoshop = JPEGMarksEditor.photoshopPayload(payload) { old in
                    JPEGMarksEditor.iim(old, dropping: { $0 == 2 && iptcPlaceDatasets.contains($1) }).kept
                }
                out += JPEGMarksEditor.segment(0xED, photoshop)
            default:
                out += JPEGMarksEditor.segment(marker, payload)
            }
        }
        // The image data, up to and with the first EOI (FF D9 appears nowhere else in it).
        var end = withoutGPS.count
        var i = pos
        while i + 1 < withoutGPS.count {
            if withoutGPS[i] == 0xFF, withoutGPS[i + 1] == 0xD9 {
                end = i + 2
                break
            }
            i += 1
        }
        out += withoutGPS[pos..<end]
        return Output(bytes: out, trailerDropped: end < withoutGPS.count)
    }
}

extension XMPSidecar {
    /// Whether an XMP property's local name says where the photo was taken.
    static func isPlaceProperty(_ localName: String) -> Bool {
        let name = localName.lowercased()
        return ["gps", "latitude", "longitude", "altitude", "location"].contains { name.contains($0) }
            || ["city", "state", "country", "countrycode", "countryname", "provincestate", "worldregion", "coverage",
                "hasextendedxmp"].contains(name)
    }

    /// `packet` (an XMP packet) without a property that says a place (`isPlaceProperty`),
    /// in any description or structure; nil when it is not XML.
    static func withoutPlace(_ packet: [UInt8]) -> [UInt8]? {
        LibXMLErrors.silenceOnThisThread()
        guard let document = try? XMLDocument(data: Data(packet), options: [.nodePreserveWhitespace]),
              let root = document.rootElement() else { return nil }
        func clean(_ element: XMLElement) {
            for attribute in element.attributes ?? [] {
                if let name = PropertyEditor.localName(of: attribute), isPlaceProperty(name), let full = attribute.name {
                    element.removeAttribute(forName: full)
                }
            }
            for case let child as XMLElement in element.children ?? [] {
                if let name = PropertyEditor.localName(of: child), isPlaceProperty(name) {
                    child.detach()
                } else {
                    clean(child)
                }
            }
        }
        clean(root)
        return Array(document.xmlData())
    }
}
