import Foundation

/// Where a photo's description came from, in the order they are tried.
public enum DescriptionSource: String, Sendable {
    case exif, xmp, iptc
    /// A PNG `tEXt`/`zTXt`/`iTXt` Description or Title.
    case text
    /// Typed by the user.
    case edited
    /// The `title` of the web feed item the photo was downloaded from.
    case feed

    /// Where the description came from, in words: "EXIF", "PNG text", "the feed".
    public var label: String {
        switch self {
        case .exif, .xmp, .iptc: rawValue.uppercased()
        case .text: "PNG text"
        case .edited: "edited"
        case .feed: "the feed"
        }
    }

    /// `label` for a file of `kind`: a video's text is its title or comment (issue 21), not PNG text.
    public func label(for kind: Photo.Kind) -> String {
        self == .text && kind == .video ? "the video's title or comment" : label
    }
}

/// Picks a photo's description from its metadata the way exiftool's composite Description
/// does — EXIF ImageDescription, then XMP dc:description, then IPTC Caption-Abstract, then a
/// PNG text chunk's Description or Title — and
/// treats blank values and camera placeholder text as no description at all.
public enum DescriptionResolver {
    /// Text cameras write into ImageDescription on their own; it describes nothing.
    static let placeholders: Set<String> = [
        "olympus digital camera", "sony dsc", "digital camera", "minolta digital camera",
        "konica minolta digital camera", "pentax digital camera", "nikon digital camera",
        "leica digital camera", "samsung digital camera", "kodak digital still camera",
        "sanyo digital camera", "camera", "default", "image", "picture", "photo", "untitled",
        "exif_jpeg_picture", "exif jpeg picture", "exif jpeg", "jpeg image", "samsung csc", "description", "no description",
        "camera description", "scanned image", "dcim", "easyshare", "easyshare camera",
    ]

    /// The first usable description and its source, or nil when the photo has none.
    /// `fileName` is the photo's file name: a description repeating it is filler.
    public static func resolve(_ metadata: Metadata, fileName: String? = nil) -> (text: String, source: DescriptionSource)? {
        let candidates: [(String?, DescriptionSource)] = [
            (metadata.exifDescription, .exif), (metadata.xmpDescription, .xmp), (metadata.iptcCaption, .iptc),
            (metadata.textDescription, .text),
        ]
        for (value, source) in candidates {
            if let text = usable(value, make: metadata.cameraMake, model: metadata.cameraModel, fileName: fileName) {
                return (text, source)
            }
        }
        return nil
    }

    /// `value` trimmed of whitespace and NULs, or nil when what would show (without controls
    /// and escape sequences) is blank or camera filler: placeholder text, the camera's own make
    /// or model, "… DIGITAL CAMERA", a bare number, a file-name counter or the file's own name
    /// (see `isFiller`). The text itself is kept as the file has it.
    public static func usable(_ value: String?, make: String? = nil, model: String? = nil,
                              fileName: String? = nil) -> String? {
        guard let value else { return nil }
        let trimmed = value.trimmingCharacters(in: CharacterSet.whitespacesAndNewlines.union(CharacterSet(charactersIn: "\0")))
        let key = groupKey(trimmed)
        guard !key.isEmpty, !isFiller(key) else { return nil }
        let cameraNames: [String?] = [make, model, [make, model].compactMap { $0 }.joined(separator: " ")]
        for case let camera? in cameraNames where !camera.isEmpty && groupKey(camera) == key { return nil }
        if let fileName, !fileName.isEmpty {
            let name = groupKey(fileName)
            let stem = groupKey((fileName as NSString).deletingPathExtension)
            if key == name || key == stem { return nil }
        }
        return trimmed
    }

    /// A cheap first look, for descriptions read by an older photory (a library file): false
    /// for text that none of the newer filler rules can match (a number, a file counter or
    /// name, "… camera") — text with a space that does not end in "camera" — so only the rest
    /// (one word, or "… DIGITAL CAMERA") need `usable`'s full look.
    static func mayBeFiller(_ text: String) -> Bool {
        guard text.utf8.contains(0x20) else { return true }
        let tail = text.utf8.suffix(6)
        return tail.count == 6 && tail.elementsEqual("camera".utf8) { a, b in a | 0x20 == b }
    }

    /// Whether a group key (see `groupKey`) is text a camera writes on its own: a placeholder
    /// ("olympus digital camera", "sony dsc"), anything ending in "digital camera" or
    /// "digital still camera", punctuation only, a bare number ("000001", "2019"), or a file
    /// counter of the kinds cameras and phones name files with ("dsc00006", "img_1234",
    /// "p1010001", "dscn0042.jpg", "img_20190605_123456"). Text with words in it ("beach 2019",
    /// "room 101") is a description.
    static func isFiller(_ key: String) -> Bool {
        if placeholders.contains(key) || key.hasSuffix("digital camera") || key.hasSuffix("digital still camera") {
            return true
        }
        let bytes = Array(key.utf8)
        if bytes.allSatisfy({ $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
            || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: " ") }) { return true }
        return isCounter(bytes)
    }

    /// A bare number, or a file counter: up to 5 letters (after an optional "_"), an optional
    /// "_" or "-", at least 4 digits, more runs of digits after "_" or "-", and an optional
    /// extension of 2–4 letters or digits. Lower case (group keys are).
    private static func isCounter(_ bytes: [UInt8]) -> Bool {
        func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }
        func isLetter(_ byte: UInt8) -> Bool { byte >= 97 && byte <= 122 }
        func isSeparator(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") }
        var i = 0
        var end = bytes.count
        // An extension: ".jpg", ".heic", ".mp".
        if let dot = bytes.lastIndex(of: UInt8(ascii: ".")), (2...4).contains(end - dot - 1),
           bytes[(dot + 1)...].allSatisfy({ isLetter($0) || isDigit($0) }) {
            end = dot
        }
        if i < end, bytes[i] == UInt8(ascii: "_") { i += 1 }
        let lettersStart = i
        while i < end, isLetter(bytes[i]) { i += 1 }
        let letters = i - lettersStart
        guard letters <= 5 else { return false }
        if letters > 0, i < end, isSeparator(bytes[i]) { i += 1 }
        let digitsStart = i
        while i < end, isDigit(bytes[i]) { i += 1 }
        let digits = i - digitsStart
        // A bare number of any length; after letters, a counter of at least 4 digits.
        guard digits > 0, letters == 0 || digits >= 4 else { return false }
        while i < end, isSeparator(bytes[i]) {
            i += 1
            let runStart = i
            while i < end, isDigit(bytes[i]) { i += 1 }
            guard i > runStart else { return false }
        }
        return i == end
    }

    /// The key photos are grouped by: what shows (controls and escape sequences removed),
    /// case-folded, Unicode-normalised, runs of whitespace collapsed.
    public static func groupKey(_ description: String) -> String {
        description.strippingControlCharacters.precomposedStringWithCanonicalMapping
            .lowercased()
            .split(whereSeparator: { $0.isWhitespace })
            .joined(separator: " ")
    }
}
