/// What the user set on a photo, kept apart from what its file says: the user's value wins
/// wherever the photo is shown, grouped or searched, and the file's value stays visible.
/// `nil` means "not edited".
public struct PhotoEdits: Sendable, Equatable {
    /// The date taken the user set.
    public var date: EditedDate?
    /// The place the user set, or cleared.
    public var location: LocationEdit?
    /// The user's own description; an empty string clears the file's (the photo goes to "Other").
    public var description: String?
    public var favourite = false
    /// The user's stars (0–5) over the file's.
    public var rating: Int?
    /// The user's reject (or un-reject) over the file's.
    public var rejected: Bool?
    /// Picked to keep while culling: the user's own mark, like a favourite (no peer writes it).
    public var picked = false
    /// The user's colour label, or "no label", over the file's.
    public var label: LabelEdit?
    /// The user's whole list of tags over the file's (`TagPath` paths).
    public var tags: [String]?
    /// The EXIF orientation (1–8) the user turned or flipped the photo to, over the file's
    /// (`Orientation`: the user's turn composed with the file's own).
    public var orientation: Int?
    // Albums (issue 23): the albums the photo is in (by `Album.id`), each with the photo's place
    // in that album's hand-made order (smaller first). The user's own data, never written to files.
    public var albums: [String: Double] = [:]

    public init(date: EditedDate? = nil, location: LocationEdit? = nil, description: String? = nil,
                favourite: Bool = false, rating: Int? = nil, rejected: Bool? = nil, picked: Bool = false,
                label: LabelEdit? = nil, tags: [String]? = nil, orientation: Int? = nil) {
        self.date = date
        self.location = location
        self.description = description
        self.favourite = favourite
        (self.rating, self.rejected, self.picked, self.label, self.tags) = (rating, rejected, picked, label, tags)
        self.orientation = orientation
    }

    /// Nothing set: the photo is as its file says and not a favourite.
    public var isEmpty: Bool { self == PhotoEdits() }

    /// These edits with the change from `before` to `after` made: each field the change sets
    /// (where `before` and `after` differ; an album's place, album by album) takes `after`'s
    /// value, every other field keeps its value here, which another writer may have changed
    /// since the change was planned (a browser's edit saved late, after another machine's; an
    /// undo of an older step). `after` itself when these edits are `before`. A new field of
    /// `PhotoEdits` is listed here too.
    public func applying(from before: PhotoEdits, to after: PhotoEdits) -> PhotoEdits {
        var result = self
        func take<Value: Equatable>(_ field: WritableKeyPath<PhotoEdits, Value>) {
            if before[keyPath: field] != after[keyPath: field] { result[keyPath: field] = after[keyPath: field] }
        }
        take(\.date)
        take(\.location)
        take(\.description)
        take(\.favourite)
        take(\.rating)
        take(\.rejected)
        take(\.picked)
        take(\.label)
        take(\.tags)
        take(\.orientation)
        for album in Set(before.albums.keys).union(after.albums.keys) where before.albums[album] != after.albums[album] {
            result.albums[album] = after.albums[album]
        }
        return result
    }

    /// The metadata fields the user changed, by their JSON names ("takenAt", "location",
    /// "description", "rating", "rejected", "label", "tags", "orientation"); favourites and picks are the
    /// user's own data, not an edit of the file's.
    public var editedFields: [String] {
        var fields: [String] = []
        if date != nil { fields.append("takenAt") }
        if location != nil { fields.append("location") }
        if description != nil { fields.append("description") }
        if rating != nil { fields.append("rating") }
        if rejected != nil { fields.append("rejected") }
        if label != nil { fields.append("label") }
        if tags != nil { fields.append("tags") }
        if orientation != nil { fields.append("orientation") }
        return fields
    }

    /// These edits' marks over the file's `marks`.
    public func marks(over marks: PhotoMarks) -> PhotoMarks {
        PhotoMarks(rating: rating ?? marks.rating, rejected: rejected ?? marks.rejected,
                   label: label.map(\.label) ?? marks.label, tags: tags ?? marks.tags)
    }
}

/// A date taken set by the user, with how much of it the user knew: a scanned print may only
/// say "2004".
public struct EditedDate: Sendable, Equatable {
    /// ISO 8601 local time like `Photo.takenAt` ("2004-01-01T00:00:00", offset when known).
    public var value: String
    public var precision: DatePrecision

    public init(value: String, precision: DatePrecision = .second) {
        self.value = value
        self.precision = precision
    }
}

/// How much of a date is known.
public enum DatePrecision: String, Sendable, Comparable, CaseIterable {
    case year, month, day, minute, second

    public static func < (a: Self, b: Self) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// The user's place for a photo: a position, or "no location" over the file's GPS.
public enum LocationEdit: Sendable, Equatable {
    case set(GPSPosition)
    case cleared

    public var position: GPSPosition? {
        if case let .set(position) = self { return position }
        return nil
    }
}
