import Foundation

/// One photo in the library: a file referenced in place, identified by its content.
public struct Photo: Sendable, Equatable, Identifiable {
    /// Where `takenAt` came from.
    public enum TakenAtSource: String, Sendable {
        case dateTimeOriginal, dateTime, fileTime
        /// EXIF DateTimeDigitized (CreateDate), when there is no DateTimeOriginal.
        case dateTimeDigitized
        /// The XMP date (exif:DateTimeOriginal, photoshop:DateCreated, xmp:CreateDate) of the
        /// file or its sidecar, when EXIF has no date of the picture (a scan's export).
        case xmp
        /// Set by the user (only ever the effective source, never the file's).
        case edited
        /// Given by the web feed of a photo not downloaded yet.
        case feed
        /// Written by write-back into the XMP sidecar of a photo whose file photory does not
        /// write (HEIF, PNG, WebP): the file itself still says otherwise.
        case sidecar
        /// A video's creation time (QuickTime, Matroska), when it has no EXIF date.
        case mediaCreated

        /// Where the date came from, in words: "EXIF original", "file time".
        public var label: String {
            switch self {
            case .dateTimeOriginal: "EXIF original"
            case .dateTimeDigitized: "EXIF digitized"
            case .dateTime: "EXIF date"
            case .xmp: "XMP"
            case .fileTime: "file time"
            case .edited: "edited"
            case .feed: "the feed"
            case .sidecar: "XMP sidecar"
            case .mediaCreated: "creation time"
            }
        }
    }

    /// What the file is: a photo, a camera raw file or a video (by its format, see `PhotoFormat.kind`).
    public enum Kind: UInt8, Sendable, CaseIterable {
        case photo, raw, video

        /// The name `--json` and the library file use ("photo", "raw", "video").
        public var name: String {
            switch self {
            case .photo: "photo"
            case .raw: "raw"
            case .video: "video"
            }
        }

        public init?(name: String) {
            guard let kind = Self.allCases.first(where: { $0.name == name }) else { return nil }
            self = kind
        }
    }

    // Stored properties are few and narrow, and in an order that packs them (about 180 bytes
    // a photo; a million photos are held at once): what few photos have lives in `rare`.

    /// The content fingerprint: 15 hex digits (the top 60 bits of XXH64 over the whole file).
    public var id: String
    /// Absolute path of the file, as last seen.
    public var path: String
    /// When the photo was taken by its file, ISO 8601 local time ("2024-05-01T14:03:22"), with
    /// the UTC offset appended when the camera recorded one or when it comes from the file time.
    /// nil while not known: a web photo whose original is not downloaded and whose feed gave no date.
    public var fileTakenAt: String?
    public var cameraMake: String?
    public var cameraModel: String?
    /// The file's usable description (see `DescriptionResolver`).
    public var fileDescription: String?
    /// The user's edits and the web and write-back fields, out of line; nil when all are unset.
    private var rareBox: RareBox?
    public var fileSize: Int64
    /// File modification time, seconds since 1970.
    public var fileModified: Double
    /// When the photo entered the library, seconds since 1970.
    public var importedAt: Double
    // Look-alike duplicates (issue 23):
    /// The picture's 64-bit perceptual hash (`PerceptualHash`), made from its grid thumbnail at
    /// import; 0 while not known (imported before hashes, a video, a flat picture).
    public var perceptualHash: UInt64 = 0
    /// The position in the file's metadata.
    public var fileGPS: GPSPosition?
    // The six one-byte fields fill the bytes GPSPosition? (26 bytes) leaves before the next
    // 8-byte boundary, and the box of crop hashes goes after the sizes: in this order a photo
    // is 184 bytes (`PhotoSizeTests`).
    private var storedOrientation: UInt8
    public var fileTakenAtSource: TakenAtSource?
    public var fileDescriptionSource: DescriptionSource?
    /// False for a web photo whose original has not been downloaded yet: `path` is where it
    /// will be written (`DownloadFolder`), `fileSize` is 0, its size and date are unknown unless
    /// its feed gave them (`thumbnailWidth`×`thumbnailHeight` is the shape to lay it out with)
    /// and `id` is made from the URL (`Photo.webID(for:)`). Absent files of such photos are expected, not missing.
    public var isDownloaded = true
    /// A photo, a raw file or a video.
    public var kind = Kind.photo
    /// True when the file was not found at `path` the last time the library looked, or the
    /// photo left its feed (see `isMissing(fileExists:)`).
    public var missing: Bool
    private var storedWidth: Int32
    private var storedHeight: Int32
    /// `cropHashes`, out of line (40 bytes inline would make every photo a fifth larger); nil
    /// while not known.
    private var cropHashesBox: ValueBox<CropHashes>?

