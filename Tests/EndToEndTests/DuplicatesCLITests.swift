import Fixtures
import Foundation
import Testing

/// `photory-tui duplicates` as a script uses it: look-alike copies made with ImageMagick (a
/// resize, a low-quality recompress, a brightened copy) and a different picture,
/// imported; `--near --json` groups the copies with their original and suggests the original;
/// `--resolve --yes` merges the copies' marks into it and trashes them.
@Suite struct DuplicatesCLITests {
    /// The original, its copies and a different picture, in `folder`; returns their paths by name.
    static func writeLookAlikes(into folder: String) throws -> [String: String] {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        func path(_ name: String) -> String { folder + "/" + name }
        try FormatTools.run("convert", ["-seed", "7", "-size", "640x480", "plasma:fractal", "-blur", "0x2",
                                        "-quality", "95", path("original.jpg")])
        try FormatTools.run("convert", [path("original.jpg"), "-resize", "50%", path("resized.jpg")])
        try FormatTools.run("convert", [path("original.jpg"), "-quality", "15", path("recompressed.jpg")])
        try FormatTools.run("convert", [path("original.jpg"), "-modulate", "115", path("brightened.jpg")])
        try FormatTools.run("convert", ["-seed", "8", "-size", "640x480", "plasma:fractal", "-blur", "0x2", path("other.jpg")])
        return Dictionary(uniqueKeysWithValues: ["original", "resized", "recompressed", "brightened", "other"]
            .map { ($0, path($0 + ".jpg")) })
    }

    private func json(_ output: TmuxSession.Output) throws -> [[String: Any]] {
        #expect(output.status == 0, "\(output.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String: Any]], "\(output.stdout)")
    }

    @Test(.enabled(if: FormatTools.available("convert"), "needs ImageMagick"))
    func groupsLookAlikesAndResolvesThem() throws {
        let sandbox = Sandbox()
        let paths = try Self.writeLookAlikes(into: sandbox.root.path + "/photos")
        try sandbox.importWithCLI([sandbox.root.path + "/photos"])

        #expect(try json(sandbox.cli(["duplicates", "--json"])).isEmpty, "exact copies are refused at import")
        let groups = try json(sandbox.cli(["duplicates", "--near", "--json"]))
        try #require(groups.count == 1, "\(groups)")
        let group = groups[0]
        #expect(group["kind"] as? String == "near")
        let photos = try #require(group["photos"] as? [[String: Any]])
        let names = Set(photos.compactMap { ($0["path"] as? String).map { ($0 as NSString).lastPathComponent } })
        #expect(names == ["original.jpg", "resized.jpg", "recompressed.jpg", "brightened.jpg"])
        let original = try #require(photos.first { $0["path"] as? String == paths["original"] })
        #expect(group["keep"] as? String == original["id"] as? String, "the largest, original file is kept")
        #expect(photos.first?["id"] as? String == group["keep"] as? String, "the keeper comes first")

        let text = try sandbox.cli(["duplicates", "--near"])
        #expect(text.status == 0 && text.stdout.contains("near · 4 photos") && text.stdout.contains("keep "), "\(text.stdout)")

        // Marks on a copy move to the kept photo; the copies go to the trash.
        #expect(try sandbox.cli(["edit", paths["recompressed"]!, "--rating", "4", "--tag", "Trips/Rome"]).status == 0)
        #expect(try sandbox.cli(["edit", paths["brightened"]!, "--favourite"]).status == 0)
        // Without --yes and no terminal to ask on: refused, nothing changed (no file trashed).
        let unasked = try sandbox.cli(["duplicates", "--near", "--resolve"])
        #expect(unasked.status == 1 && unasked.stderr.contains("pass --yes"), "\(unasked.stderr)")
        #expect(try sandbox.photosByName().count == 5 && FileManager.default.fileExists(atPath: paths["resized"]!))
        let resolve = try sandbox.cli(["duplicates", "--near", "--resolve", "--yes"])
        #expect(resolve.status == 0, "\(resolve.stderr)")
        #expect(resolve.stdout.contains("moved 3 photos to the trash"), "\(resolve.stdout)")
        let left = try sandbox.photosByName()
        #expect(Set(left.keys) == ["original.jpg", "other.jpg"])
        #expect(left["original.jpg"]?["rating"] as? Int == 4)
        #expect(left["original.jpg"]?["tags"] as? [String] == ["Trips/Rome"])
        #expect(left["original.jpg"]?["favourite"] as? Bool == true)
        #expect(!FileManager.default.fileExists(atPath: paths["resized"]!))
        #expect(try json(sandbox.cli(["duplicates", "--near", "--json"])).isEmpty)
    }

    /// A library written before hashes: `--near` hashes its photos from their thumbnails first.
    @Test(.enabled(if: FormatTools.available("convert"), "needs ImageMagick"))
    func hashesPhotosImportedBeforeHashes() throws {
        let sandbox = Sandbox()
        _ = try Self.writeLookAlikes(into: sandbox.root.path + "/photos")
        try sandbox.importWithCLI([sandbox.root.path + "/photos"])
        #expect(try sandbox.cli(["compact"]).status == 0)
        let text = try String(contentsOfFile: sandbox.library, encoding: .utf8)
        let stripped = text.replacingOccurrences(of: #","phash":"[0-9a-f]{16}""#, with: "", options: .regularExpression)
        #expect(stripped != text)
        try stripped.write(toFile: sandbox.library, atomically: true, encoding: .utf8)

        let first = try sandbox.cli(["duplicates", "--near"])
        #expect(first.status == 0)
        #expect(first.stderr.contains("hashed 5 photos imported before look-alike hashes"), "\(first.stderr)")
        #expect(first.stdout.contains("near · 4 photos"), "\(first.stdout)")
        let again = try sandbox.cli(["duplicates", "--near"])
        #expect(!again.stderr.contains("hashed"), "the hashes were saved: \(again.stderr)")
    }
}
