import Foundation

/// A photographer's marks on a photo as its file (embedded XMP, IPTC) or sidecar says them:
/// stars, reject, colour label and hierarchical tags. The user's own values are edits over
/// these (`PhotoEdits.rating`…); `Photo.rating`, `isRejected`, `label` and `tags` give the
/// result. The XMP/IPTC properties they come from and go to: `XMPMarks`.
public struct PhotoMarks: Sendable, Equatable {
    /// Stars, 0–5 (0: not rated).
    public var rating = 0
    /// xmp:Rating −1, as darktable, digiKam and Lightroom write a reject.
    public var rejected = false
    public var label: ColourLabel?
    /// Full tag paths with "/" ("Places/Italy/Rome"), normalised by `TagPath`.
    public var tags: [String] = []

    public init(rating: Int = 0, rejected: Bool = false, label: ColourLabel? = nil, tags: [String] = []) {
        (self.rating, self.rejected, self.label, self.tags) = (rating, rejected, label, tags)
    }

    public var isEmpty: Bool { self == PhotoMarks() }
}

/// A colour label, as Lightroom and darktable name them in xmp:Label.
public enum ColourLabel: String, Sendable, CaseIterable {
    case red, orange, yellow, green, blue, purple

    /// The label an xmp:Label names ("Red", "purple"; Lightroom's "Violet" is purple), or nil.
    public init?(xmpName: String) {
        let name = xmpName.lowercased()
        if let label = ColourLabel(rawValue: name) { self = label } else if name == "violet" || name == "magenta" {
            self = .purple
        } else {
            return nil
        }
    }

    /// How xmp:Label spells it ("Red").
    public var xmpName: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
}

/// The user's colour label over the file's: a label, or "no label" over the file's.
public enum LabelEdit: Sendable, Equatable {
    case set(ColourLabel)
    case cleared

    public var label: ColourLabel? {
        if case let .set(label) = self { return label }
        return nil
    }
}

/// Hierarchical tag paths: "Places/Italy/Rome", each level trimmed, empty levels dropped.
/// Tags compare ignoring case and accents (`SearchText.fold`).
public enum TagPath {
    /// `text` as a tag path split at `separator` ("/" ours and digiKam's, "|" Lightroom's);
    /// nil when nothing is left.
    public static func normalised(_ text: String, separator: Character = "/") -> String? {
        let levels = text.split(separator: separator).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty }
        return levels.isEmpty ? nil : levels.joined(separator: "/")
    }

    /// The last level ("Rome" of "Places/Italy/Rome").
    public static func leaf(_ tag: String) -> String {
        tag.split(separator: "/").last.map(String.init) ?? tag
    }

    /// `tag` and every tag it is under, outermost first ("Places", "Places/Italy", …).
    public static func ancestry(_ tag: String) -> [String] {
        let levels = tag.split(separator: "/")
        return levels.indices.map { levels[...$0].joined(separator: "/") }
    }

    /// Whether `tag` is `prefix` or under it, `prefix` folded ("places/italy" finds
    /// "Places/Italy/Rome", not "Places/Italyx").
    public static func tag(_ tag: String, isUnder foldedPrefix: String) -> Bool {
        let folded = SearchText.fold(tag)
        return folded == foldedPrefix || folded.hasPrefix(foldedPrefix + "/")
    }

    /// `tags` without repeats (case and accents ignored; the first spelling wins), in order.
    public static func unique(_ tags: [String]) -> [String] {
        var seen = Set<String>()
        return tags.filter { seen.insert(SearchText.fold($0)).inserted }
    }

    /// Whether two tag lists hold the same tags, whatever their order and case.
    public static func same(_ a: [String], _ b: [String]) -> Bool {
        Set(a.map(SearchText.fold)) == Set(b.map(SearchText.fold))
    }
}