    /// The hashes of the picture's five 95% crops (`CropHashes`), made with `perceptualHash`:
    /// what finds a lightly cropped copy. Empty while not known.
    public var cropHashes: CropHashes {
        get { cropHashesBox?.value ?? .none }
        set { cropHashesBox = newValue.isEmpty ? nil : ValueBox(newValue) }
    }

    /// Stored pixel size, before orientation is applied; 0×0 while not known (a web photo
    /// whose original is not downloaded and whose feed did not say, see `isSizeKnown`).
    public var width: Int {
        get { Int(storedWidth) }
        set { storedWidth = Int32(clamping: newValue) }
    }
    public var height: Int {
        get { Int(storedHeight) }
        set { storedHeight = Int32(clamping: newValue) }
    }
    /// The file's EXIF orientation 1–8 (for HEIF, 1: its decoder turns the pixels itself);
    /// `orientation` is the one shown, the user's turn applied.
    public var fileOrientation: Int {
        get { Int(storedOrientation) }
        set { storedOrientation = UInt8(clamping: newValue) }
    }

    /// What few photos have: kept out of line (`rareBox`), so that the common photo stays small.
    struct Rare: Sendable, Equatable {
        var edits = PhotoEdits()
        var contentID: String?
        var sourceURL: String?
        var feedURL: String?
        var albumID: String?
        var thumbnailWidth = 0
        var thumbnailHeight = 0
        var duration: Double?
        /// An animated GIF (more than one frame): shown in the info panel and `list --json`.
        var animated = false
        var fileMarks = PhotoMarks()
        var leftFeed = false
        var sidecarModified = 0.0
        // Motion Photos (issue 21): the embedded video's bytes and length.
        var motionStart: Int64 = 0
        var motionEnd: Int64 = 0
        var motionDuration: Double?
        // Stacks (RAW+JPEG, Live Photos; issue 21):
        var appleContentID: String?
        var stack: PhotoStack.Membership?

        static let unset = Rare()
    }

    typealias RareBox = ValueBox<Rare>

    /// The rare fields, all unset when there is no box.
    var rare: Rare {
        get { rareBox?.value ?? .unset }
        set { rareBox = newValue == .unset ? nil : RareBox(newValue) }
    }

    /// The shape (upright) of a not-downloaded web photo's thumbnail: what the browser lays the
    /// photo out with until its size is known; 0×0 without one. Never its size.
    public var thumbnailWidth: Int {
        get { rareBox?.value.thumbnailWidth ?? 0 }
        set { rare.thumbnailWidth = newValue }
    }
    public var thumbnailHeight: Int {
        get { rareBox?.value.thumbnailHeight ?? 0 }
        set { rare.thumbnailHeight = newValue }
    }
    /// What the user set; it wins over the file's values in the properties below.
    public var edits: PhotoEdits {
        @inline(__always) get { rareBox?.value.edits ?? PhotoEdits() }
        set { rare.edits = newValue }
    }
    /// The content fingerprint of the file as photory last rewrote it (write-back), when that
    /// differs from `id`: the picture is the same, so the photo keeps its id and thumbnail, and
    /// a file with this fingerprint is recognised as this photo.
    public var contentID: String? {
        get { rareBox?.value.contentID }
        set { rare.contentID = newValue }
    }
    /// The web address the file was downloaded from (`photory-tui import URL`); nil for a
    /// photo imported from a local file.
    public var sourceURL: String? {
        get { rareBox?.value.sourceURL }
        set { rare.sourceURL = newValue }
    }
    /// The feed (or list of links) the photo came from; nil for an image URL typed directly
    /// and for local files.
    public var feedURL: String? {
        get { rareBox?.value.feedURL }
        set { rare.feedURL = newValue }
    }
    /// A video's length in seconds; nil for photos and for a video whose file does not say.
    public var duration: Double? {
        get { rareBox?.value.duration }
        set { rare.duration = newValue }
    }
    /// Whether the file is an animation (a GIF with more than one frame); its first frame is shown.
    public var animated: Bool {
        get { rareBox?.value.animated ?? false }
        set { rare.animated = newValue }
    }
    /// The stars, reject, label and tags the file and its sidecar say (`PhotoMarks`).
    public var fileMarks: PhotoMarks {
        get { rareBox?.value.fileMarks ?? PhotoMarks() }
        set { rare.fileMarks = newValue }
    }
    /// The newest modification time (seconds since 1970) of the photo's XMP sidecars when it
    /// was read; 0 without one. A rescan reads a photo again when a sidecar changed.
    public var sidecarModified: Double {
        get { rareBox?.value.sidecarModified ?? 0 }
        set { rare.sidecarModified = newValue }
    }
    /// A Motion Photo's video (Google, Samsung: an MP4 appended to the JPEG): its bytes in the
    /// file (`MotionPhoto`); nil for any other photo. See `hasMotion`.
    public var motionRange: Range<Int64>? {
        get { rareBox.flatMap { $0.value.motionStart < $0.value.motionEnd ? $0.value.motionStart..<$0.value.motionEnd : nil } }
        set { (rare.motionStart, rare.motionEnd) = (newValue?.lowerBound ?? 0, newValue?.upperBound ?? 0) }
    }
    /// The length in seconds of a Motion Photo's video, when it says.
    public var motionDuration: Double? {
        get { rareBox?.value.motionDuration }
        set { rare.motionDuration = newValue }
    }
    /// The photo's item was no longer in its feed at the last refresh: the photo is missing
    /// (kept, never deleted, edits and all).
    public var leftFeed: Bool {
        get { rareBox?.value.leftFeed ?? false }
        set { rare.leftFeed = newValue }
    }
    /// The feed item's `albumId`.
    public var albumID: String? {
        get { rareBox?.value.albumID }
        set { rare.albumID = newValue }
    }

