import CPNG
import Foundation

/// PNG, WebP, HEIC and AVIF files for tests, made with the tools Debian ships: ImageMagick
/// `convert`, `cwebp`/`img2webp` (webp), `heif-enc` (libheif-examples) and `exiftool`
/// (libimage-exiftool-perl). Tests that need a tool are skipped with a message when it is
/// missing (`.enabled(if: FormatTools.available(…), "needs …")`).
public enum FormatTools {
    /// Whether every tool is on the PATH.
    public static func available(_ tools: String...) -> Bool {
        tools.allSatisfy { path(of: $0) != nil }
    }

    /// Where `tool` is on the PATH, if anywhere.
    public static func path(of tool: String) -> String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return folders.map { "\($0)/\(tool)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        public init(description: String) { self.description = description }
    }

    /// Runs `tool` (on the PATH, or a full path) with `arguments`; throws with its stderr when
    /// it fails. Returns stdout.
    @discardableResult
    public static func run(_ tool: String, _ arguments: [String]) throws -> String {
        guard let executable = tool.hasPrefix("/") ? tool : path(of: tool) else { throw Failure(description: "\(tool) is not installed") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(tool) \(arguments.joined(separator: " ")) failed: "
                          + String(decoding: stderr, as: UTF8.self))
        }
        return String(decoding: stdout, as: UTF8.self)
    }
}

/// Photo files in every format, made in a folder with the real tools.
public struct FormatFixture {
    public let folder: TemporaryFolder

    public init(_ folder: TemporaryFolder = TemporaryFolder("photory-formats")) {
        self.folder = folder
    }

    /// Metadata exiftool writes into any of the formats.
    public struct Tags: Sendable {
        public var description: String?
        public var xmpDescription: String?
        public var dateTimeOriginal: String?
        public var make: String?
        public var model: String?
        /// Latitude and longitude, signed.
        public var gps: (Double, Double)?
        public var orientation: Int?

        public init(description: String? = nil, xmpDescription: String? = nil, dateTimeOriginal: String? = nil,
                    make: String? = nil, model: String? = nil, gps: (Double, Double)? = nil, orientation: Int? = nil) {
            self.description = description
            self.xmpDescription = xmpDescription
            self.dateTimeOriginal = dateTimeOriginal
            self.make = make
            self.model = model
            self.gps = gps
            self.orientation = orientation
        }

        var exiftoolArguments: [String] {
            var args: [String] = []
            if let description { args.append("-EXIF:ImageDescription=\(description)") }
            if let xmpDescription { args.append("-XMP-dc:Description=\(xmpDescription)") }
            if let dateTimeOriginal { args.append("-EXIF:DateTimeOriginal=\(dateTimeOriginal)") }
            if let make { args.append("-EXIF:Make=\(make)") }
            if let model { args.append("-EXIF:Model=\(model)") }
            if let (lat, lon) = gps {
                args += ["-GPSLatitude=\(abs(lat))", "-GPSLatitudeRef=\(lat < 0 ? "S" : "N")",
                         "-GPSLongitude=\(abs(lon))", "-GPSLongitudeRef=\(lon < 0 ? "W" : "E")"]
            }
            if let orientation { args.append("-EXIF:Orientation#=\(orientation)") }
            return args
        }
    }

    /// Adds `tags` to the file at `path` with exiftool (in place).
    public func tag(_ path: String, _ tags: Tags) throws {
        let args = tags.exiftoolArguments
        guard !args.isEmpty else { return }
        try FormatTools.run("exiftool", ["-q", "-q", "-overwrite_original"] + args + [path])
    }

    /// An image made by ImageMagick: `convert -size WxH <source> <extra> <name>`. `source` is an
    /// ImageMagick generator ("gradient:red-blue", "xc:none", "plasma:fractal").
    @discardableResult
    public func convert(_ name: String, width: Int, height: Int, source: String = "gradient:red-blue",
                        _ extra: [String] = []) throws -> String {
        let path = folder.file(name)
        try FormatTools.run("convert", ["-size", "\(width)x\(height)", source] + extra + [path])
        return path
    }

