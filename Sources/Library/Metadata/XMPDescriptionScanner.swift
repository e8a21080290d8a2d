#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds `dc:description` in an XMP packet without an XML parser.
///
/// Handles the element form (`<dc:description><rdf:Alt><rdf:li xml:lang="x-default">…`,
/// x-default preferred, else the first non-empty entry) and the attribute form
/// (`dc:description="…"`), and decodes the five named XML entities and numeric references.
/// The scan is linear in the packet size and never reads outside it.
enum XMPDescriptionScanner {
    static let signature: [UInt8] = Array("http://ns.adobe.com/xap/1.0/\0".utf8)

    private static let name: [UInt8] = Array("dc:description".utf8)
    private static let closeName: [UInt8] = Array("</dc:description".utf8)
    private static let li: [UInt8] = Array("<rdf:li".utf8)
    private static let xmlLang: [UInt8] = Array("xml:lang".utf8)
    private static let xDefault: [UInt8] = Array("x-default".utf8)
    /// At most this many `dc:description` occurrences are examined per packet.
    private static let maxCandidates = 64

    /// The cleaned description in `packet`, or `nil`.
    static func description(in packet: UnsafeRawBufferPointer) -> String? {
        var from = 0
        var candidates = 0
        while candidates < maxCandidates, let hit = find(name, in: packet, from: from, to: packet.count) {
            candidates += 1
            from = hit + name.count
            let before: UInt8 = hit > 0 ? packet[hit - 1] : 0x20
            if before == UInt8(ascii: "<") {
                let (text, resume) = elementValue(packet, nameEnd: from)
                if let text { return text }
                from = max(from, resume)  // skip the whole element: keeps the scan linear
            } else if before == UInt8(ascii: "/") {
                continue  // a closing tag
            } else if isXMLSpace(before) {
                if let text = attributeValue(packet, nameEnd: from) { return text }
            }
        }
        return nil
    }

    // MARK: - Forms

    private static func attributeValue(_ p: UnsafeRawBufferPointer, nameEnd: Int) -> String? {
        var i = skipSpace(p, nameEnd)
        guard i < p.count, p[i] == UInt8(ascii: "=") else { return nil }
        i = skipSpace(p, i + 1)
        guard i < p.count, p[i] == UInt8(ascii: "\"") || p[i] == UInt8(ascii: "'") else { return nil }
        let quote = p[i]
        let start = i + 1
        guard let end = index(of: quote, in: p, from: start) else { return nil }
        return decodeText(p, start..<end)
    }

    /// The element's text and where to resume the search when there is none.
    private static func elementValue(_ p: UnsafeRawBufferPointer, nameEnd: Int) -> (String?, Int) {
        // The name must end here (not `dc:descriptionFoo`).
        guard nameEnd < p.count, isXMLSpace(p[nameEnd]) || p[nameEnd] == UInt8(ascii: ">")
            || p[nameEnd] == UInt8(ascii: "/") else { return (nil, nameEnd) }
        guard let tagEnd = index(of: UInt8(ascii: ">"), in: p, from: nameEnd) else { return (nil, p.count) }
        if p[tagEnd - 1] == UInt8(ascii: "/") { return (nil, tagEnd) }  // <dc:description/>
        let contentStart = tagEnd + 1
        let contentEnd = find(closeName, in: p, from: contentStart, to: p.count) ?? p.count

        var first: String?
        var cursor = contentStart
        var sawItem = false
        while let liStart = find(li, in: p, from: cursor, to: contentEnd) {
            let afterName = liStart + li.count
            cursor = afterName
            guard afterName < contentEnd,
                  isXMLSpace(p[afterName]) || p[afterName] == UInt8(ascii: ">")
                    || p[afterName] == UInt8(ascii: "/") else { continue }
            guard let liTagEnd = index(of: UInt8(ascii: ">"), in: p, from: afterName),
                  liTagEnd < contentEnd else { break }
            sawItem = true
            let attributes = afterName..<liTagEnd
            let isDefault = isXDefault(p, attributes)
            if p[liTagEnd - 1] == UInt8(ascii: "/") { cursor = liTagEnd + 1; continue }
            let textStart = liTagEnd + 1
            // Text content ends at the next tag (normally </rdf:li>); XML text has no raw '<'.
            let textEnd = index(of: UInt8(ascii: "<"), in: p, from: textStart, to: contentEnd) ?? contentEnd
            cursor = textEnd
            let text = decodeText(p, textStart..<textEnd)
            if isDefault, let text { return (text, textEnd) }
            if first == nil { first = text }
        }
        if sawItem { return (first, contentEnd) }
        // No rdf:li: plain text content (not standard XMP, but seen in the wild).
        let range = contentStart..<contentEnd
        if index(of: UInt8(ascii: "<"), in: p, from: range.lowerBound, to: range.upperBound) != nil {
            return (nil, contentEnd)
        }
        return (decodeText(p, range), contentEnd)
    }