    // MARK: Stacks (RAW+JPEG, Live Photos; issue 21)

    /// Apple's content identifier of a Live Photo's halves (the still's maker note
    /// `ContentIdentifier`, the movie's `com.apple.quicktime.content.identifier`): what pairs them.
    public var appleContentID: String? {
        get { rareBox?.value.appleContentID }
        set { rare.appleContentID = newValue }
    }
    /// The stack the photo is a member of, as the library found it (`PhotoStacks`); derived
    /// from the photos, never saved: nil for a photo alone.
    public internal(set) var stack: PhotoStack.Membership? {
        get { rareBox?.value.stack }
        set { rare.stack = newValue }
    }
    /// Whether the photo is a stack's member shown through its cover (the RAW of a RAW+JPEG,
    /// the movie of a Live Photo): groups, counts and pages leave it out.
    @inline(__always) public var isHiddenInStack: Bool { rareBox?.value.stack.map { !$0.isCover } ?? false }
    /// Whether the photo is a Live Photo's still (its movie is a member of its stack). Part of
    /// `hasMotion`.
    public var isLiveStill: Bool { rareBox?.value.stack.map { $0.isCover && $0.kind == .live } ?? false }

    public init(
        id: String, path: String, fileSize: Int64, fileModified: Double, width: Int, height: Int,
        orientation: Int = 1, takenAt: String?, takenAtSource: TakenAtSource?,
        cameraMake: String? = nil, cameraModel: String? = nil, gps: GPSPosition? = nil,
        description: String? = nil, descriptionSource: DescriptionSource? = nil,
        missing: Bool = false, importedAt: Double
    ) {
        self.id = id
        self.path = path
        self.fileSize = fileSize
        self.fileModified = fileModified
        self.storedWidth = Int32(clamping: width)
        self.storedHeight = Int32(clamping: height)
        self.storedOrientation = UInt8(clamping: orientation)
        self.fileTakenAt = takenAt
        self.fileTakenAtSource = takenAtSource
        self.cameraMake = cameraMake
        self.cameraModel = cameraModel
        self.fileGPS = gps
        self.fileDescription = description
        self.fileDescriptionSource = descriptionSource
        self.missing = missing
        self.importedAt = importedAt
    }

    /// Whether the photo is missing, given whether a file exists at its path: a photo that left
    /// its feed always is; a not-yet-downloaded web photo is not for lack of a file (nothing
    /// was written yet); any other photo is when its file is absent. The one rule behind
    /// `PhotoLibrary.refreshMissing`, `missingPaths` and `setMissing`. `fileExists` is only
    /// evaluated when the answer depends on it (no `stat` for the others).
    public func isMissing(fileExists: @autoclosure () -> Bool) -> Bool {
        leftFeed || (isDownloaded && !fileExists())
    }

    /// The id of a web photo known only by its URL (not downloaded yet): 15 hex digits of the
    /// XXH64 of `"photory-url:" + url`, like content ids.
    public static func webID(for url: String) -> String {
        var key = "photory-url:" + url
        return key.withUTF8 { ContentHash.photoID(ContentHash.xxh64(UnsafeRawBufferPointer($0))) }
    }

    // MARK: - What the photo is, edits applied

