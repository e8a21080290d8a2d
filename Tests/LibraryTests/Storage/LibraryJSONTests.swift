import Foundation
import Testing
@testable import Library

@Suite struct LibraryJSONTests {
    private func decode(_ text: String) throws -> [Photo] {
        try Array(text.utf8).withUnsafeBytes { try LibraryJSON.read($0, supported: 1).photos ?? [] }
    }

    @Test func roundTripsAwkwardStrings() throws {
        var photo = samplePhoto("x", description: "quote \" backslash \\ tab \t newline \n bell \u{7} é 漢字 😀")
        photo.path = "/photos/we\"ird\\name\u{1}.jpg"
        photo.fileModified = 1_700_000_000.123456
        photo.fileGPS = GPSPosition(latitude: -33.8688, longitude: 151.2093, altitude: nil)
        let bytes = LibraryJSON.encode(schemaVersion: 1, photos: [photo])
        let back = try bytes.withUnsafeBytes { try LibraryJSON.read($0, supported: 1).photos }
        #expect(back == [photo])
        // Foundation agrees the output is valid JSON.
        #expect((try? JSONSerialization.jsonObject(with: Data(bytes))) != nil)
    }

    @Test func readsEscapesIncludingSurrogatePairs() throws {
        let text = #"{"schemaVersion":1,"photos":[{"id":"a","path":"\/p\u00e9\ud83d\ude00.jpg","fileSize":1,"fileModified":2.5,"width":3,"height":4,"takenAt":"t","takenAtSource":"fileTime","importedAt":1e3,"missing":false}]}"#
        let photo = try #require(try decode(text).first)
        #expect(photo.path == "/pé😀.jpg")
        #expect(photo.fileModified == 2.5)
        #expect(photo.importedAt == 1000)
        #expect(photo.orientation == 1)
    }

    @Test func skipsUnknownKeysAndNulls() throws {
        let text = #"{"extra":{"a":[1,2,{"b":null}]},"schemaVersion":1,"photos":[{"future":[true,false],"id":"a","path":"/p","fileSize":1,"fileModified":2,"width":3,"height":4,"takenAt":"t","takenAtSource":"dateTime","importedAt":1,"cameraMake":null,"gps":null}]}"#
        let photos = try decode(text)
        #expect(photos.count == 1)
        #expect(photos[0].cameraMake == nil)
        #expect(photos[0].takenAtSource == .dateTime)
    }

    @Test func missingRequiredFieldIsNamed() {
        let text = #"{"schemaVersion":1,"photos":[{"id":"a"}]}"#
        #expect { try decode(text) } throws: { "\($0)".contains("photo 1 has no \"path\"") }
    }

    @Test func syntaxErrorsGiveALineAndColumn() {
        let text = "{\"schemaVersion\":1,\n\"photos\":[{\"id\": tru}]}"
        #expect { try decode(text) } throws: { "\($0)".contains("line 2") }
        #expect(throws: (any Error).self) { try decode("{\"photos\":[]} trailing") }
        #expect(throws: (any Error).self) { try decode("{\"photos\":[\"unterminated]}") }
    }

    /// Over a megabyte the array is read in two halves on two threads; the result must be the
    /// same photos in the same order, and errors must still name the right photo.
    @Test func largeListsReadInHalvesGiveTheSamePhotos() throws {
        let photos = (0..<6000).map { i in
            samplePhoto(String(format: "%015x", i), description: i % 3 == 0 ? nil : "Group \(i % 40)",
                        takenAt: "2024-01-01T10:00:00", path: "/photos/\(i)/{\"id\":\n\(i).jpg")
        }
        let bytes = LibraryJSON.encode(schemaVersion: 1, photos: photos)
        #expect(bytes.count > 1 << 20)
        let back = try bytes.withUnsafeBytes { try LibraryJSON.read($0, supported: 1).photos }
        #expect(back == photos)

        var broken = String(decoding: bytes, as: UTF8.self)
        let victim = try #require(broken.range(of: "\"width\":40,", options: .backwards))
        broken.replaceSubrange(victim, with: "")
        #expect { try Array(broken.utf8).withUnsafeBytes { try LibraryJSON.read($0, supported: 1) } } throws: {
            "\($0)".contains("photo 6000 has no \"width\"")
        }
    }
}
