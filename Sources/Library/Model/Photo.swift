import Foundation

/// One photo in the library: a file referenced in place, identified by its content.
public struct Photo: Sendable, Equatable, Identifiable {
    /// Where `takenAt` came from.
    public enum TakenAtSource: String, Sendable {
        case dateTimeOriginal, dateTime, fileTime
    }

    /// The content fingerprint: 15 hex digits (the top 60 bits of XXH64 over the whole file).
    public var id: String
    /// Absolute path of the file, as last seen.
    public var path: String
    public var fileSize: Int64
    /// File modification time, seconds since 1970.
    public var fileModified: Double
    /// Stored pixel size, before orientation is applied.
    public var width: Int
    public var height: Int
    /// EXIF orientation 1–8.
    public var orientation: Int
    /// When the photo was taken, ISO 8601 local time ("2024-05-01T14:03:22"), with the UTC
    /// offset appended when the camera recorded one or when it comes from the file time.
    public var takenAt: String
    public var takenAtSource: TakenAtSource
    public var cameraMake: String?
    public var cameraModel: String?
    public var gps: GPSPosition?
    /// The usable description (see `DescriptionResolver`); nil puts the photo in "Other".
    public var description: String?
    public var descriptionSource: DescriptionSource?
    /// True when the file was not found at `path` the last time the library looked.
    public var missing: Bool
    /// When the photo entered the library, seconds since 1970.
    public var importedAt: Double

    public init(
        id: String, path: String, fileSize: Int64, fileModified: Double, width: Int, height: Int,
        orientation: Int = 1, takenAt: String, takenAtSource: TakenAtSource,
        cameraMake: String? = nil, cameraModel: String? = nil, gps: GPSPosition? = nil,
        description: String? = nil, descriptionSource: DescriptionSource? = nil,
        missing: Bool = false, importedAt: Double
    ) {
        self.id = id
        self.path = path
        self.fileSize = fileSize
        self.fileModified = fileModified
        self.width = width
        self.height = height
        self.orientation = orientation
        self.takenAt = takenAt
        self.takenAtSource = takenAtSource
        self.cameraMake = cameraMake
        self.cameraModel = cameraModel
        self.gps = gps
        self.description = description
        self.descriptionSource = descriptionSource
        self.missing = missing
        self.importedAt = importedAt
    }

    /// The file name without its folder.
    public var fileName: String { (path as NSString).lastPathComponent }

    /// Pixel size as the photo is shown, with EXIF orientation applied (5–8 swap the sides).
    public var displaySize: (width: Int, height: Int) {
        orientation >= 5 && orientation <= 8 ? (height, width) : (width, height)
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