    /// When the photo was taken: the user's date, else the file's; nil when not known (a web
    /// photo not downloaded yet, see `fileTakenAt`). Unknown dates sort after known ones.
    @inline(__always) public var takenAt: String? {
        guard let rareBox else { return fileTakenAt }   // the common case: no copy of the photo
        return rareBox.value.edits.date?.value ?? fileTakenAt
    }
    public var takenAtSource: TakenAtSource? { edits.date == nil ? fileTakenAtSource : .edited }
    /// Whether the date the photo was taken is known.
    public var isTakenAtKnown: Bool { takenAt != nil }
    /// Whether `width`×`height` is the photo's pixel size.
    public var isSizeKnown: Bool { width > 0 && height > 0 }
    /// How much of `takenAt` is known (a scanned print set to "2004" has year precision).
    public var takenAtPrecision: DatePrecision { edits.date?.precision ?? .second }
    /// The EXIF orientation 1–8 the photo is shown with: the user's (`PhotoEdits.orientation`),
    /// else the file's.
    public var orientation: Int { rareBox?.value.edits.orientation ?? fileOrientation }
    /// Where the photo was taken: the user's place (or none, when the user cleared it), else the file's.
    public var gps: GPSPosition? { edits.location.map(\.position) ?? fileGPS }
    /// The usable description; nil puts the photo in "Other".
    @inline(__always) public var description: String? {
        guard let edited = rareBox?.value.edits.description else { return fileDescription }
        return edited.isEmpty ? nil : edited
    }
    public var descriptionSource: DescriptionSource? {
        edits.description == nil ? fileDescriptionSource : (description == nil ? nil : .edited)
    }
    @inline(__always) public var isFavourite: Bool { rareBox?.value.edits.favourite ?? false }
    /// Stars, reject, label and tags: the user's over the file's.
    public var marks: PhotoMarks {
        guard let rare = rareBox?.value else { return PhotoMarks() }
        return rare.edits.marks(over: rare.fileMarks)
    }
    /// Stars, 0–5.
    public var rating: Int { guard let rare = rareBox?.value else { return 0 }; return rare.edits.rating ?? rare.fileMarks.rating }
    public var isRejected: Bool { guard let rare = rareBox?.value else { return false }; return rare.edits.rejected ?? rare.fileMarks.rejected }
    public var isPicked: Bool { rareBox?.value.edits.picked ?? false }
    public var label: ColourLabel? { marks.label }
    /// Full tag paths ("Places/Italy/Rome").
    public var tags: [String] { marks.tags }

    /// The file name without its folder.
    public var fileName: String { (path as NSString).lastPathComponent }

    /// What the photo is called on screen: its file name, or for a web photo the last part of
    /// its address (the downloaded file's name starts with a hash that keeps it apart).
    public var name: String { Self.name(path: path, sourceURL: sourceURL) }

    /// `name` of a photo at `path` downloaded from `sourceURL`.
    public static func name(path: String, sourceURL: String?) -> String {
        let fileName = (path as NSString).lastPathComponent
        guard let url = sourceURL.flatMap({ URL(string: $0) }) else { return fileName }
        let last = url.lastPathComponent
        return last.isEmpty || last == "/" ? fileName : last
    }

    /// Pixel size as the photo is shown, with EXIF orientation applied (5–8 swap the sides);
    /// 0×0 while not known.
    public var displaySize: (width: Int, height: Int) {
        orientation >= 5 && orientation <= 8 ? (height, width) : (width, height)
    }

    /// The shape to lay the photo out with: its size as shown when known, else its thumbnail's.
    public var layoutSize: (width: Int, height: Int) {
        isSizeKnown ? displaySize : (thumbnailWidth, thumbnailHeight)
    }

    /// "Make Model" without repeating the make when the model already starts with it
    /// ("Canon Canon EOS 6D" → "Canon EOS 6D").
    public var camera: String? {
        switch (cameraMake, cameraModel) {
        case (nil, nil): return nil
        case let (make?, nil): return make
        case let (nil, model?): return model
        case let (make?, model?):
            let firstWord = make.split(separator: " ").first.map(String.init) ?? make
            return model.lowercased().hasPrefix(firstWord.lowercased()) ? model : "\(make) \(model)"
        }
    }
}

/// Holds a value that is never changed in place, out of line: a change makes a new box, so
/// copies of a photo stay independent (`Photo.rare`, `Photo.cropHashes`).
final class ValueBox<Value: Sendable & Equatable>: Sendable, Equatable {
    let value: Value
    init(_ value: Value) { self.value = value }
    static func == (a: ValueBox, b: ValueBox) -> Bool { a === b || a.value == b.value }
}
