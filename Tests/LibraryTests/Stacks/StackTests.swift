import Fixtures
import Foundation
import Testing
@testable import Library

/// Stacks (issue 21) on files the tests make: a RAW+JPEG pair (a DNG from a JPEG fixture's
/// preview), a Live Photo paired by Apple's content identifier (the still's maker note, the
/// movie's QuickTime key), and a JPEG+MOV paired by base name and time. Whatever order the
/// files come in, one stack forms, counted once, and edits and trash take every member.
@Suite struct StackTests {
    static let taken = "2023:08:09 10:11:12"

    /// A JPEG taken at `date`, distinct by `seed`, with Apple's content identifier when given.
    static func jpeg(_ seed: Int, date: String = taken, contentIdentifier: String? = nil) -> Data {
        MetadataFixture.jpeg(width: 48, height: 32, exif: .init(
            make: "Apple", dateTimeOriginal: date,
            extraEntries: contentIdentifier.map { [.appleMakerNote(contentIdentifier: $0)] } ?? []))
            .withSeedComment(seed)
    }

    /// A DNG taken at `date`.
    static func dng(date: String = taken) -> Data {
        var options = RawFixture.Options()
        options.dateTimeOriginal = date
        return RawFixture.dng(options)
    }

    private func names(_ ids: [String], _ library: PhotoLibrary) -> [String] {
        ids.compactMap { library.photo(id: $0)?.fileName }
    }

    @Test func aRawAndItsJPEGAreOneStackWhicheverComesFirst() throws {
        for rawFirst in [false, true] {
            let folder = TemporaryFolder()
            var library = PhotoLibrary()
            let importer = Importer()
            folder.write(Self.jpeg(1), to: "card/other.jpg")
            if rawFirst {
                folder.write(Self.dng(), to: "card/IMG_0001.DNG")
                _ = importer.run([folder.path + "/card"], into: &library)
                folder.write(Self.jpeg(2), to: "card/IMG_0001.JPG")
            } else {
                folder.write(Self.jpeg(2), to: "card/IMG_0001.JPG")
                _ = importer.run([folder.path + "/card"], into: &library)
                folder.write(Self.dng(), to: "card/IMG_0001.DNG")
            }
            _ = importer.run([folder.path + "/card"], into: &library)
            #expect(library.photos.count == 3)
            let jpeg = try #require(library.photo(path: folder.path + "/card/IMG_0001.JPG"))
            let raw = try #require(library.photo(path: folder.path + "/card/IMG_0001.DNG"))
            let stack = try #require(library.stack(of: raw.id))
            #expect(stack.kind == .rawJPEG)
            #expect(stack.memberIDs == [jpeg.id, raw.id], "the JPEG stands for the stack")
            #expect(raw.stack?.id == jpeg.id && jpeg.stack?.id == jpeg.id)
            #expect(jpeg.isHiddenInStack == false && raw.isHiddenInStack)
            // Groups, smart folders and trees count the stack once.
            #expect(library.groups.map(\.photoIDs.count).reduce(0, +) == 2)
            #expect(!library.groups.contains { $0.photoIDs.contains(raw.id) })
            #expect(library.group(id: SmartFolder.recentlyImported.id)?.photoIDs.contains(raw.id) != true)
            let tree = FolderTree(library: library, grouping: FolderGrouping(library: library))
            #expect(tree.folders.map(\.count).reduce(0, +) == 2)
            // The stack survives a reload of the library (stacks are found again, never saved).
            let reloaded = PhotoLibrary(photos: library.photos.map { photo in
                var plain = photo
                plain.stack = nil
                return plain
            })
            #expect(reloaded.stack(of: raw.id)?.memberIDs == [jpeg.id, raw.id])
            #expect(reloaded == library)
        }
    }

