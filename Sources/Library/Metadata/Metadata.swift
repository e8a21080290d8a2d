import Foundation

/// A point on Earth as recorded by the camera's GPS.
public struct GPSPosition: Codable, Sendable, Equatable {
    public var latitude: Double
    public var longitude: Double
    /// Metres above sea level, negative below.
    public var altitude: Double?

    public init(latitude: Double, longitude: Double, altitude: Double? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
    }
}

/// Everything read from one JPEG's metadata segments (EXIF, XMP, IPTC). The pixel size is the
/// decoder's business (`JPEGDecoder.header`).
///
/// Strings are raw as found in the file, with surrounding whitespace and NULs trimmed and
/// control characters removed; empty strings are `nil`. Interpreting them (placeholder
/// descriptions, date fallbacks) is the job of the model, not of the reader.
public struct Metadata: Sendable, Equatable {
    /// EXIF orientation 1–8; 1 when absent or out of range.
    public var orientation: Int = 1
    /// EXIF DateTimeOriginal, as written: "YYYY:MM:DD HH:MM:SS".
    public var dateTimeOriginal: String?
    /// EXIF DateTime (IFD0), as written.
    public var dateTime: String?
    /// EXIF DateTimeDigitized (CreateDate), as written.
    public var dateTimeDigitized: String?
    /// EXIF OffsetTimeOriginal (or OffsetTime), e.g. "+02:00", when present.
    public var utcOffset: String?
    /// EXIF OffsetTimeOriginal alone, as written ("+02:00").
    public var offsetTimeOriginal: String?
    /// EXIF OffsetTimeDigitized, as written.
    public var offsetTimeDigitized: String?
    public var cameraMake: String?
    public var cameraModel: String?
    /// EXIF LensModel, else LensMake and the model together ("Canon EF 50mm f/1.8").
    public var lensModel: String?
    /// EXIF ExposureTime in seconds (1/250 s is 0.004).
    public var exposureTime: Double?
    /// EXIF FNumber (2.8 for f/2.8).
    public var fNumber: Double?
    /// EXIF PhotographicSensitivity (ISOSpeedRatings), e.g. 200.
    public var isoSpeed: Int?
    /// EXIF FocalLength in millimetres (the lens's, not the 35 mm equivalent).
    public var focalLength: Double?
    public var gps: GPSPosition?
    /// EXIF ImageDescription (IFD0).
    public var exifDescription: String?
    /// XMP dc:description (x-default entry preferred).
    public var xmpDescription: String?
    /// IPTC-IIM 2:120 Caption-Abstract from the Photoshop APP13 segment.
    public var iptcCaption: String?
    /// IPTC-IIM 2:25 Keywords.
    public var iptcKeywords: [String] = []
    /// The embedded XMP packet's marks, date and place (`XMPFacts`).
    public var xmp = XMPFacts()
    /// A PNG text chunk's Description (else its Title): the last link of the description chain.
    public var textDescription: String?
    /// A video's creation time as "YYYY:MM:DD HH:MM:SS" local time (Apple's creationdate, else
    /// QuickTime's UTC `creation_time` turned into this machine's time zone), its offset in
    /// `utcOffset`: the date of a video with no EXIF.
    public var mediaCreated: String?
    /// A video's length in seconds.
    public var duration: Double?
    /// How many frames the image has (a GIF's animation; 1 for a still image).
    public var frameCount = 1
    /// A video's codec ("h264", "hevc"), as FFmpeg names it.
    public var codec: String?
    /// Byte range of the EXIF-embedded JPEG thumbnail (IFD1) inside the file, when present.
    public var embeddedThumbnail: Range<Int>?
    /// Byte range of the embedded XMP packet inside the file, when present (where
    /// `MotionPhoto.locate` reads a Motion Photo's announcement).
    public var xmpPacket: Range<Int>?
    /// Apple's content identifier (a Live Photo still's maker note ContentIdentifier, its
    /// movie's `com.apple.quicktime.content.identifier`): what pairs the two (issue 21).
    public var appleContentID: String?
    /// Problems met while reading metadata that did not stop it (for `show`).
    public var warnings: [String] = []

    public init() {}

    /// Reads an embedded XMP packet: its description and its `XMPFacts`.
    mutating func readXMP(_ packet: UnsafeRawBufferPointer) {
        MetadataBlocks.record(xmp: packet)
        xmpDescription = XMPDescriptionScanner.description(in: packet)
        xmp = XMPFacts.read(packet)
    }
}
