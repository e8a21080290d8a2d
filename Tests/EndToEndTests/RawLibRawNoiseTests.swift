import Fixtures
import Foundation
import Testing

/// Raw files (issue 21) with the real binary: LibRaw's own handlers print "unknown file: data
/// corrupted at 1368" to stderr when a raw file's data is broken, which in the browser lands on
/// the screen mid-frame (seen by hand on a DNG of a camera LibRaw does not know, without a
/// preview: its half-size decode reads the unknown data). photory silences them; the import
/// still names what it did with the file.
@Suite struct RawLibRawNoiseTests {
    @Test func aRawFileWithBrokenDataLeavesStderrClean() throws {
        let sandbox = Sandbox()
        let folder = TemporaryFolder("photory-e2e-raw-noise")
        var options = RawFixture.Options()
        (options.unknownCamera, options.preview) = (true, nil)
        folder.write(RawFixture.dng(options), to: "card/IMG_0001.DNG")
        let imported = try E2E.cli(["import", folder.path + "/card", "--library", sandbox.library], sandbox: sandbox)
        #expect(imported.status == 0, "\(imported.stdout) \(imported.stderr)")
        #expect(!imported.stderr.contains("data corrupted"), "LibRaw's own message: \(imported.stderr)")
        #expect(imported.stderr.isEmpty, "\(imported.stderr)")
        #expect(imported.stdout.contains("1 imported") || imported.stdout.contains("IMG_0001.DNG"), "\(imported.stdout)")
    }
}
