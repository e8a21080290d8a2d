import Fixtures
import Foundation
@testable import Library
import Testing

@Suite("Write-back: XMP sidecar")
struct WriteBackSidecarTests {
    static let changes = MetadataChanges(
        dateTaken: "2004:12:25 18:30:00", utcOffset: "-03:00",
        location: .set(.init(latitude: -22.9068, longitude: -43.1729, altitude: 11.5)),
        description: "Natal no Rio & <amigos>", favourite: true)

    /// What darktable writes beside a photo: attributes, its edit history, a rating of 1.
    static let darktable = """
        <?xml version="1.0" encoding="UTF-8"?>
        <x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="XMP Core 4.4.0-Exiv2">
         <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
          <rdf:Description rdf:about=""
            xmlns:exif="http://ns.adobe.com/exif/1.0/"
            xmlns:xmp="http://ns.adobe.com/xap/1.0/"
            xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"
            xmlns:darktable="http://darktable.sf.net/"
            xmlns:dc="http://purl.org/dc/elements/1.1/"
            exif:DateTimeOriginal="2019:01:01 10:00:00"
            xmp:Rating="1"
            xmpMM:DerivedFrom="photo.jpg"
            darktable:xmp_version="5"
            darktable:history_end="2">
           <darktable:history>
            <rdf:Seq>
             <rdf:li darktable:num="0" darktable:operation="exposure" darktable:enabled="1" darktable:params="0000000000000000"/>
             <rdf:li darktable:num="1" darktable:operation="colorin" darktable:enabled="1" darktable:params="gz09eJz"/>
            </rdf:Seq>
           </darktable:history>
           <dc:description>
            <rdf:Alt>
             <rdf:li xml:lang="x-default">old text</rdf:li>
             <rdf:li xml:lang="pt-BR">texto antigo</rdf:li>
            </rdf:Alt>
           </dc:description>
          </rdf:Description>
         </rdf:RDF>
        </x:xmpmeta>

        """

    static func photoWithSidecar(_ sidecar: String?) -> (PhotoOnDisk, String) {
        let photo = PhotoOnDisk(JPEGFixture.encode(width: 32, height: 24))
        let path = XMPSidecar.path(forPhoto: photo.path)
        if let sidecar { FileManager.default.createFile(atPath: path, contents: Data(sidecar.utf8)) }
        return (photo, path)
    }

    @Test("exiftool reads date, GPS, rating and description from a new sidecar",
          .enabled(if: ExternalTool.exiftool != nil, "exiftool not installed"))
    func newSidecarExiftool() throws {
        let (photo, path) = Self.photoWithSidecar(nil)
        #expect(try XMPSidecar.write(Self.changes, forPhoto: photo.path) == photo.path + ".xmp")
        let v = try ExternalTool.exiftool!.values(
            ["XMP:CreateDate", "XMP:DateTimeOriginal", "XMP:DateCreated", "XMP:GPSLatitude", "XMP:GPSLongitude",
             "XMP:GPSAltitude", "XMP:Rating", "XMP:Description"], in: path)
        #expect(v["XMP:CreateDate"] == "2004:12:25 18:30:00-03:00")
        #expect(v["XMP:DateTimeOriginal"] == "2004:12:25 18:30:00-03:00")
        #expect(v["XMP:DateCreated"] == "2004:12:25 18:30:00-03:00")
        #expect(abs((Double(v["XMP:GPSLatitude"] ?? "") ?? 0) - -22.9068) < 1e-6)
        #expect(abs((Double(v["XMP:GPSLongitude"] ?? "") ?? 0) - -43.1729) < 1e-6)
        #expect(v["XMP:GPSAltitude"] == "11.5")
        #expect(v["XMP:Rating"] == "5")
        #expect(v["XMP:Description"] == "Natal no Rio & <amigos>")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("22,54.408S") && text.contains("43,10.374W"))
    }

    @Test("exiv2 reads date and GPS from the sidecar", .enabled(if: ExternalTool.exiv2 != nil, "exiv2 not installed"))
    func newSidecarExiv2() throws {
        let (photo, path) = Self.photoWithSidecar(nil)
        try XMPSidecar.write(Self.changes, forPhoto: photo.path)
        let out = try ExternalTool.exiv2!.run(["-Pkv", "-px", path])
        #expect(out.contains("Xmp.exif.DateTimeOriginal") && out.contains("2004-12-25T18:30:00-03:00"))
        #expect(out.contains("Xmp.exif.GPSLatitude") && out.contains("22,54.408S"))
        #expect(out.contains("Xmp.exif.GPSLongitude") && out.contains("43,10.374W"))
        #expect(out.contains("Xmp.xmp.Rating") && out.contains("Xmp.dc.description"))
    }

