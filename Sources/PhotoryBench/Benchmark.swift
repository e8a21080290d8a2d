import Foundation
import Library
import TUI

/// `photory-tui bench`: speed and memory figures measured in this run, in temporary folders
/// (thumbnail stores and library files), never touching the user's library or cache.
public final class Benchmark {
    /// One photo file of the benchmark set, read once into memory.
    struct Source {
        var path: String
        var size: Int64
        var data: Data
    }

    /// Runs per file for per-file figures.
    static let runsPerFile = 5
    /// Key presses timed for frame figures.
    static let keyPresses = 100

    /// The figures of the report, by the name `bench --only` takes.
    public enum Section: String, CaseIterable, Sendable {
        case `import`, tiles, chafa, detail, grid, graphics, formats, media, startup, loop, geo, edits, search, web
        /// Zoom in the photo view.
        case zoom
        /// Look-alike duplicates: perceptual hash at import, grouping 100k and 1M hashes (issue 23).
        case duplicates
        /// Export: copying and resizing the imported photos (issue 23).
        case export
        /// On this day: the day-of-year index and today's memories at a million photos (issue 23).
        case memories
        /// Infinite scroll: the key crossing a feed's threshold, and the next page's tiles drawn (issue 24).
        case feeds
        /// A PostgreSQL library of a million photos on a throw-away local server (issue 26).
        case postgres
        /// Sections that read the library the import section makes (it runs first for them).
        var needsImport: Bool { [.tiles, .chafa, .detail, .grid, .graphics, .zoom, .export].contains(self) }
        /// Sections that make their own synthetic library and need no photo files.
        public static let photoFree: Set<Section> = [.startup, .search, .edits, .web, .memories, /* issue 24 */ .feeds, /* issue 26 */ .postgres]
    }

    let photosPath: String
    let librarySize: Int
    let sections: Set<Section>
    let executable: String
    let temp: String
    var report: Report
    var sources: [Source] = []
    /// The library and thumbnail store of the last import run (later sections read them).
    var imported = PhotoLibrary()
    var store = ThumbnailStore(folder: "/nonexistent")
    /// Median import rate with previews (figure 1), compared with the chafa CLI in figure 3.
    var importPhotosPerSecond: Double?
    /// Rendered previews by path and size, so distinct synthetic photos of one file are made once.
    var previewMemo: [String: PreviewResult] = [:]

    /// - Parameters:
    ///   - executable: this program, run as a child for the start-up figure
    ///     (`<executable> bench-startup --library FILE`).
    ///   - sections: the figures to measure (all by default).
    public init(photosPath: String, librarySize: Int, executable: String,
                sections: Set<Section> = Set(Section.allCases),
                write: @escaping (String) -> Void = { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) }) {
        self.photosPath = photosPath
        self.librarySize = librarySize
        self.sections = sections
        self.executable = executable
        report = Report(write: write)
        temp = NSTemporaryDirectory() + "/photory-bench-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Runs every section and prints the report. Returns the names of missed targets.
    @discardableResult
    public func run() throws -> [String] {
        try FileManager.default.createDirectory(atPath: temp, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: temp) }
        if !sections.isSubset(of: Section.photoFree) {
            sources = try Self.findJPEGs(photosPath)
            guard !sources.isEmpty else { throw Failure(description: "no JPEG files under \(photosPath)") }
        }

        machineLine()
        if sections.contains(.import) || sections.contains(where: \.needsImport) { runImport() }
        if sections.contains(.tiles) { runTiles() }
        if sections.contains(.chafa) { runChafaComparison() }
        if sections.contains(.detail) { try runDetail() }
        if sections.contains(.grid) { try runGrid() }
        if sections.contains(.graphics) { runGraphics() }
        if sections.contains(.formats) { runFormats() }
        if sections.contains(.media) { runMedia() }
        if sections.contains(.startup) { try runStartup() }
        if sections.contains(.loop) {
            try runLoop()
            runOpeningAnimation()
        }
        if sections.contains(.geo) { try runGeo() }
        if sections.contains(.edits) { try runEdits() }
        if sections.contains(.search) { runSearch() }
        if sections.contains(.web) { try runWeb() }
        if sections.contains(.zoom) { try runZoom() }
        if sections.contains(.duplicates) { runDuplicates() }  // look-alike duplicates (issue 23)
        if sections.contains(.export) { runExport() }  // export (issue 23)
        if sections.contains(.memories) { runMemories() }  // On this day (issue 23)
        if sections.contains(.feeds) { try runFeeds() }  // infinite scroll (issue 24)
        if sections.contains(.postgres) { try runPostgres() }  // PostgreSQL at a million photos (issue 26)

        report.write("")
        report.write("load after: \(Self.loadAverage())")
        report.write("targets met: \(report.hits.count), missed: \(report.misses.count)"
                     + (report.misses.isEmpty ? "" : " — " + report.misses.joined(separator: "; ")))
        return report.misses
    }

    // MARK: - Machine

    func machineLine() {
        var name = utsname()
        uname(&name)
        let release = withUnsafeBytes(of: &name.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = .current
        #if DEBUG
        let configuration = "DEBUG BUILD"
        #else
        let configuration = "release"
        #endif
        report.write("photory-tui bench — \(ProcessInfo.processInfo.activeProcessorCount) cores, Linux \(release), "
                     + "\(formatter.string(from: Date())), build: \(configuration)")
        #if DEBUG
        report.write("!!!! WARNING: this is a DEBUG build: every figure is meaningless. Use `swift build -c release`. !!!!")
        #endif
        report.write("photos: \(photosPath) — \(sources.count) JPEG files, "
                     + "\(String(format: "%.1f", Double(sources.reduce(0) { $0 + $1.size }) / 1e6)) MB; "
                     + "load before: \(Self.loadAverage())")
        report.write("median = of all runs; worst = the slowest file's median (per-file figures) or the slowest run; "
                     + "✓/✗ judge the median. Page cache warm (files read before timing).")
    }

    static func loadAverage() -> String {
        ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "?")
            .split(separator: " ").prefix(3).joined(separator: " ")
    }

    // MARK: - Files

    /// JPEG files (by content: FF D8 FF) under `path`, recursively, hidden ones skipped, by path.
    static func findJPEGs(_ path: String) throws -> [Source] {
        let root = LibraryPaths.absolute(path)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isFolder) else {
            throw Failure(description: "\(root) does not exist")
        }
        var paths: [String] = []
        if isFolder.boolValue {
            let enumerator = FileManager.default.enumerator(
                at: URL(fileURLWithPath: root), includingPropertiesForKeys: [.isRegularFileKey],
                options: [.skipsHiddenFiles])
            while let url = enumerator?.nextObject() as? URL {
                if (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true {
                    paths.append(url.path)
                }
            }
        } else {
            paths = [root]
        }
        return paths.sorted().compactMap { path in
            guard let data = FileManager.default.contents(atPath: path), data.count > 3,
                  data[0] == 0xFF, data[1] == 0xD8, data[2] == 0xFF else { return nil }
            return Source(path: path, size: Int64(data.count), data: data)
        }
    }

    func folder(_ name: String) -> String {
        let path = temp + "/" + name
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
