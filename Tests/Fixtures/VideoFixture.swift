import Foundation

/// Video files for tests, made by `ffmpeg` from its test pattern (`-f lavfi -i testsrc`), with
/// the metadata phones write, plus the broken ones a camera roll holds. Tests that need it are
/// skipped when ffmpeg is missing (`.enabled(if: FormatTools.available("ffmpeg"), …)`).
public struct VideoFixture {
    public let folder: TemporaryFolder

    public init(_ folder: TemporaryFolder = TemporaryFolder("photory-videos")) {
        self.folder = folder
    }

    /// What ffmpeg writes into the container.
    public struct Tags: Sendable {
        /// QuickTime `creation_time`, UTC: "2024-05-01T12:03:22Z".
        public var creationTime: String?
        /// Apple's `com.apple.quicktime.creationdate`, local with offset: "2024-05-01T14:03:22+0200"
        /// (written with `-movflags use_metadata_tags`, so only into a MOV or MP4).
        public var appleCreationDate: String?
        /// Apple's `com.apple.quicktime.location.ISO6709` ("+48.8577+002.2950+035.000/").
        public var appleLocation: String?
        /// MP4 `location` (`©xyz`), ISO 6709.
        public var location: String?
        public var make: String?
        public var model: String?
        public var title: String?
        /// Apple's `com.apple.quicktime.content.identifier`: what pairs a Live Photo's movie with its still.
        public var contentIdentifier: String?
        /// The display matrix's turn (ffmpeg's `rotate` stream tag, clockwise degrees as ffmpeg 5 reads it).
        public var rotate: Int?

        public init(creationTime: String? = nil, appleCreationDate: String? = nil, appleLocation: String? = nil,
                    location: String? = nil, make: String? = nil, model: String? = nil, title: String? = nil,
                    rotate: Int? = nil, contentIdentifier: String? = nil) {
            self.contentIdentifier = contentIdentifier
            (self.creationTime, self.appleCreationDate, self.appleLocation) = (creationTime, appleCreationDate, appleLocation)
            (self.location, self.make, self.model, self.title, self.rotate) = (location, make, model, title, rotate)
        }

        var usesAppleKeys: Bool {
            appleCreationDate != nil || appleLocation != nil || make != nil || model != nil || contentIdentifier != nil
        }

        var arguments: [String] {
            var args: [String] = []
            func tag(_ key: String, _ value: String?) {
                if let value { args += ["-metadata", "\(key)=\(value)"] }
            }
            tag("creation_time", creationTime)
            tag("com.apple.quicktime.creationdate", appleCreationDate)
            tag("com.apple.quicktime.location.ISO6709", appleLocation)
            tag("location", location)
            tag("com.apple.quicktime.make", make)
            tag("com.apple.quicktime.model", model)
            tag("title", title)
            tag("com.apple.quicktime.content.identifier", contentIdentifier)
            if usesAppleKeys { args += ["-movflags", "use_metadata_tags"] }
            return args
        }
    }

    /// A clip of ffmpeg's test pattern: `seconds` long at 25 frames a second, in the container
    /// the name's extension picks (mp4, mov, mkv, webm, avi, mts), H.264 unless `codec` says, with
    /// a keyframe every `keyframeInterval` frames (every second by default, as phones write them).
    @discardableResult
    public func clip(_ name: String, width: Int = 640, height: Int = 360, seconds: Double = 3, tags: Tags = Tags(),
                     codec: String? = nil, keyframeInterval: Int = 25) throws -> String {
        let path = folder.path + "/" + name
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        let ext = (name as NSString).pathExtension.lowercased()
        let videoCodec = codec ?? (ext == "webm" ? "libvpx-vp9" : ext == "avi" ? "mpeg4" : "libx264")
        var args = ["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=\(width)x\(height):rate=25",
                    "-t", String(seconds), "-c:v", videoCodec, "-pix_fmt", "yuv420p", "-g", String(keyframeInterval)]
        if videoCodec == "libx264" { args += ["-preset", "ultrafast"] }
        if videoCodec == "libvpx-vp9" { args += ["-deadline", "realtime", "-cpu-used", "8"] }
        args += tags.arguments
        if ext == "mts" { args += ["-f", "mpegts"] }
        let made = tags.rotate == nil ? path : path + ".unrotated." + ext
        try FormatTools.run("ffmpeg", args + [made])
        if let rotate = tags.rotate {
            // ffmpeg 5 writes the display matrix from the `rotate` tag only when copying streams.
            try FormatTools.run("ffmpeg", ["-v", "error", "-y", "-i", made, "-c", "copy",
                                           "-metadata:s:v:0", "rotate=\(rotate)"] + tags.arguments + [path])
            try FileManager.default.removeItem(atPath: made)
        }
        return path
    }

    /// `source` with every `tkhd` display matrix overwritten by `matrix` (nine 32-bit words):
    /// zeros make a matrix no rotation can be read from.
    public func withDisplayMatrix(_ source: String, _ name: String, matrix: [UInt32] = Array(repeating: 0, count: 9)) throws -> String {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: source)))
        let tkhd = Array("tkhd".utf8)
        var i = 4
        var patched = 0
        while i + 84 <= bytes.count {
            if Array(bytes[i..<i + 4]) == tkhd {
                let version = bytes[i + 4]
                // After the type: version/flags 4, times and ids 20 (v0) or 32 (v1), reserved 8, layer…volume 8.
                let matrixStart = i + 4 + 4 + (version == 1 ? 32 : 20) + 8 + 8
                for (k, word) in matrix.enumerated() {
                    for b in 0..<4 { bytes[matrixStart + k * 4 + b] = UInt8(truncatingIfNeeded: word >> (24 - 8 * b)) }
                }
                patched += 1
            }
            i += 1
        }
        guard patched > 0 else { throw FormatTools.Failure(description: "no tkhd in \(source)") }
        let path = folder.path + "/" + name
        folder.write(Data(bytes), to: name)
        return path
    }

    /// The first `fraction` of `source`'s bytes: an MP4 whose `moov` (written last) is lost.
    public func truncated(_ source: String, _ name: String, keeping fraction: Double = 0.5) throws -> String {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: source))
        folder.write(bytes.prefix(Int(Double(bytes.count) * fraction)), to: name)
        return folder.path + "/" + name
    }

    /// A valid MP4 whose video track says it is in a codec nobody decodes (its sample entry
    /// renamed from `avc1` to `zzzz`).
    public func unknownCodec(_ source: String, _ name: String) throws -> String {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: source)))
        let avc1 = Array("avc1".utf8), stsd = Array("stsd".utf8)
        guard let table = (0..<(bytes.count - 4)).first(where: { Array(bytes[$0..<$0 + 4]) == stsd }),
              let entry = (table..<min(bytes.count - 4, table + 64)).first(where: { Array(bytes[$0..<$0 + 4]) == avc1 }) else {
            throw FormatTools.Failure(description: "no avc1 sample entry in \(source)")
        }
        bytes.replaceSubrange(entry..<entry + 4, with: Array("zzzz".utf8))
        folder.write(Data(bytes), to: name)
        return folder.path + "/" + name
    }
}