    /// A PNG with `tags` (exiftool writes EXIF as an `eXIf` chunk before IDAT).
    public func png(_ name: String, width: Int = 120, height: Int = 80, tags: Tags = Tags(),
                    source: String = "gradient:red-blue", _ extra: [String] = []) throws -> String {
        let path = try convert(name, width: width, height: height, source: source, extra)
        try tag(path, tags)
        return path
    }

    /// A lossy WebP (cwebp) of a generated image, with `tags` in its EXIF/XMP chunks.
    public func webp(_ name: String, width: Int = 120, height: Int = 80, tags: Tags = Tags(),
                     source: String = "gradient:red-blue", lossless: Bool = false) throws -> String {
        let png = try convert(name + ".src.png", width: width, height: height, source: source)
        let path = folder.file(name)
        try FormatTools.run("cwebp", ["-quiet"] + (lossless ? ["-lossless"] : ["-q", "80"]) + [png, "-o", path])
        try? FileManager.default.removeItem(atPath: png)
        try tag(path, tags)
        return path
    }

    /// A HEIC (or, with `avif`, an AVIF) made by heif-enc from a JPEG carrying `tags`: heif-enc
    /// copies the JPEG's EXIF and XMP into the file. `thumbnail` adds a thumbnail item of at
    /// most that many pixels a side.
    public func heif(_ name: String, width: Int = 120, height: Int = 80, tags: Tags = Tags(),
                     source: String = "gradient:red-blue", avif: Bool = false, thumbnail: Int? = nil,
                     input: String? = nil) throws -> String {
        let src: String
        if let input {
            src = input
        } else {
            src = try convert(name + ".src.jpg", width: width, height: height, source: source)
            try tag(src, tags)
        }
        let path = folder.file(name)
        var args = ["-q", "50"]
        if avif { args.append("-A") }
        if let thumbnail { args += ["-t", "\(thumbnail)"] }
        try FormatTools.run("heif-enc", args + [src, "-o", path])
        if input == nil { try? FileManager.default.removeItem(atPath: src) }
        return path
    }
}

/// PNG chunks built by hand (for layouts the tools do not write, such as ImageMagick's legacy
/// compressed "Raw profile type exif" text).
public enum PNGChunks {
    /// length, type, data, CRC.
    public static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        let crc = typed.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
        return be32(UInt32(data.count)) + typed + be32(crc)
    }

    /// A `zTXt` chunk: keyword, method 0, zlib-compressed text.
    public static func zTXt(_ keyword: String, _ text: String) -> [UInt8] {
        chunk("zTXt", Array(keyword.utf8) + [0, 0] + compressed(Array(text.utf8)))
    }

    /// A `tEXt` chunk (Latin-1 text).
    public static func tEXt(_ keyword: String, _ latin1: [UInt8]) -> [UInt8] {
        chunk("tEXt", Array(keyword.utf8) + [0] + latin1)
    }

    /// ImageMagick's "Raw profile type NAME" text for `bytes`: "\nNAME\n   LENGTH\nHEX…".
    public static func rawProfile(_ name: String, _ bytes: [UInt8]) -> String {
        var text = "\n\(name)\n\(String(repeating: " ", count: 8 - min(8, String(bytes.count).count)))\(bytes.count)\n"
        for (i, b) in bytes.enumerated() {
            text += String(format: "%02x", b)
            if i % 36 == 35 { text += "\n" }
        }
        return text + "\n"
    }

    /// `png` with `chunk` inserted just after IHDR, or just before IEND (after the image data).
    public static func inserting(_ chunk: [UInt8], into png: [UInt8], afterImageData: Bool) -> [UInt8] {
        let at = afterImageData ? png.count - 12 : 8 + 25
        return Array(png[..<at]) + chunk + Array(png[at...])
    }

    public static func compressed(_ bytes: [UInt8]) -> [UInt8] {
        var size = compressBound(uLong(bytes.count))
        var out = [UInt8](repeating: 0, count: Int(size))
        let rc = compress(&out, &size, bytes, uLong(bytes.count))
        precondition(rc == Z_OK, "zlib compress failed")
        return Array(out.prefix(Int(size)))
    }

    static func be32(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }
}
