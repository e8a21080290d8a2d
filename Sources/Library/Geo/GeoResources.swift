import Foundation

/// Finds the data files shipped in the Library target's resource bundle.
///
/// SwiftPM's `Bundle.module` calls `fatalError` on Linux when the bundle is missing, so it is
/// not used: the bundle folder (`photory-tui_Library.resources`) is looked for beside the
/// running executable (`/proc/self/exe`, which for `swift test` is the test binary in the same
/// build folder), and a missing file becomes a ``GeoDataError``.
public enum GeoResources {
    /// The folder SwiftPM copies the Library target's resources into, beside the executables.
    public static let bundleName = "photory-tui_Library.resources"

    /// The resource folder of this program: `<folder of the executable>/photory-tui_Library.resources`.
    public static let folder: String = {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments.first ?? "."
        let directory = (executable as NSString).deletingLastPathComponent
        return (directory.isEmpty ? "." : directory) + "/" + bundleName
    }()

    /// The bytes of the shipped file `name`, read from `folder`.
    /// - Parameter what: how the file is named in errors ("place table").
    static func read(_ name: String, what: String, in folder: String = folder) throws(GeoDataError) -> Data {
        let path = folder + "/" + name
        guard FileManager.default.fileExists(atPath: path) else { throw .notFound(what: what, path: path) }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path), options: .mappedIfSafe)
        } catch {
            throw .malformed(what: what, path: path, reason: "\(error.localizedDescription)")
        }
    }
}
