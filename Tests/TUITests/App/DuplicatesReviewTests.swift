import Foundation
import Library
import Testing
@testable import TUI

/// The duplicates review (`D` on home, issue 23) as a user drives it: a look-alike group side by
/// side with the suggested keeper, choosing another, merging and rejecting the rest, the trash
/// confirmation, keeping all, and an empty library.
@Suite struct DuplicatesReviewTests {
    static let base: UInt64 = 0x0F0F_3C3C_A5A5_5A5A

    /// Three look-alikes of one picture (the 2000×1500 one the best) and an unrelated photo.
    static func library() -> PhotoLibrary {
        func photo(_ id: String, _ name: String, _ width: Int, _ height: Int, hash: UInt64) -> Photo {
            var photo = Photo(id: id, path: "/photos/trip/\(name)", fileSize: Int64(width * height / 4), fileModified: 0,
                              width: width, height: height, takenAt: "2021-06-01T10:00:00", takenAtSource: .dateTimeOriginal,
                              cameraMake: "Canon", cameraModel: "Canon EOS 6D", importedAt: 0)
            photo.perceptualHash = hash
            return photo
        }
        var small = photo("a1", "small.jpg", 800, 600, hash: base ^ 0b101)
        small.edits = PhotoEdits(favourite: true, rating: 5, tags: ["Trips/Rome"])
        return PhotoLibrary(photos: [
            small, photo("a2", "big.jpg", 2000, 1500, hash: base), photo("a3", "mid.jpg", 1600, 1200, hash: base ^ 0b11),
            photo("b1", "other.jpg", 2000, 1500, hash: ~base),
        ])
    }

    @Test func showsTheGroupSideBySideWithTheSuggestedKeeper() {
        var state = TestLibrary.state(Self.library(), columns: 120, rows: 40)
        state.press(.char("D"))
        let review = state.layer(DuplicatesReview.self)
        #expect(review?.groups.map(\.photoIDs) == [["a2", "a3", "a1"]])
        #expect(state.keyContext == .duplicates)
        let screen = AppView.render(state).text()
        #expect(screen.contains("KEEP (suggested)") && screen.contains("big.jpg"), "\(screen)")
        #expect(screen.contains("2000×1500") && screen.contains("1600×1200") && screen.contains("800×600"))
        #expect(screen.contains("Canon EOS 6D") && screen.contains("/photos/trip") && screen.contains("♥ favourite"))
        #expect(screen.contains("2021-06-01 10:00") && screen.contains("Trips/Rome"))
        #expect(!screen.contains("other.jpg"))
        state.press(.char("D"))
        #expect(state.layer(DuplicatesReview.self) == nil, "D closes it again")
    }

    @Test func keepAnotherMergeAndRejectTheRestThenUndo() throws {
        var state = TestLibrary.state(Self.library(), columns: 120, rows: 40)
        state.press(.char("D"), .right, .char(" "))
        #expect(state.status == "Keeping mid.jpg")
        let chosen = AppView.render(state).text()
        #expect(chosen.contains("KEEP ") && !chosen.contains("KEEP (suggested)"), "\(chosen)")
        let effects = state.press(.char("x"))
        #expect(effects.contains { if case .saveEdits = $0 { true } else { false } })
        let kept = try #require(state.library.photo(id: "a3"))
        #expect(kept.isFavourite && kept.rating == 5 && kept.tags == ["Trips/Rome"] && !kept.isRejected)
        #expect(state.library.photo(id: "a1")?.isRejected == true && state.library.photo(id: "a2")?.isRejected == true)
        #expect(state.library.photos.count == 4, "rejected photos stay")
        state.press(.escape, .char("u"))
        #expect(state.library.photo(id: "a3")?.isFavourite == false && state.library.photo(id: "a1")?.isRejected == false,
                "one step undoes the merge and the rejects")
    }

    @Test func enterMergesThenAsksBeforeTrashingTheOthers() throws {
        var state = TestLibrary.state(Self.library(), columns: 120, rows: 40)
        state.press(.char("D"), .enter)
        #expect(state.library.photo(id: "a2")?.rating == 5)
        let confirmation = try #require(state.layer(DeleteConfirmation.self))
        #expect(Set(confirmation.photoIDs) == ["a1", "a3"] && confirmation.purpose == .trash)
        let effects = state.press(.char("y"))
        #expect(effects.contains { if case let .changeTrash(.trash, ids) = $0 { Set(ids) == ["a1", "a3"] } else { false } })
        #expect(state.layer(DuplicatesReview.self) != nil, "back in the review after the confirmation")
    }

    /// The trash question stands over the group it is about, says the merge is done, and the
    /// review moves on to the next group once it is answered, yes or no.
    @Test func theTrashQuestionStaysOverItsGroupThenTheReviewMovesOn() throws {
        var library = Self.library()
        var twin = try #require(library.photo(id: "b1"))
        twin.id = "b2"
        twin.path = "/photos/trip/other-copy.jpg"
        library = PhotoLibrary(photos: library.photos + [twin])
        var state = TestLibrary.state(library, columns: 120, rows: 40)
        state.press(.char("D"))
        #expect(state.layer(DuplicatesReview.self)?.groups.count == 2)
        state.press(.enter)
        let asking = AppView.render(state).text()
        #expect(asking.contains("group 1 of 2") && asking.contains("big.jpg"), "\(asking)")
        #expect(asking.contains("Merged into big.jpg") && asking.contains("to the trash?"), "\(asking)")
        state.press(.char("n"))
        #expect(state.status == "Nothing moved to the trash")
        #expect(state.layer(DuplicatesReview.self)?.groupIndex == 1, "on to the next group")
    }

    @Test func keepAllChangesNothing() {
        var state = TestLibrary.state(Self.library(), columns: 120, rows: 40)
        let before = state.library
        state.press(.char("D"), .char("a"))
        #expect(state.library == before)
        #expect(state.status == "Kept all 3 — nothing changed")
        #expect(AppView.render(state).text().contains("done"))
    }

    @Test func noDuplicates() {
        var state = TestLibrary.state(columns: 120, rows: 40)
        state.press(.char("D"))
        let screen = AppView.render(state).text()
        #expect(screen.contains("No duplicates or look-alikes in the library."), "\(screen)")
        #expect(screen.contains("imported before look-alike hashes"), "the standard library has no hashes: \(screen)")
    }
}
