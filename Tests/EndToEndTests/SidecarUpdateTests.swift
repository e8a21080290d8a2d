import Fixtures
import Foundation
import Testing

/// `write-metadata` into a sidecar another program wrote, with properties as elements (which
/// the writer detaches and writes again as attributes). Under `make check-asan` the binary is
/// the ASan build: it must end without a LeakSanitizer report, like any other run.
@Suite("Updating an existing sidecar")
struct SidecarUpdateTests {
    static let sidecar = """
        <?xml version="1.0" encoding="UTF-8"?>
        <x:xmpmeta xmlns:x="adobe:ns:meta/">
         <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
          <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/"
              xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:darktable="http://darktable.sf.net/"
              xmp:Rating="3">
           <xmp:CreateDate>2001-01-01T00:00:00</xmp:CreateDate>
           <dc:description><rdf:Alt><rdf:li xml:lang="x-default">old</rdf:li><rdf:li xml:lang="de">alt</rdf:li></rdf:Alt></dc:description>
           <darktable:history>kept</darktable:history>
          </rdf:Description>
         </rdf:RDF>
        </x:xmpmeta>

        """

    @Test("elements replaced by attributes, other languages and darktable's history kept, exit 0")
    func elementsBecomeAttributes() throws {
        let sandbox = Sandbox()
        let paths = PhotoFixtures.write(PhotoFixtures.series(1, description: "Trip"), into: sandbox.root.path + "/photos")
        try sandbox.importWithCLI([sandbox.root.path + "/photos"])
        let sidecarPath = paths[0] + ".xmp"
        #expect(FileManager.default.createFile(atPath: sidecarPath, contents: Data(Self.sidecar.utf8)))
        let edit = try E2E.cli(["edit", paths[0], "--date", "2004-12-25 18:30", "--description", "new words",
                                "--library", sandbox.library], sandbox: sandbox)
        #expect(edit.status == 0, "\(edit.stderr)")

        let write = try E2E.cli(["write-metadata", "--sidecar-only", "--library", sandbox.library], sandbox: sandbox)
        #expect(write.status == 0, "\(write.stderr)")
        #expect(!write.stderr.contains("LeakSanitizer"), "\(write.stderr)")
        let text = try String(contentsOfFile: sidecarPath, encoding: .utf8)
        #expect(text.occurrences(of: "CreateDate") == 1, "the element is gone, the attribute written: \(text)")
        #expect(text.contains("xmp:CreateDate=\"2004-12-25T18:30:00"), "\(text)")
        #expect(text.contains(">new words<") && text.contains(">alt<") && text.contains(">kept<"), "\(text)")
    }
}
