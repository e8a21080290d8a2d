import CTurboJPEG
import Foundation

/// The C libraries the program runs on and their versions, for `photory-tui --version` (which
/// people paste into bug reports).
///
/// Only ncurses can say its version at run time. For the others the version is the one in the
/// headers at build time, and the shared object actually loaded is named beside it
/// (`libturbojpeg.so.0.2.0`), since a system update can swap it without a rebuild.
public enum LinkedLibraries {
    /// One library: its name, the version when known, and the file it was loaded from.
    public struct Entry: Sendable, Equatable, CustomStringConvertible {
        public var name: String
        public var version: String?
        /// True when `version` is from the headers at build time rather than asked at run time.
        public var versionFromBuild: Bool
        /// The shared object's file name (symbolic links resolved), when it was found.
        public var loadedFile: String?

        public init(name: String, version: String?, versionFromBuild: Bool, loadedFile: String?) {
            self.name = name
            self.version = version
            self.versionFromBuild = versionFromBuild
            self.loadedFile = loadedFile
        }

        /// "libjpeg-turbo 2.1.5 (built with; runs libturbojpeg.so.0.2.0)".
        public var description: String {
            var notes: [String] = []
            if version != nil, versionFromBuild { notes.append("built with") }
            if let loadedFile { notes.append("runs \(loadedFile)") }
            let head = [name, version].compactMap { $0 }.joined(separator: " ")
            return notes.isEmpty ? head : "\(head) (\(notes.joined(separator: "; ")))"
        }
    }

    /// libjpeg-turbo and libexif.
    public static func imaging() -> [Entry] {
        let turbo = Int(LIBJPEG_TURBO_VERSION_NUMBER)   // 2001005 for 2.1.5
        let turboVersion = "\(turbo / 1_000_000).\(turbo / 1000 % 1000).\(turbo % 1000)"
        return [
            Entry(name: "libjpeg-turbo", version: turboVersion, versionFromBuild: true,
                  loadedFile: loadedFile(defining: "tjInitDecompress")),
            // libexif's headers carry no version; the loaded file is all there is to go on.
            Entry(name: "libexif", version: nil, versionFromBuild: false,
                  loadedFile: loadedFile(defining: "exif_data_new")),
        ]
    }

    /// The file name of the shared object that defines the C function `symbol`
    /// (`libexif.so.12.3.4`), found in the process's memory map; nil when it is linked
    /// statically or cannot be found. (`dladdr` would say it directly, but Swift's Glibc module
    /// leaves it out: it needs `_GNU_SOURCE`.)
    public static func loadedFile(defining symbol: String) -> String? {
        guard let program = dlopen(nil, RTLD_LAZY) else { return nil }
        defer { dlclose(program) }
        // /proc files say they are empty: read to the end rather than by size.
        guard let function = dlsym(program, symbol),
              let data = FileHandle(forReadingAtPath: "/proc/self/maps")?.readDataToEndOfFile(),
              let maps = String(data: data, encoding: .utf8) else { return nil }
        let address = UInt(bitPattern: function)
        for line in maps.split(separator: "\n") {
            // "7f12…-7f34… r-xp 00001000 fe:01 1234   /usr/lib/x86_64-linux-gnu/libexif.so.12.3.4"
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            guard fields.count == 6, let dash = fields[0].firstIndex(of: "-"),
                  let low = UInt(fields[0][..<dash], radix: 16),
                  let high = UInt(fields[0][fields[0].index(after: dash)...], radix: 16),
                  (low..<high).contains(address) else { continue }
            let path = fields[5].trimmingCharacters(in: .whitespaces)
            guard path.contains(".so") else { return nil }
            return (path as NSString).lastPathComponent
        }
        return nil
    }
}
