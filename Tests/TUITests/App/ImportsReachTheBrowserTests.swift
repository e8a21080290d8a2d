import Fixtures
import Foundation
import Library
import Testing
@testable import TUI

/// Another writer's import reaches an open browser as its photos (issue 18, point 8): each batch
/// appended to the journal is inserted into the browser's library as it is, without reading the
/// library again, and the browser's pending edits stay.
@Suite struct ImportsReachTheBrowserTests {
    @Test func anotherImportsBatchArrivesAsItsPhotosAndPendingEditsStay() throws {
        let folder = TemporaryFolder()
        var browser = try SaverAndFollowerTests.Browser(folder)
        let ids = try #require(browser.state.currentGroup).photoIDs
        // A favourite still pending: not handed to the saver yet.
        let pending = browser.state.press(.char("f"))
        #expect(browser.state.unsaved.count == 1)

        // Another process imports: two new photos, and a new record of a photo on screen.
        var newRecord = TestLibrary.photo(401, name: "new-1.jpg", description: "Imported", day: 3)
        newRecord.id = ids[0]
        newRecord.fileSize += 1
        let added = [TestLibrary.photo(402, name: "new-2.jpg", description: "Imported", day: 3),
                     TestLibrary.photo(403, name: "new-3.jpg", description: "Imported", day: 4)]
        let other = LibraryStore(path: browser.store.path)
        try other.appendPhotos(ImportedPhotos(photos: [newRecord] + added.prefix(1)), lockTimeout: 1)
        try other.appendPhotos(ImportedPhotos(photos: Array(added.suffix(1))), lockTimeout: 1)

        browser.follower.check()
        let messages = browser.posted.take()
        #expect(messages.count == 1, "the two batches in one message, and no read of the whole library: \(messages)")
        guard case let .photosAppendedElsewhere(imported)? = messages.first else {
            Issue.record("the batches come as photos: \(messages)")
            return
        }
        #expect(imported.photos.map(\.id) == [ids[0]] + added.map(\.id))
        browser.state.send(.photosAppendedElsewhere(imported))

        #expect(browser.state.library.photos.count == TestLibrary.standard().photos.count + 2)
        #expect(browser.state.library.group(named: "Imported")?.photoIDs.sorted() == ([ids[0]] + added.map(\.id)).sorted(),
                "the groups follow: the new photos and the new record's description")
        let replaced = try #require(browser.state.library.photo(id: ids[0]))
        #expect(replaced.fileSize == newRecord.fileSize && replaced.isFavourite, "the new record, the pending favourite kept")
        #expect(browser.state.unsaved.count == 1)

        // Saved afterwards, the browser's library is the one on disk.
        browser.perform(pending)
        browser.settle()
        try SaverAndFollowerTests().expectSameAsDisk(browser.state, browser.store)
    }
}