    @Test func filesMoreThanTwoSecondsApartOrInAnotherFolderStayApart() {
        let folder = TemporaryFolder()
        folder.write(Self.jpeg(1, date: "2023:08:09 10:11:12"), to: "a/IMG_0001.JPG")
        folder.write(Self.dng(date: "2023:08:09 10:11:15"), to: "a/IMG_0001.DNG")
        folder.write(Self.jpeg(2), to: "b/IMG_0002.JPG")
        folder.write(Self.dng(), to: "c/IMG_0002.DNG")
        var library = PhotoLibrary()
        _ = Importer().run([folder.path], into: &library)
        #expect(library.photos.count == 4)
        #expect(library.stacks.isEmpty)
        #expect(library.groups.map(\.photoIDs.count).reduce(0, +) == 4)
    }

    @Test(.enabled(if: FormatTools.available("ffmpeg"), "needs ffmpeg"))
    func aLivePhotoPairsByContentIdentifierElseByNameAndTime() throws {
        let videos = VideoFixture()
        let folder = videos.folder
        // Paired by the content identifier, whatever the names and however far the times.
        folder.write(Self.jpeg(1, contentIdentifier: "6F1A-LIVE-0001"), to: "roll/IMG_0001.HEIC.jpg")
        try videos.clip("roll/movie-of-the-still.MOV", seconds: 1,
                        tags: .init(appleCreationDate: "2023-08-09T11:00:00+0000", contentIdentifier: "6F1A-LIVE-0001"))
        // Paired by base name and time.
        folder.write(Self.jpeg(2, date: "2024:01:02 03:04:05"), to: "roll/IMG_0002.JPG")
        try videos.clip("roll/IMG_0002.MOV", seconds: 1, tags: .init(appleCreationDate: "2024-01-02T03:04:06+0000"))
        // Another identifier: no pair.
        try videos.clip("roll/IMG_0003.MOV", seconds: 1, tags: .init(contentIdentifier: "SOMETHING-ELSE"))
        var library = PhotoLibrary()
        // The movies first: the stills join them on the second import.
        let stills = ["roll/IMG_0001.HEIC.jpg", "roll/IMG_0002.JPG"].map { folder.path + "/" + $0 }
        _ = Importer().run([folder.path + "/roll/movie-of-the-still.MOV", folder.path + "/roll/IMG_0002.MOV",
                            folder.path + "/roll/IMG_0003.MOV"], into: &library)
        _ = Importer().run(stills, into: &library)
        #expect(library.photos.count == 5)

        let still = try #require(library.photo(path: stills[0]))
        #expect(still.appleContentID == "6F1A-LIVE-0001")
        let movie = try #require(library.photo(path: folder.path + "/roll/movie-of-the-still.MOV"))
        #expect(movie.appleContentID == "6F1A-LIVE-0001")
        #expect(library.stack(of: movie.id)?.memberIDs == [still.id, movie.id])
        #expect(library.stack(of: movie.id)?.kind == .live)
        #expect(still.isLiveStill && !movie.isLiveStill)

        let second = try #require(library.photo(path: stills[1]))
        #expect(names(library.stack(of: second.id)?.memberIDs ?? [], library) == ["IMG_0002.JPG", "IMG_0002.MOV"])
        #expect(library.photo(path: folder.path + "/roll/IMG_0003.MOV")?.stack == nil)
        // Videos smart folder: the lone movie only; `is:live` finds the two stills.
        #expect(names(library.group(id: SmartFolder.videos.id)?.photoIDs ?? [], library) == ["IMG_0003.MOV"])
        let index = SearchIndex(library: library)
        let live = try index.search("is:live")
        #expect(Set(names(live, library)) == ["IMG_0001.HEIC.jpg", "IMG_0002.JPG"])
    }

