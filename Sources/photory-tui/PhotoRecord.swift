import Library

/// A photo as the CLI prints it in JSON: the stable shape scripts rely on. Values are the
/// photo's as the user sees it (their edits applied); `edited` names the fields the user
/// changed and `original` holds what the file says for those.
struct PhotoRecord: Encodable {
    var id: String
    var path: String
    /// The exact bytes of `path` in base64, only when it is not UTF-8 (`path` then holds
    /// them as surrogate escapes, see `PathBytes`).
    var pathBytes: String?
    var group: String
    var groupId: String
    /// "photo", "raw" or "video".
    var kind: String
    /// A video's length in seconds, when its file says.
    var duration: Double?
    /// True for an animation (a GIF with more than one frame); left out otherwise.
    var animated: Bool?
    /// Motion Photos (issue 21): true on a photo with a motion part (left out otherwise), and
    /// that part's length in seconds.
    var motion: Bool?
    var motionDuration: Double?
    // Stacks (issue 21): the same string for every member of a RAW+JPEG or Live Photo stack
    // (its cover's id), left out for a photo alone.
    var stack: String?
    var description: String?
    var descriptionSource: String?
    /// As shown: `orientation` applied (a photo turned a quarter swaps them). Left out while
    /// not known (a web photo not downloaded yet, unless its feed says).
    var width: Int?
    var height: Int?
    /// The EXIF orientation 1–8 the photo is shown with (the user's turn over the file's).
    var orientation: Int
    /// Left out while not known, like the size.
    var takenAt: String?
    var takenAtSource: String?
    /// "year", "month", "day" or "minute" when the user set a date known only so far.
    var takenAtPrecision: String?
    var cameraMake: String?
    var cameraModel: String?
    var gps: GPSPosition?
    var latitude: Double?
    var longitude: Double?
    /// The nearest city of the offline table ("Rio de Janeiro, BR"), when within 100 km.
    var place: String?
    var fileSize: Int64
    var missing: Bool
    /// Web photos only: where the photo came from, its feed and album, whether its original is
    /// here, and (only when true) whether its item left the feed.
    var sourceURL: String?
    var feedURL: String?
    var albumId: String?
    var downloaded: Bool?
    var leftFeed: Bool?
    var favourite: Bool
    /// Stars 0–5, reject and pick, the colour label (absent when none) and the tags (full
    /// paths with "/"): the user's over the file's.
    var rating: Int
    var rejected: Bool
    var picked: Bool
    var label: String?
    var tags: [String]
    var edited: [String]
    var original: Original?
    // Albums (issue 23): the names of the manual albums the photo is in (left out when none).
    var albums: [String]?

    /// The file's own values of the fields the user edited.
    struct Original: Encodable {
        var takenAt: String?
        var gps: GPSPosition?
        var description: String?
        var rating: Int?
        var rejected: Bool?
        var label: String?
        var tags: [String]?
        var orientation: Int?
    }

    init(_ photo: Photo, in library: PhotoLibrary) {
        id = photo.id
        path = photo.path
        pathBytes = PathBytes.base64(photo.path)
        groupId = PhotoLibrary.groupID(of: photo)
        group = library.group(id: groupId)?.name ?? PhotoGroup.otherName
        kind = photo.kind.name
        duration = photo.duration
        animated = photo.animated ? true : nil
        stack = photo.stack?.id   // Stacks (issue 21)
        if photo.hasMotion {   // Motion Photos and Live Photos (issue 21): the motion part's length
            motion = true
            motionDuration = photo.motionRange != nil ? photo.motionDuration
                : library.stack(of: photo.id)?.memberIDs.lazy.compactMap(library.photo(id:)).first { $0.kind == .video }?.duration
        }
        description = photo.description
        descriptionSource = photo.descriptionSource?.rawValue
        width = photo.isSizeKnown ? photo.displaySize.width : nil
        height = photo.isSizeKnown ? photo.displaySize.height : nil
        orientation = photo.orientation
        takenAt = photo.takenAt
        takenAtSource = photo.takenAtSource?.rawValue
        takenAtPrecision = photo.takenAtPrecision == .second ? nil : photo.takenAtPrecision.rawValue
        cameraMake = photo.cameraMake
        cameraModel = photo.cameraModel
        gps = photo.gps
        latitude = photo.gps?.latitude
        longitude = photo.gps?.longitude
        place = photo.gps.flatMap { (try? PlaceTable.shared())?.nearest(to: $0)?.label }
        fileSize = photo.fileSize
        missing = photo.missing
        sourceURL = photo.sourceURL
        feedURL = photo.feedURL
        albumId = photo.albumID
        let inAlbums = library.albums(of: photo.id).map(\.name)
        albums = inAlbums.isEmpty ? nil : inAlbums
        downloaded = photo.sourceURL == nil ? nil : photo.isDownloaded
        leftFeed = photo.leftFeed ? true : nil
        favourite = photo.isFavourite
        let marks = photo.marks
        (rating, rejected, picked, label, tags) = (marks.rating, marks.rejected, photo.isPicked, marks.label?.rawValue, marks.tags)
        edited = photo.edits.editedFields
        if !edited.isEmpty {
            let (edits, file) = (photo.edits, photo.fileMarks)
            original = Original(takenAt: edits.date == nil ? nil : photo.fileTakenAt,
                                gps: edits.location == nil ? nil : photo.fileGPS,
                                description: edits.description == nil ? nil : photo.fileDescription,
                                rating: edits.rating == nil ? nil : file.rating, rejected: edits.rejected == nil ? nil : file.rejected,
                                label: edits.label == nil ? nil : file.label?.rawValue, tags: edits.tags == nil ? nil : file.tags,
                                orientation: edits.orientation == nil ? nil : photo.fileOrientation)
        }
    }
}
