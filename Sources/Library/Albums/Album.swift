import Foundation

/// A manual album: photos the user put together by hand (issue 23). A photo can be in many;
/// membership and each photo's place in the album's hand-made order live in the photo's edits
/// (`PhotoEdits.albums`), so they go through the edit journal, undo, the trash, re-import and
/// relink like a favourite does; the album itself (its name, cover and order) lives in
/// `PhotoLibrary.albums`, changed by an `EditStep`'s `albumChanges`.
///
/// Names are paths: "Trips/Italy 2024" is the album "Italy 2024" in the album folder "Trips".
public struct Album: Sendable, Equatable, Identifiable {
    /// Stable across renames (membership names the album by it).
    public var id: String
    /// The album's path of folders and its name, "/"-separated ("Trips/Italy 2024").
    public var name: String
    /// The photo shown on the album's tile; nil (or a photo no longer in it): its first photo.
    public var cover: String?
    /// The album's order: nil is the order made by hand; else a sort of the photos.
    public var sort: PhotoSort?

    public init(id: String = EditStep.newID(), name: String, cover: String? = nil, sort: PhotoSort? = nil) {
        (self.id, self.name, self.cover, self.sort) = (id, name, cover, sort)
    }

    /// The id of the album's page (a `PhotoGroup`) on the home grid.
    public var groupID: String { Self.groupPrefix + id }
    static let groupPrefix = "album-"

    /// The album's id when `groupID` is an album's page.
    public static func albumID(ofGroup groupID: String) -> String? {
        groupID.hasPrefix(groupPrefix) ? String(groupID.dropFirst(groupPrefix.count)) : nil
    }

    /// The last part of the name: "Italy 2024".
    public var title: String { name.split(separator: "/").last.map(String.init) ?? name }

    /// `text` as an album name: each level trimmed, empty levels dropped, control characters
    /// removed; nil when nothing is left.
    public static func normalisedName(_ text: String) -> String? {
        let levels = text.split(separator: "/").map { level in
            String(String.UnicodeScalarView(level.unicodeScalars.filter { !$0.properties.generalCategory.isControl }))
                .trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }
        return levels.isEmpty ? nil : levels.joined(separator: "/")
    }

    /// How names are compared: case, accents and spacing around the slashes ignored.
    public static func key(_ name: String) -> String { SearchText.fold(normalisedName(name) ?? name) }

    /// Whether the album is `folder` or inside it (compared by `key`).
    func isIn(folderKey: String) -> Bool {
        let own = Self.key(name)
        return own == folderKey || own.hasPrefix(folderKey + "/")
    }
}

extension Unicode.GeneralCategory {
    var isControl: Bool { self == .control || self == .format }
}

/// What one step did to one album: made it (`before` nil), deleted it (`after` nil), or
/// renamed it, set its cover or its order.
public struct AlbumChange: Sendable, Equatable {
    public var albumID: String
    public var before: Album?
    public var after: Album?

    public init(albumID: String, before: Album?, after: Album?) {
        (self.albumID, self.before, self.after) = (albumID, before, after)
    }

    public var inverted: AlbumChange { AlbumChange(albumID: albumID, before: after, after: before) }
}
