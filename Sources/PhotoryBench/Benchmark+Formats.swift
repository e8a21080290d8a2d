import Foundation
import Library
import TUI

extension Benchmark {
    /// Figure 7: the other formats. Files are made here with the tools the tests use, from the
    /// largest photo of the benchmark set (real content; flat generated images decode unusually
    /// fast): a 12 MP HEIC with a 320-pixel thumbnail item and one without (what iPhones
    /// write), a 3 MP PNG (a phone screenshot) and a 12 MP WebP. Each is copied with one EXIF
    /// digit changed so every copy is a distinct photo, and imported like figure 1.
    func runFormats() {
        report.section("7. Other formats: import with previews, and the photo view of a 12 MP HEIC")
        let tools = ["convert", "heif-enc", "cwebp", "exiftool"]
        let missing = tools.filter { Self.toolPath($0) == nil }
        guard missing.isEmpty else {
            report.note("skipped: needs \(missing.joined(separator: ", ")) (scripts/install-deps.sh installs them)")
            return
        }
        guard let base = sources.max(by: { $0.size < $1.size }) else { return }
        let dir = folder("formats")
        let marker = "photory bench 000000"
        let photo = dir + "/photo.jpg", screenshot = dir + "/screenshot.png"
        let heicThumb = dir + "/thumb.heic", heic = dir + "/plain.heic", webp = dir + "/photo.webp", png = dir + "/shot.png"
        let made = Self.tool("convert", [base.path, "-auto-orient", "-resize", "4032x3024!", "-strip", photo])
            && Self.tool("exiftool", ["-q", "-q", "-overwrite_original", "-EXIF:ImageDescription=\(marker)", photo])
            && Self.tool("heif-enc", ["-q", "50", "-t", "320", photo, "-o", heicThumb])
            && Self.tool("heif-enc", ["-q", "50", photo, "-o", heic])
            && Self.tool("cwebp", ["-quiet", "-q", "80", "-metadata", "exif", photo, "-o", webp])
            && Self.tool("convert", [photo, "-resize", "1170x2532!", screenshot])
            && Self.tool("exiftool", ["-q", "-q", "-overwrite_original", "-EXIF:ImageDescription=\(marker)",
                                      "-o", png, screenshot])
        guard made else { report.note("skipped: making the files failed"); return }

        let cases: [(String, String, String, Int)] = [
            ("HEIC 4032×3024 with a 320×240 thumbnail item", heicThumb, "heic", 12),
            ("HEIC 4032×3024 without a thumbnail (full decode)", heic, "heic", 6),
            ("PNG 1170×2532 (screenshot)", png, "png", 8),
            ("WebP 4032×3024 (scaled decode)", webp, "webp", 12),
        ]
        for (what, file, ext, count) in cases {
            guard let copies = Self.distinctCopies(of: file, marker: marker, count: count, into: folder("copies-\(ext)-\(count)"), ext: ext) else {
                report.note("\(what): the marker was not found in the file; skipped")
                continue
            }
            let embedded = (try? FileBytes.read(file))?.withUnsafeBytes {
                PreviewImage.usesEmbeddedPreview(in: $0, minWidth: ThumbnailStore.maxSide, minHeight: ThumbnailStore.maxSide,
                                                 orientation: 1, fitting: true)
            } ?? false
            var imported = 0
            let rates = (0..<3).map { run -> Double in
                let result = importOnce(copies, name: "formats-\(ext)-\(count)-\(run)")
                imported = result.library.photos.count
                return Double(copies.count) / (result.ms / 1000)
            }
            report.row("\(what), \(copies.count) files: photos/s", median: Measure.median(rates),
                       worst: rates.min(), unit: "photos/s")
            report.note("\(imported) of \(copies.count) imported; grid thumbnail from "
                        + (embedded ? "the embedded thumbnail" : "the decoded photo"))
        }
        runHEICDetail(heic)
    }

    /// The photo view of a 12 MP HEIC opened cold: read + libheif full decode + reduce + chafa.
    private func runHEICDetail(_ path: String) {
        guard let result = try? Importer().run([path], store: LibraryStore(path: folder("heic-detail") + "/library.json")),
              let photo = result.library.photos.first else {
            report.note("the HEIC did not import; no photo-view figure")
            return
        }
        let library = Self.oneGroup([photo], name: "HEIC detail")
        var state = groupState(library, columns: 200, rows: 62)
        _ = state.update(.key(.enter))
        guard let request = state.wantedPreviews().first else { return }
        let maker = PreviewMaker(thumbnails: nil)
        let times = (0..<Self.runsPerFile).map { _ in Measure.time { _ = maker.make(request) } }
        report.row("photo view cold, HEIC \(photo.width)×\(photo.height), \(request.key.columns)×\(request.key.rows) cells",
                   median: Measure.median(times), worst: times.max(), unit: "ms")
        report.note("libheif 1.15 has no reduced-size decode: the whole image is decoded (grid tiles in parallel)")
    }

    /// `count` copies of `file`, each with the ASCII `marker` (in its EXIF) ending in its own
    /// number, so each is a distinct photo. PNG chunk CRCs are fixed up.
    static func distinctCopies(of file: String, marker: String, count: Int, into dir: String, ext: String) -> [String]? {
        guard let bytes = try? FileBytes.read(file) else { return nil }
        let needle = Array(marker.utf8)
        guard let at = (0...(bytes.count - needle.count)).first(where: { bytes[$0..<$0 + needle.count].elementsEqual(needle) })
        else { return nil }
        return (0..<count).map { index in
            var copy = bytes
            let digits = Array(String(format: "%06d", index).utf8)
            copy.replaceSubrange(at + needle.count - 6..<at + needle.count, with: digits)
            if ext == "png" { fixPNGCRC(&copy, around: at) }
            let path = dir + "/\(index).\(ext)"
            FileManager.default.createFile(atPath: path, contents: Data(copy))
            return path
        }
    }

    /// Recomputes the CRC of the PNG chunk holding byte `offset`.
    static func fixPNGCRC(_ png: inout [UInt8], around offset: Int) {
        var pos = 8
        while pos + 12 <= png.count {
            let length = Int(png[pos]) << 24 | Int(png[pos + 1]) << 16 | Int(png[pos + 2]) << 8 | Int(png[pos + 3])
            let end = pos + 8 + length
            guard end + 4 <= png.count else { return }
            if offset >= pos + 8 && offset < end {
                var crc: UInt32 = 0xFFFF_FFFF
                for byte in png[(pos + 4)..<end] {
                    crc ^= UInt32(byte)
                    for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
                }
                crc ^= 0xFFFF_FFFF
                png.replaceSubrange(end..<end + 4, with: [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF),
                                                          UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)])
                return
            }
            pos = end + 4
        }
    }

    static func toolPath(_ tool: String) -> String? {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .map { "\($0)/\(tool)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs a tool quietly; true when it succeeded.
    static func tool(_ name: String, _ arguments: [String]) -> Bool {
        guard let path = toolPath(name) else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