    @Test func editsAndMarksApplyToTheWholeStack() throws {
        let folder = TemporaryFolder()
        folder.write(Self.jpeg(1), to: "card/IMG_0001.JPG")
        folder.write(Self.dng(), to: "card/IMG_0001.DNG")
        folder.write(Self.jpeg(2, date: "2023:08:09 12:00:00"), to: "card/IMG_0002.JPG")
        var library = PhotoLibrary()
        _ = Importer().run([folder.path + "/card"], into: &library)
        let jpeg = try #require(library.photo(path: folder.path + "/card/IMG_0001.JPG"))
        let raw = try #require(library.photo(path: folder.path + "/card/IMG_0001.DNG"))
        let other = try #require(library.photo(path: folder.path + "/card/IMG_0002.JPG"))
        let planner = { EditPlanner(library: library) }
        library.apply(planner().setFavourite([jpeg.id], true))
        library.apply(planner().setRating([raw.id], 4))   // from the RAW shown by Tab, too
        library.apply(planner().setLabel([jpeg.id], .red))
        library.apply(planner().changeTags([jpeg.id], adding: ["Trips/Rome"], removing: []))
        library.apply(planner().setDescription([jpeg.id], to: "Rome"))
        for id in [jpeg.id, raw.id] {
            let photo = try #require(library.photo(id: id))
            #expect(photo.isFavourite && photo.rating == 4 && photo.label == .red && photo.tags == ["Trips/Rome"])
            #expect(photo.description == "Rome")
        }
        // The group and Favourites show the stack once.
        #expect(library.group(named: "Rome")?.photoIDs == [jpeg.id])
        #expect(library.group(id: SmartFolder.favourites.id)?.photoIDs == [jpeg.id])
        // Two stacks' dates set together keep one second between stacks, none inside one.
        library.apply(planner().setDate([jpeg.id, other.id], to: try DateInput(parsing: "2020-01-01 09:00:00")))
        #expect(library.photo(id: jpeg.id)?.takenAt?.hasPrefix("2020-01-01T09:00:00") == true)
        #expect(library.photo(id: raw.id)?.takenAt?.hasPrefix("2020-01-01T09:00:00") == true)
        #expect(library.photo(id: other.id)?.takenAt?.hasPrefix("2020-01-01T09:00:01") == true)
        library.undo()
        library.apply(planner().setRejected([jpeg.id], true))
        #expect(library.photo(id: raw.id)?.isRejected == true)
    }

    @Test func twoSecondsAreMeasuredAsInstantsWhenBothHaveOffsets() {
        #expect(TakenAt.withinSeconds("2024-01-01T10:00:00", "2024-01-01T10:00:02", 2))
        #expect(!TakenAt.withinSeconds("2024-01-01T10:00:00", "2024-01-01T10:00:03", 2))
        #expect(TakenAt.withinSeconds("2024-01-01T23:59:59", "2024-01-02T00:00:01", 2))
        #expect(TakenAt.withinSeconds("2024-01-01T12:00:00+02:00", "2024-01-01T10:00:01+00:00", 2))
        #expect(!TakenAt.withinSeconds("2024-01-01T12:00:00+02:00", "2024-01-01T12:00:00+00:00", 2))
        #expect(TakenAt.withinSeconds("2024-01-01T12:00:00+02:00", "2024-01-01T12:00:01", 2))
        #expect(!TakenAt.withinSeconds(nil, "2024-01-01T12:00:01", 2))
    }

    @Test func appleMakerNotesThatLieGiveNoIdentifier() {
        let good = MetadataFixture.RawEntry.appleMakerNote(contentIdentifier: "ABC-1")
        guard case let .undefined(bytes) = good.value else { Issue.record("not undefined"); return }
        bytes.withUnsafeBytes { #expect(AppleMakerNote.contentIdentifier(in: $0) == "ABC-1") }
        for cut in [0, 10, 16, 30, bytes.count - 3] {
            let short = Array(bytes.prefix(cut))
            short.withUnsafeBytes { _ = AppleMakerNote.contentIdentifier(in: $0) }   // no crash
        }
        var pastTheEnd = bytes
        pastTheEnd[16 + 12 + 8 + 3] = 0xFF   // the identifier's offset points past the end
        pastTheEnd.withUnsafeBytes { #expect(AppleMakerNote.contentIdentifier(in: $0) == nil) }
        Array("Nikon\0".utf8).withUnsafeBytes { #expect(AppleMakerNote.contentIdentifier(in: $0) == nil) }
    }
}

private extension Data {
    /// The JPEG with a comment making its bytes (and so its id) distinct.
    func withSeedComment(_ seed: Int) -> Data {
        JPEGFixture.inserting(segments: [(0xFE, Data("seed \(seed)".utf8))], into: self)
    }
}