    private static func isXDefault(_ p: UnsafeRawBufferPointer, _ attributes: Range<Int>) -> Bool {
        guard let lang = find(xmlLang, in: p, from: attributes.lowerBound, to: attributes.upperBound) else {
            return false
        }
        var i = skipSpace(p, lang + xmlLang.count)
        guard i < attributes.upperBound, p[i] == UInt8(ascii: "=") else { return false }
        i = skipSpace(p, i + 1)
        guard i < attributes.upperBound else { return false }
        let quote = p[i]
        guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return false }
        guard let end = index(of: quote, in: p, from: i + 1, to: attributes.upperBound) else { return false }
        guard end - (i + 1) == xDefault.count else { return false }
        for k in 0..<xDefault.count where p[i + 1 + k] | 0x20 != xDefault[k] | 0x20 { return false }
        return true
    }

    // MARK: - Text

    /// UTF-8 text with XML entities decoded, then cleaned.
    static func decodeText(_ p: UnsafeRawBufferPointer, _ range: Range<Int>) -> String? {
        let slice = UnsafeRawBufferPointer(rebasing: p[range])
        guard index(of: UInt8(ascii: "&"), in: slice, from: 0) != nil else {
            return MetadataText.clean(MetadataText.decodeUTF8Lossy(slice))
        }
        var out: [UInt8] = []
        out.reserveCapacity(slice.count)
        var i = 0
        let n = slice.count
        while i < n {
            let b = slice[i]
            guard b == UInt8(ascii: "&") else { out.append(b); i += 1; continue }
            // Find ';' within a short window.
            var semi = -1
            var j = i + 1
            while j < n, j <= i + 12 {
                if slice[j] == UInt8(ascii: ";") { semi = j; break }
                j += 1
            }
            guard semi > i + 1 else { out.append(b); i += 1; continue }
            let entity = UnsafeRawBufferPointer(rebasing: slice[(i + 1)..<semi])
            if let scalar = entityScalar(entity) {
                out.append(contentsOf: Array(String(Character(scalar)).utf8))
                i = semi + 1
            } else {
                out.append(b)
                i += 1
            }
        }
        return out.withUnsafeBytes { MetadataText.clean(MetadataText.decodeUTF8Lossy($0)) }
    }

    private static func entityScalar(_ e: UnsafeRawBufferPointer) -> Unicode.Scalar? {
        switch Array(e) {
        case Array("amp".utf8): return "&"
        case Array("lt".utf8): return "<"
        case Array("gt".utf8): return ">"
        case Array("quot".utf8): return "\""
        case Array("apos".utf8): return "'"
        default: break
        }
        guard e.count >= 2, e[0] == UInt8(ascii: "#") else { return nil }
        var value: UInt32 = 0
        let hex = e[1] == UInt8(ascii: "x") || e[1] == UInt8(ascii: "X")
        let digits = hex ? 2..<e.count : 1..<e.count
        guard !digits.isEmpty, digits.count <= 8 else { return nil }
        for k in digits {
            let c = e[k]
            let d: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: d = UInt32(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: d = UInt32(c - UInt8(ascii: "A") + 10)
            default: return nil
            }
            value = value &* (hex ? 16 : 10) &+ d
            if value > 0x10FFFF { return nil }
        }
        return Unicode.Scalar(value)
    }

    // MARK: - Byte search

    private static func isXMLSpace(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D
    }

    private static func skipSpace(_ p: UnsafeRawBufferPointer, _ from: Int) -> Int {
        var i = from
        while i < p.count, isXMLSpace(p[i]) { i += 1 }
        return i
    }

    private static func index(of byte: UInt8, in p: UnsafeRawBufferPointer, from: Int, to: Int? = nil) -> Int? {
        let end = min(to ?? p.count, p.count)
        guard from < end, let base = p.baseAddress else { return nil }
        guard let hit = memchr(base + from, Int32(byte), end - from) else { return nil }
        return UnsafeRawPointer(hit) - base
    }

    /// First index of `needle` in `p[from..<to]`.
    private static func find(_ needle: [UInt8], in p: UnsafeRawBufferPointer, from: Int, to: Int) -> Int? {
        let end = min(to, p.count)
        guard from >= 0, !needle.isEmpty, end - from >= needle.count, let base = p.baseAddress else { return nil }
        let first = needle[0]
        let last = end - needle.count
        var i = from
        while i <= last {
            guard let hit = memchr(base + i, Int32(first), last - i + 1) else { return nil }
            let at = UnsafeRawPointer(hit) - base
            var k = 1
            while k < needle.count, p[at + k] == needle[k] { k += 1 }
            if k == needle.count { return at }
            i = at + 1
        }
        return nil
    }
}