    @Test("a darktable sidecar keeps its history and other properties; ours are replaced, not doubled")
    func darktableSidecarKept() throws {
        let (photo, path) = Self.photoWithSidecar(Self.darktable)
        try XMPSidecar.write(.init(dateTaken: "2004:12:25 18:30:00", description: "new text"), forPhoto: photo.path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("darktable:params=\"gz09eJz\"") && text.contains("darktable:operation=\"exposure\""))
        #expect(text.contains("darktable:history_end=\"2\"") && text.contains("xmpMM:DerivedFrom=\"photo.jpg\""))
        // The history is kept as darktable wrote it, line by line (libxml2 writes `<a/>` as `<a></a>`).
        #expect(text.contains("""
                 <rdf:li darktable:num="1" darktable:operation="colorin" darktable:enabled="1" darktable:params="gz09eJz">
            """))
        #expect(text.contains("xmp:Rating=\"1\""))  // not a favourite change: darktable's rating stays
        #expect(text.components(separatedBy: "DateTimeOriginal").count == 2)
        #expect(!text.contains("2019:01:01"))
        #expect(text.contains("texto antigo") && text.contains(">new text<") && !text.contains("old text"), "\(text)")
        if let exiftool = ExternalTool.exiftool {
            let v = try exiftool.values(["XMP:DateTimeOriginal", "XMP:Description", "XMP:HistoryOperation"], in: path)
            #expect(v["XMP:DateTimeOriginal"] == "2004:12:25 18:30:00")
            #expect(v["XMP:Description"] == "new text")
        }
    }

    @Test("a description in a second rdf:Description keeps its other languages")
    func descriptionInASecondDescriptionKeepsItsLanguages() throws {
        let sidecar = """
            <?xml version="1.0" encoding="UTF-8"?>
            <x:xmpmeta xmlns:x="adobe:ns:meta/">
             <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
              <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmp:Rating="2"/>
              <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">
               <dc:description>
                <rdf:Alt>
                 <rdf:li xml:lang="x-default">old text</rdf:li>
                 <rdf:li xml:lang="de">alter Text</rdf:li>
                </rdf:Alt>
               </dc:description>
              </rdf:Description>
             </rdf:RDF>
            </x:xmpmeta>

            """
        let (photo, path) = Self.photoWithSidecar(sidecar)
        try XMPSidecar.write(.init(description: "new text"), forPhoto: photo.path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("alter Text") && text.contains(">new text<") && !text.contains("old text"), "\(text)")
        #expect(text.components(separatedBy: "<dc:description").count == 2, "one description, not two: \(text)")
        if let exiftool = ExternalTool.exiftool {
            let v = try exiftool.values(["XMP:Description", "XMP:Description-de"], in: path)
            #expect(v["XMP:Description"] == "new text")
            #expect(v["XMP:Description-de"] == "alter Text")
        }
    }

    @Test("favourite: true writes rating 5; false removes our 5 but keeps another rating")
    func rating() throws {
        let (photo, path) = Self.photoWithSidecar(Self.darktable)
        try XMPSidecar.write(.init(favourite: false), forPhoto: photo.path)
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("xmp:Rating=\"1\""))
        try XMPSidecar.write(.init(favourite: true), forPhoto: photo.path)
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("xmp:Rating=\"5\""))
        try XMPSidecar.write(.init(favourite: false), forPhoto: photo.path)
        #expect(!(try String(contentsOfFile: path, encoding: .utf8)).contains("Rating"))
    }

    @Test("clearing the location removes the GPS properties")
    func clearLocation() throws {
        let (photo, path) = Self.photoWithSidecar(nil)
        try XMPSidecar.write(Self.changes, forPhoto: photo.path)
        try XMPSidecar.write(.init(location: .clear), forPhoto: photo.path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!text.contains("GPS") && text.contains("CreateDate"))
    }

    @Test("a sidecar that is not valid XML, or not XMP, is refused and left as it is", arguments: [
        "<x:xmpmeta><rdf:RDF>", "darktable history, half written\u{0}", "<?xml version=\"1.0\"?><notes>hi</notes>",
    ])
    func invalidSidecar(text: String) throws {
        let (photo, path) = Self.photoWithSidecar(text)
        #expect(throws: WriteBackError.self) { try XMPSidecar.write(Self.changes, forPhoto: photo.path) }
        do {
            try XMPSidecar.write(Self.changes, forPhoto: photo.path)
        } catch {
            guard case .invalidSidecar(let p, _) = error else { Issue.record("got \(error)"); return }
            #expect(p == path)
        }
        #expect(FileManager.default.contents(atPath: path) == Data(text.utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: photo.folder.path).sorted() == ["photo.jpg", "photo.jpg.xmp"])
    }

    @Test("a read-only sidecar is refused and left as it is")
    func readOnlySidecar() throws {
        let (photo, path) = Self.photoWithSidecar(Self.darktable)
        chmod(path, 0o444)
        #expect(throws: WriteBackError.readOnly(path: path, reason: "the file is read-only")) {
            try XMPSidecar.write(Self.changes, forPhoto: photo.path)
        }
        #expect(FileManager.default.contents(atPath: path) == Data(Self.darktable.utf8))
    }

    @Test("XMP forms of dates and coordinates", arguments: [
        (-22.9068, "22,54.408S"), (48.8583, "48,51.498N"), (0.5, "0,30.0N"), (-0.000001, "0,0.00006S"),
    ] as [(Double, String)])
    func coordinates(value: Double, text: String) {
        #expect(XMPSidecar.coordinate(value, positive: "N", negative: "S") == text)
        #expect(XMPSidecar.xmpDate("2004:12:25 18:30:00", offset: nil) == "2004-12-25T18:30:00")
    }
}
