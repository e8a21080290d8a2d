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

    /// A web photo not downloaded yet has no size and no date: none is written, and it reads
    /// back unknown, with its thumbnail's shape; a date the feed gave round-trips too.
    @Test func unknownSizeAndDateRoundTrip() throws {
        var lazy = Photo(id: "w", path: "/downloads/w.jpg", fileSize: 0, fileModified: 5, width: 0, height: 0,
                         takenAt: nil, takenAtSource: nil, importedAt: 5)
        lazy.isDownloaded = false
        lazy.sourceURL = "http://example.org/w.jpg"
        (lazy.thumbnailWidth, lazy.thumbnailHeight) = (150, 100)
        var dated = lazy
        dated.id = "d"
        (dated.width, dated.height) = (4000, 3000)
        (dated.fileTakenAt, dated.fileTakenAtSource) = ("2019-06-05T14:03:22+02:00", .feed)
        let bytes = LibraryJSON.encode(schemaVersion: 1, photos: [lazy, dated, samplePhoto("x")])
        let text = String(decoding: bytes, as: UTF8.self)
        let firstLine = try #require(text.split(separator: "\n").first { $0.contains("\"id\":\"w\"") })
        #expect(!firstLine.contains("\"width\"") && !firstLine.contains("\"takenAt"), "\(firstLine)")
        let back = try bytes.withUnsafeBytes { try LibraryJSON.read($0, supported: 1).photos }
        #expect(back == [lazy, dated, samplePhoto("x")])
        #expect(back?[0].isTakenAtKnown == false && back?[0].isSizeKnown == false)
        #expect(back?[0].layoutSize.width == 150 && back?[0].layoutSize.height == 100)
    }

    /// Files written before unknown was unknown held a not-downloaded photo's thumbnail size and
    /// import time: they load as its thumbnail's shape and an unknown date. A photo without a
    /// width or a date at all loads with them unknown.
    @Test func olderFilesLoadWithTheSizeAndDateUnknown() throws {
        let old = #"{"schemaVersion":2,"photos":[{"id":"w","path":"/d/w.jpg","fileSize":0,"fileModified":5,"width":150,"height":100,"#
            + #""takenAt":"2026-11-25T06:00:00+00:00","takenAtSource":"fileTime","importedAt":5,"missing":false,"#
            + #""sourceURL":"http://example.org/w.jpg","isDownloaded":false},"#
            + #"{"id":"b","path":"/p/b.jpg","fileSize":1,"fileModified":2,"importedAt":1,"missing":false}]}"#
        let photos = try Array(old.utf8).withUnsafeBytes { try LibraryJSON.read($0, supported: 2).photos ?? [] }
        #expect(photos.count == 2)
        #expect(photos[0].takenAt == nil && photos[0].takenAtSource == nil)
        #expect(!photos[0].isSizeKnown && photos[0].thumbnailWidth == 150 && photos[0].thumbnailHeight == 100)
        #expect(photos[1].takenAt == nil && photos[1].width == 0 && photos[1].height == 0)
    }

    /// Camera filler an older photory took for a description loads as none ("Other"); real
    /// descriptions, the user's own and a feed's titles load as they are.
    @Test func cameraFillerFromOlderFilesLoadsAsNoDescription() throws {
        var photos = ["000001", "DSC00006", "CASIO DIGITAL CAMERA", "p3", "Beach 2019",
                      "A very long description of the harbour at dawn, with boats"].enumerated().map { i, text in
            var photo = samplePhoto("\(i)", description: text)
            photo.path = "/photos/p\(i).jpg"
            return photo
        }
        photos[0].edits.description = "Harbour"
        photos.append(samplePhoto("feed", description: "000002"))
        photos[6].fileDescriptionSource = .feed
        let bytes = LibraryJSON.encode(schemaVersion: 1, photos: photos)
        let back = try #require(try bytes.withUnsafeBytes { try LibraryJSON.read($0, supported: 1).photos })
        #expect(back.map(\.fileDescription) == [nil, nil, nil, nil, "Beach 2019",
                                                "A very long description of the harbour at dawn, with boats", "000002"])
        #expect(back.map(\.description) == ["Harbour", nil, nil, nil, "Beach 2019",
                                            "A very long description of the harbour at dawn, with boats", "000002"])
    }

    /// A photo with every stored property (and every edit) set to something other than the
    /// default: a property added to `Photo` fails `everyPropertyIsSet` until it is set here, and
    /// the round trip until `PhotoCodec` writes and reads it.
    static let everyField: Photo = {
        var photo = Photo(id: "0123456789abcde", path: "/photos/every field.jpg", fileSize: 123_456,
                          fileModified: 1_700_000_000.25, width: 4000, height: 3000, orientation: 6,
                          takenAt: "2019-06-05T14:03:22+02:00", takenAtSource: .dateTimeDigitized,
                          cameraMake: "Canon", cameraModel: "Canon EOS 6D",
                          gps: GPSPosition(latitude: -33.8688, longitude: 151.2093, altitude: 12.5),
                          description: "Harbour at dawn", descriptionSource: .xmp, missing: true,
                          importedAt: 1_700_000_100.5)
        (photo.thumbnailWidth, photo.thumbnailHeight) = (150, 100)
        photo.edits = PhotoEdits(date: EditedDate(value: "2004-01-01T00:00:00", precision: .year),
                                 location: .set(GPSPosition(latitude: 48.85, longitude: 2.35, altitude: -3)),
                                 description: "Boats", favourite: true, rating: 4, rejected: false, picked: true,
                                 label: .cleared, tags: ["Places/Italy/Rome", "Family"], orientation: 7)
        photo.edits.albums = ["a1": 2]   // Albums (issue 23)
        photo.fileMarks = PhotoMarks(rating: 2, rejected: true, label: .purple, tags: ["Places/Italy"])
        photo.sidecarModified = 1_700_000_050.5
        photo.animated = true
        photo.contentID = "fedcba987654321"
        photo.sourceURL = "http://example.org/photos/every.jpg"
        photo.feedURL = "http://example.org/feed.json"
        photo.albumID = "album-7"
        photo.isDownloaded = false
        photo.leftFeed = true
        photo.kind = .video
        photo.duration = 3.5
        photo.motionRange = 40_000..<123_456   // Motion Photos (issue 21)
        photo.motionDuration = 1.5
        photo.appleContentID = "6F1A-LIVE-0001"   // Stacks (issue 21)
        photo.perceptualHash = 0x00f0_1234_abcd_ef99
        photo.cropHashes = CropHashes([1, 0x0123_4567_89ab_cdef, 0, 0xffff_ffff_ffff_ffff, 42])
        return photo
    }()

    /// The stored properties of `value` whose value is the same as in `reference`, by name.
    private func unchangedProperties<T>(_ value: T, from reference: T) -> [String] {
        zip(Mirror(reflecting: value).children, Mirror(reflecting: reference).children).compactMap { set, unset in
            String(reflecting: set.value) == String(reflecting: unset.value) ? set.label ?? "?" : nil
        }
    }

    @Test func everyPropertyIsSet() {
        let plain = Photo(id: "", path: "", fileSize: 0, fileModified: 0, width: 0, height: 0,
                          takenAt: nil, takenAtSource: nil, importedAt: 0)
        #expect(unchangedProperties(Self.everyField, from: plain) == [], "set them in everyField, and in PhotoCodec")
        #expect(unchangedProperties(Self.everyField.edits, from: PhotoEdits()) == [])
        // A photo's stack is found from the photos when the library is read, never saved (issue 21).
        #expect(unchangedProperties(Self.everyField.rare, from: Photo.Rare()) == ["stack"])
        #expect(Self.everyField.fileGPS?.altitude != nil)
    }

    @Test func everyFieldRoundTrips() throws {
        let photos = [Self.everyField, samplePhoto("x")]
        let bytes = LibraryJSON.encode(schemaVersion: 2, photos: photos)
        let back = try bytes.withUnsafeBytes { try LibraryJSON.read($0, supported: 2).photos }
        #expect(back == photos)
        // Written again, the file is the same byte for byte.
        #expect(LibraryJSON.encode(schemaVersion: 2, photos: back ?? []) == bytes)
    }

    /// The bytes the writer produced before `PhotoCodec`: keys, order and numbers unchanged.
    @Test func writesTheSameBytesAsBefore() {
        let bytes = LibraryJSON.encode(schemaVersion: 2, photos: [Self.everyField])
        let expected = #"{"schemaVersion":2,"photos":["#
            + "\n"
            + #"{"id":"0123456789abcde","path":"/photos/every field.jpg","fileSize":123456,"fileModified":1700000000.25,"#
            + #""width":4000,"height":3000,"thumbnailWidth":150,"thumbnailHeight":100,"orientation":6,"#
            + #""takenAt":"2019-06-05T14:03:22+02:00","takenAtSource":"dateTimeDigitized","cameraMake":"Canon","#
            + #""cameraModel":"Canon EOS 6D","gps":{"latitude":-33.8688,"longitude":151.2093,"altitude":12.5},"#
            + #""description":"Harbour at dawn","descriptionSource":"xmp","missing":true,"importedAt":1700000100.5,"#
            + #""contentID":"fedcba987654321","sourceURL":"http://example.org/photos/every.jpg","#
            + #""feedURL":"http://example.org/feed.json","albumID":"album-7","isDownloaded":false,"leftFeed":true,"#
            + #""kind":"video","duration":3.5,"motionStart":40000,"motionEnd":123456,"motionDuration":1.5,"#
            + #""appleContentID":"6F1A-LIVE-0001","animated":true,"#
            + #""marks":{"rating":2,"rejected":true,"label":"purple","tags":["Places/Italy"]},"sidecarModified":1700000050.5,"#
            + #""edits":{"date":{"value":"2004-01-01T00:00:00","precision":"year"},"#
            + #""location":{"latitude":48.85,"longitude":2.35,"altitude":-3},"description":"Boats","favourite":true,"#
            + #""rating":4,"rejected":false,"picked":true,"label":null,"tags":["Places/Italy/Rome","Family"],"orientation":7,"#
            + #""albums":[{"album":"a1","position":2}]},"phash":"00f01234abcdef99","#
            + #""cropHashes":"00000000000000010123456789abcdef0000000000000000ffffffffffffffff000000000000002a"}"#
            + "\n]}\n"
        #expect(String(decoding: bytes, as: UTF8.self) == expected)
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

    /// A list over a megabyte read in one pass (what the segmented reader, `SegmentedReadTests`,
    /// falls back to on damage): the same photos in the same order, and errors name the right photo.
    @Test func largeListsGiveTheSamePhotosAndNameTheDamagedOne() throws {
        let photos = (0..<6000).map { i in
            samplePhoto(String(format: "%015x", i), description: i % 3 == 0 ? nil : "Group \(i % 40)",
                        takenAt: "2024-01-01T10:00:00", path: "/photos/\(i)/{\"id\":\n\(i).jpg")
        }
        let bytes = LibraryJSON.encode(schemaVersion: 1, photos: photos)
        #expect(bytes.count > 1 << 20)
        let back = try bytes.withUnsafeBytes { try LibraryJSON.read($0, supported: 1).photos }
        #expect(back == photos)

        var broken = String(decoding: bytes, as: UTF8.self)
        let victim = try #require(broken.range(of: "\"fileSize\":100,", options: .backwards))
        broken.replaceSubrange(victim, with: "")
        #expect { try Array(broken.utf8).withUnsafeBytes { try LibraryJSON.read($0, supported: 1) } } throws: {
            "\($0)".contains("photo 6000 has no \"fileSize\"")
        }
    }
}
