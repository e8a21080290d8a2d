/// What to write into a photo's metadata. Fields left nil are not touched.
public struct MetadataChanges: Sendable, Equatable {
    /// A new place, or none at all.
    public enum Location: Sendable, Equatable {
        case set(GPSPosition)
        /// Removes the GPS data (the whole GPS IFD; the GPS properties of the sidecar).
        case clear
    }

    /// Date taken in EXIF form, "YYYY:MM:DD HH:MM:SS": written to DateTimeOriginal and
    /// DateTimeDigitized (CreateDate), and to the sidecar's dates.
    public var dateTaken: String?
    /// The UTC offset of `dateTaken` ("+02:00"), when known: OffsetTimeOriginal and
    /// OffsetTimeDigitized. Ignored without `dateTaken`.
    public var utcOffset: String?
    public var location: Location?
    /// ImageDescription in the file; dc:description (x-default) in the sidecar.
    public var description: String?
    /// Sidecar only: true writes xmp:Rating 5; false removes a rating of 5 (ours), keeping
    /// any other rating (darktable writes 1 by default).
    public var favourite: Bool?
    /// Stars (xmp:Rating, −1 for a reject), label (xmp:Label) and tags (lr:hierarchicalSubject
    /// with "|", digiKam:TagsList with "/", dc:subject and IPTC Keywords with the leaves), all
    /// written together: in the sidecar, and in a JPEG's own XMP and IPTC.
    public var marks: PhotoMarks?
    /// The EXIF orientation 1–8: Orientation in IFD0, tiff:Orientation in the sidecar.
    public var orientation: Int?
    /// The camera, IFD0 Make and Model: only for a photo just made (a webcam's shot, issue 25).
    public var make: String?
    public var model: String?

    public init(dateTaken: String? = nil, utcOffset: String? = nil, location: Location? = nil,
                description: String? = nil, favourite: Bool? = nil, marks: PhotoMarks? = nil) {
        self.marks = marks
        self.dateTaken = dateTaken
        self.utcOffset = utcOffset
        self.location = location
        self.description = description
        self.favourite = favourite
    }

    /// Changes for a `Photo.takenAt`-style ISO date ("2004-12-25T18:30:00", with "+02:00"
    /// appended when the offset is known); nil when `takenAt` is not such a date.
    public init?(takenAt: String, location: Location? = nil, description: String? = nil, favourite: Bool? = nil) {
        let chars = Array(takenAt)
        guard chars.count == 19 || chars.count == 25, TakenAt.fromEXIF(takenAt) != nil,
              chars[4] == "-", chars[7] == "-", chars[10] == "T" else { return nil }
        let date = String(chars[0..<19]).replacingOccurrences(of: "-", with: ":")
            .replacingOccurrences(of: "T", with: " ")
        let offset = chars.count == 25 ? String(chars[19...]) : nil
        guard offset.map(TakenAt.isValidOffset) ?? true else { return nil }
        self.init(dateTaken: date, utcOffset: offset, location: location, description: description,
                  favourite: favourite)
    }

    /// True when something goes into the JPEG file's EXIF (the favourite lives in the sidecar only).
    public var touchesEXIF: Bool { dateTaken != nil || location != nil || description != nil || orientation != nil
        || make != nil || model != nil }

    /// True when something goes into the JPEG file: its EXIF, or its XMP and IPTC (the marks).
    public var touchesFile: Bool { touchesEXIF || marks != nil }

    /// True when there is nothing to write at all.
    public var isEmpty: Bool { !touchesFile && favourite == nil }

    /// Why these changes cannot be written, or nil when they can.
    func problem() -> String? {
        if let dateTaken {
            let chars = Array(dateTaken)
            let shape = chars.count == 19 && chars[4] == ":" && chars[7] == ":" && chars[10] == " "
                && chars[13] == ":" && chars[16] == ":"
            guard shape, TakenAt.fromEXIF(dateTaken) != nil else {
                return "date \"\(dateTaken)\" is not an EXIF date (YYYY:MM:DD HH:MM:SS)"
            }
        }
        if let orientation, !(1...8).contains(orientation) {
            return "orientation \(orientation) is not an EXIF orientation (1–8)"
        }
        if let utcOffset, let problem = UTCOffset.problem(utcOffset) {
            return "time-zone offset \(problem)"
        }
        if case .set(let position)? = location {
            guard position.latitude.isFinite, position.longitude.isFinite, abs(position.latitude) <= 90,
                  abs(position.longitude) <= 180 else {
                return "position \(position.latitude), \(position.longitude) is not on Earth"
            }
            if let altitude = position.altitude, !(altitude.isFinite && abs(altitude) < 100_000) {
                return "altitude \(altitude) m is out of range"
            }
        }
        return nil
    }
}

extension MetadataChanges {
    /// What `photo`'s edits (kept in the library, not yet in its file) ask to write: its date,
    /// place (or no place), description, turn and marks as edited; the favourite too when
    /// `favourite` (it lives in a sidecar). Write-back writes these; an export puts them in its copy.
    public init(editsOf photo: Photo, favourite: Bool) {
        let edits = photo.edits
        let location: Location? = edits.location.map { $0.position.map { .set($0) } ?? .clear }
        self.init(dateTaken: nil, location: location, description: edits.description,
                  favourite: favourite && edits.favourite ? true : nil)
        if edits.rating != nil || edits.rejected != nil || edits.label != nil || edits.tags != nil {
            marks = photo.marks
        }
        orientation = edits.orientation
        if edits.date != nil, let takenAt = photo.takenAt, let dated = MetadataChanges(takenAt: takenAt) {
            dateTaken = dated.dateTaken
            utcOffset = dated.utcOffset
        }
    }
}
