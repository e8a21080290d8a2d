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
    public static func resolve(_ metadata: Metadata) -> (text: String, source: DescriptionSource)? {
        let candidates: [(String?, DescriptionSource)] = [
            (metadata.exifDescription, .exif), (metadata.xmpDescription, .xmp), (metadata.iptcCaption, .iptc),
            (metadata.textDescription, .text),
        ]
        for (value, source) in candidates {
            if let text = usable(value, make: metadata.cameraMake, model: metadata.cameraModel) {
                return (text, source)
            }
        }
        return nil
    }

    /// `value` trimmed of whitespace and NULs, or nil when what would show (without controls
    /// and escape sequences) is blank or camera placeholder text (including the camera's own
    /// make or model). The text itself is kept as the file has it.
    public static func usable(_ value: String?, make: String? = nil, model: String? = nil) -> String? {
        guard let value else { return nil }
        let trimmed = value.trimmingCharacters(in: CharacterSet.whitespacesAndNewlines.union(CharacterSet(charactersIn: "\0")))
        let key = groupKey(trimmed)
        guard !key.isEmpty else { return nil }
        if key.isEmpty || placeholders.contains(key) { return nil }
        if key.allSatisfy({ $0 == "_" || $0 == "-" || $0 == "." || $0 == "?" || $0 == " " }) { return nil }
        let cameraNames: [String?] = [make, model, [make, model].compactMap { $0 }.joined(separator: " ")]
        for case let camera? in cameraNames where !camera.isEmpty && groupKey(camera) == key { return nil }
        return trimmed
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
