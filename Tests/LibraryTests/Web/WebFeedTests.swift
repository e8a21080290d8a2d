import Foundation
import Testing
@testable import Library

@Suite struct WebFeedTests {
    let base = URL(string: "http://127.0.0.1:1/feeds/photos.json")!

    func parse(_ text: String) throws(WebFeedError) -> WebFeed { try WebFeed.parse(Array(text.utf8), from: base) }

    @Test func readsTheJSONPlaceholderShape() throws {
        let feed = try parse("""
            [{"albumId": 1, "id": 7, "title": "  accusamus\\nbeatae ", "url": "http://127.0.0.1:1/600/92c952",
              "thumbnailUrl": "http://127.0.0.1:1/150/92c952"}]
            """)
        #expect(feed.items == [WebFeed.Item(url: URL(string: "http://127.0.0.1:1/600/92c952")!,
                                             thumbnailURL: URL(string: "http://127.0.0.1:1/150/92c952")!,
                                             title: "accusamus beatae", id: "7", albumID: "1")])
        #expect(feed.problems.isEmpty)
    }

    /// A feed may say the original's size and when it was taken; what it does not say (or says
    /// wrongly) stays unknown.
    @Test func readsTheSizeAndDateAFeedGives() throws {
        let feed = try parse(#"""
            [{"url": "1.jpg", "width": 4000, "height": 3000, "takenAt": "2019-06-05T14:03:22+02:00"},
             {"url": "2.jpg", "width": 4000, "takenAt": "2019-06-05T14:03:22Z"},
             {"url": "3.jpg", "width": -1, "height": 2.5, "takenAt": "last summer"},
             {"url": "4.jpg", "takenAt": "2019-13-05T14:03:22"}]
            """#)
        #expect(feed.items.map(\.width) == [4000, nil, nil, nil])
        #expect(feed.items.map(\.height) == [3000, nil, nil, nil])
        #expect(feed.items.map(\.takenAt) == ["2019-06-05T14:03:22+02:00", "2019-06-05T14:03:22+00:00", nil, nil])
    }

    @Test(arguments: ["photos", "items", "data"])
    func findsTheListUnderAKnownKey(_ key: String) throws {
        let feed = try parse(#"{"page": 1, "\#(key)": [{"url": "a.jpg"}, {"url": "/b.jpg", "id": "x"}]}"#)
        #expect(feed.items.map(\.url.absoluteString) == ["http://127.0.0.1:1/feeds/a.jpg", "http://127.0.0.1:1/b.jpg"])
        #expect(feed.items.last?.id == "x")
    }

    @Test func anItemWithoutURLIsAProblemAndTheRestCounts() throws {
        let feed = try parse(#"[{"url": "1.jpg"}, {"url": "2.jpg"}, {"title": "no link"}, 5, {"url": "ftp://x/y.jpg"}]"#)
        #expect(feed.items.count == 2)
        #expect(feed.problems.map(\.reason) == ["item 3 has no url", "item 4 is not an object",
                                                "item 5: url is not an http or https URL"])
    }

    @Test func readsAPlainListOfLinks() throws {
        let feed = try parse("# my photos\nhttp://127.0.0.1:1/a.jpg\n\n  https://127.0.0.1:1/b.jpg  \nnot a link\n")
        #expect(feed.items.map(\.url.absoluteString) == ["http://127.0.0.1:1/a.jpg", "https://127.0.0.1:1/b.jpg"])
        #expect(feed.problems.map(\.reason) == ["line 5 is not an http or https URL"])   // as numbered in the file: the comment and the blank line count
    }

    @Test func namesWhatIsWrongWithAFeedThatCannotBeRead() {
        do {
            _ = try parse("[{\"url\": ")
            Issue.record("broken JSON was accepted")
        } catch {
            guard case .notJSON = error else { Issue.record("\(error)"); return }
            #expect(error.description.hasPrefix("not JSON"))
        }
        #expect(throws: WebFeedError.noPhotoList(url: base.absoluteString)) { try parse(#"{"photos": 3}"#) }
        #expect(throws: WebFeedError.notAFeed(url: base.absoluteString)) { try parse("<!DOCTYPE html><html></html>") }
        #expect(throws: WebFeedError.empty(url: base.absoluteString)) { try parse("  \n") }
    }
}
