import Foundation

/// Motion Photos for tests (issue 21): a JPEG fixture whose XMP announces a video (written by
/// exiftool), with an MP4 made by ffmpeg appended, the way Google Camera and Samsung phones
/// write them. Tests that need it are skipped when ffmpeg or exiftool is missing.
public struct MotionPhotoFixture {
    public let videos: VideoFixture
    public var folder: TemporaryFolder { videos.folder }

    public init(_ folder: TemporaryFolder = TemporaryFolder("photory-motion")) {
        videos = VideoFixture(folder)
    }

    /// How the JPEG announces its video.
    public enum Announcement: Sendable, Equatable {
        /// `GCamera:MicroVideo` = 1 and `GCamera:MicroVideoOffset`: the video's length from the
        /// end (older Google Camera), plus `extraOffset` (a broken file's offset past the start).
        case microVideo(extraOffset: Int = 0)
        /// `Container:Directory` with a primary image and a `MotionPhoto` item of the video's
        /// length plus `extraLength` (Pixel 6 and later, Samsung's newer phones).
        case directory(extraLength: Int = 0)
        /// Samsung's trailer: the video in a `MotionPhoto_Data` record, a "SEFH" directory and "SEFT".
        case samsungTrailer
    }

    /// A Motion Photo `name` (a JPEG with an EXIF date) whose video is a `seconds`-long clip.
    /// Returns its path and the byte range of the video in it.
    @discardableResult
    public func motionPhoto(_ name: String, seconds: Double = 1.5, announcing announcement: Announcement = .microVideo(),
                            dateTimeOriginal: String = "2024:05:01 13:00:00") throws -> (path: String, video: Range<Int>) {
        let clip = try videos.clip(name + ".clip.mp4", width: 320, height: 240, seconds: seconds)
        let video = try Data(contentsOf: URL(fileURLWithPath: clip))
        try FileManager.default.removeItem(atPath: clip)
        let path = folder.path + "/" + name
        folder.write(MetadataFixture.jpeg(width: 64, height: 48, exif: .init(dateTimeOriginal: dateTimeOriginal)), to: name)
        switch announcement {
        case let .microVideo(extra):
            _ = try FormatTools.run("exiftool", ["-q", "-overwrite_original", "-XMP-GCamera:MicroVideo=1",
                                                 "-XMP-GCamera:MicroVideoVersion=1",
                                                 "-XMP-GCamera:MicroVideoOffset=\(video.count + extra)", path])
        case let .directory(extra):
            // exiftool 12 cannot write Container:Directory tag by tag: it writes the whole packet.
            let packet = folder.path + "/" + name + ".xmp"
            folder.write(Data(Self.directoryPacket(videoLength: video.count + extra).utf8), to: name + ".xmp")
            _ = try FormatTools.run("exiftool", ["-q", "-overwrite_original", "-xmp<=" + packet, path])
            try FileManager.default.removeItem(atPath: packet)
        case .samsungTrailer:
            break
        }
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let start = bytes.count + (announcement == .samsungTrailer ? 8 + 16 : 0)
        bytes += announcement == .samsungTrailer ? Self.samsungTrailer(video) : video
        folder.write(bytes, to: name)
        return (path, start..<(start + video.count))
    }

    /// An XMP packet as a Pixel writes it: a primary JPEG, then a MotionPhoto item of `videoLength` bytes.
    static func directoryPacket(videoLength: Int) -> String {
        """
        <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
         <rdf:Description rdf:about="" xmlns:Camera="http://ns.google.com/photos/1.0/camera/"
           xmlns:Container="http://ns.google.com/photos/1.0/container/"
           xmlns:Item="http://ns.google.com/photos/1.0/container/item/"
           Camera:MotionPhoto="1" Camera:MotionPhotoVersion="1" Camera:MotionPhotoPresentationTimestampUs="500000">
          <Container:Directory><rdf:Seq>
           <rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="image/jpeg" Item:Semantic="Primary" Item:Length="0" Item:Padding="0"/></rdf:li>
           <rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="video/mp4" Item:Semantic="MotionPhoto" Item:Length="\(videoLength)" Item:Padding="0"/></rdf:li>
          </rdf:Seq></Container:Directory>
         </rdf:Description>
        </rdf:RDF></x:xmpmeta>
        <?xpacket end="w"?>
        """
    }

    /// `video` as Samsung's trailer holds it: one record (padding, type 0x0a30, the name's
    /// length, "MotionPhoto_Data", the video), then the "SEFH" directory, its length and "SEFT".
    static func samsungTrailer(_ video: Data) -> Data {
        func le32(_ n: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: n >> (8 * $0)) } }
        let name = Array("MotionPhoto_Data".utf8)
        let record = [0, 0, 0x30, 0x0A] + le32(name.count) + name + [UInt8](video)
        let directory = Array("SEFH".utf8) + le32(106) + le32(1) + [0, 0, 0x30, 0x0A] + le32(record.count) + le32(record.count)
        return Data(record + directory + le32(directory.count) + Array("SEFT".utf8))
    }
}
