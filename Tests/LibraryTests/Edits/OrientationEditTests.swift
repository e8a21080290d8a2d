import Fixtures
import Foundation
import Testing
@testable import Library

/// Rotate and flip: the eight EXIF orientations as a group, the turn as an edit (composed with
/// the file's orientation, undoable, saved through the journal), and its write-back as EXIF
/// Orientation and tiff:Orientation, read back by exiftool.
@Suite struct OrientationEditTests {
    /// A 3×2 image whose pixels are numbered 0…5 in the red channel: every orientation moves it differently.
    static let numbered = DecodedImage(width: 3, height: 2, pixels: (0..<6).flatMap { [UInt8($0), 0, 0, 255] })

    static func shown(_ exif: Int) -> DecodedImage { ImageTransform.oriented(numbered, orientation: exif) }

    // MARK: - The group

    @Test func everyEXIFValueRoundTripsAndOnlyOneOrientationShowsEachWay() {
        for exif in 1...8 { #expect(Orientation(exif: exif).exif == exif) }
        #expect((1...8).map { Orientation(exif: $0).description } == [
            "upright", "flipped", "rotated 180°", "rotated 180°, flipped",
            "rotated 90°, flipped", "rotated 90°", "rotated 270°, flipped", "rotated 270°"])
        #expect(Orientation.upright.rotated(by: 1).flipped.description == "rotated 90°, flipped", "in the order the user did it")
        let pictures = (1...8).map { Self.shown($0) }
        for i in 0..<8 { for j in 0..<i { #expect(pictures[i] != pictures[j], "\(i + 1) and \(j + 1) differ") } }
        #expect(Orientation(exif: 0) == .upright && Orientation(exif: 9) == .upright, "out of range counts as 1")
    }

    /// All 64 pairs: `a.then(b)` shows exactly what applying `a`'s pixels then `b`'s does.
    @Test func composingTwoOrientationsIsApplyingOneAfterTheOther() {
        for a in 1...8 {
            for b in 1...8 {
                let composed = Orientation(exif: a).then(Orientation(exif: b)).exif
                let applied = ImageTransform.oriented(Self.shown(a), orientation: b)
                #expect(Self.shown(composed) == applied, "\(a) then \(b) gave \(composed)")
            }
        }
    }

    @Test func inversesAndRelativeTurnsUndoAndReachWhatTheySay() {
        for a in 1...8 {
            let inverse = Orientation(exif: a).inverse.exif
            #expect(ImageTransform.oriented(Self.shown(a), orientation: inverse) == Self.numbered, "inverse of \(a)")
            for b in 1...8 {
                #expect(ImageTransform.reoriented(Self.shown(a), from: a, to: b) == Self.shown(b), "\(a) → \(b)")
            }
        }
    }

    /// What `r` and `F` make of each orientation, as a table a reader can check by eye.
    @Test func aQuarterTurnAndAFlipOfEachOrientation() {
        let right = (1...8).map { Orientation(exif: $0).rotated(by: 1).exif }
        #expect(right == [6, 7, 8, 5, 2, 3, 4, 1])
        let left = (1...8).map { Orientation(exif: $0).rotated(by: -1).exif }
        #expect(left == [8, 5, 6, 7, 4, 1, 2, 3])
        let flipped = (1...8).map { Orientation(exif: $0).flipped.exif }
        #expect(flipped == [2, 1, 4, 3, 6, 5, 8, 7])
        for exif in 1...8 {
            // As the user sees it: the shown picture turned a quarter clockwise / mirrored.
            let shown = Self.shown(exif)
            #expect(Self.shown(right[exif - 1]) == ImageTransform.oriented(shown, orientation: 6))
            #expect(Self.shown(flipped[exif - 1]) == ImageTransform.oriented(shown, orientation: 2))
            var turned = Orientation(exif: exif)
            for _ in 0..<4 { turned = turned.rotated(by: 1) }
            #expect(turned.exif == exif, "four quarter turns are none")
        }
    }

    // MARK: - The edit

    private func library() -> PhotoLibrary {
        var upright = samplePhoto("a", takenAt: "2024-01-01T10:00:00")
        upright.width = 40; upright.height = 30
        var phone = samplePhoto("b", takenAt: "2024-01-02T10:00:00")
        phone.fileOrientation = 6   // stored landscape, shown portrait
        return PhotoLibrary(photos: [upright, phone, samplePhoto("c", takenAt: "2024-01-03T10:00:00")])
    }

    @Test func aTurnComposesWithTheFilesOrientationAndTurningBackIsNoEdit() throws {
        var library = library()
        let turn = EditPlanner(library: library).turn(["a", "b"], quarterTurns: 1)
        #expect(turn.label == "rotate 90° 2 photos")
        library.apply(turn)
        let a = try #require(library.photo(id: "a")), b = try #require(library.photo(id: "b"))
        #expect(a.orientation == 6 && a.fileOrientation == 1 && a.edits.orientation == 6)
        #expect(a.displaySize == (30, 40), "a quarter turn swaps the sides")
        #expect(b.orientation == 3 && b.fileOrientation == 6)
        #expect(a.edits.editedFields == ["orientation"])
        library.apply(EditPlanner(library: library).turn(["b"], quarterTurns: -1))
        #expect(library.photo(id: "b")?.edits.orientation == nil, "back to the file's own: no edit")
        library.apply(EditPlanner(library: library).turn(["c"], quarterTurns: 0, flip: true))
        #expect(library.photo(id: "c")?.orientation == 2)
    }

    @Test func undoAndRedoMoveTheWholeBatch() throws {
        var library = library()
        library.apply(EditPlanner(library: library).turn(["a", "b", "c"], quarterTurns: 2))
        #expect(library.photos.map(\.orientation) == [3, 8, 3])
        library.undo()
        #expect(library.photos.map(\.orientation) == [1, 6, 1])
        #expect(library.photos.allSatisfy { $0.edits.isEmpty })
        library.redo()
        #expect(library.photos.map(\.orientation) == [3, 8, 3])
    }

    @Test func theTurnSurvivesTheJournalAndTheSnapshot() throws {
        let folder = TemporaryFolder()
        let store = LibraryStore(path: folder.path + "/library.json")
        try store.save(library())
        let loaded = try store.load()
        #expect(loaded.photo(id: "b")?.fileOrientation == 6)
        try store.append([.apply(EditPlanner(library: loaded).turn(["a"], quarterTurns: 1, flip: true))], lockTimeout: 10)
        #expect(try store.load().photo(id: "a")?.orientation == 5, "a quarter turn, then a mirror: the transpose")
        _ = try store.compact(lockTimeout: 10, repair: false)
        let compacted = try store.load()
        #expect(compacted.photo(id: "a")?.orientation == 5 && compacted.photo(id: "a")?.fileOrientation == 1)
        #expect(compacted.history.undo.last?.changes.first?.after.orientation == 5)
    }

    // MARK: - Write-back

    @Test func writeBackSetsEXIFOrientationAndTheSidecarAsExiftoolReadsThem() throws {
        let exiftool = try #require(ExternalTool.exiftool, "exiftool is installed (scripts/install-deps.sh)")
        let jpeg = MetadataFixture.jpeg(width: 48, height: 32, exif: .init(make: "Canon", orientation: 6,
                                                                           dateTimeOriginal: "2011:03:04 05:06:07"))
        let setup = try LibraryWriteBackTests.Setup([("turned.jpg", jpeg)])
        let thumbnails = ThumbnailStore(folder: setup.folder.path + "/thumbs")
        let before = try setup.photo(0)
        #expect(before.fileOrientation == 6)
        let oldKey = ThumbnailStore.Key(of: before)
        _ = setup.bytes(0).withUnsafeBytes { thumbnails.make(oldKey, from: $0, orientation: 6) }
        var library = try setup.store.load()
        let turn = EditPlanner(library: library).turn([before.id], quarterTurns: 1)
        try setup.store.append([.apply(turn)], lockTimeout: 10)

        let (written, outcomes) = try LibraryWriteBack(store: setup.store, thumbnails: thumbnails).run(nil)
        #expect(outcomes.count == 1 && outcomes[0].problem == nil && outcomes[0].wroteFile)
        #expect(try exiftool.values(["Orientation"], in: setup.paths[0]) == ["EXIF:Orientation": "3"])
        #expect(try exiftool.values(["Orientation"], in: setup.paths[0] + ".xmp") == ["XMP:Orientation": "3"])
        #expect(try exiftool.values(["Make"], in: setup.paths[0]) == ["EXIF:Make": "Canon"], "the rest stays")
        let after = try #require(written.photo(id: before.id))
        #expect(after.fileOrientation == 3 && after.edits.orientation == nil, "the file holds it now")
        // The stored thumbnail follows: turned half round, not made again from the file.
        guard case .thumbnail(let old)? = thumbnails.entry(for: oldKey),
              case .thumbnail(let new)? = thumbnails.entry(for: ThumbnailStore.Key(of: after)) else {
            Issue.record("no thumbnail after the write")
            return
        }
        #expect((new.width, new.height) == (old.width, old.height))

        // Undo after the write brings the old turn back as an edit waiting to be written.
        library = try setup.store.load()
        library.undo()
        #expect(library.photo(id: before.id)?.orientation == 6)
        #expect(library.photo(id: before.id)?.edits.orientation == 6)
        // Imported into a new library, the rewritten file shows the same way.
        let fresh = LibraryStore(path: setup.folder.path + "/fresh.json")
        _ = try Importer(workers: 1).run([setup.paths[0]], store: fresh)
        #expect(try fresh.load().photo(path: setup.paths[0])?.orientation == 3)
    }

    @Test func aPNGsTurnGoesIntoItsSidecarAndIsReadBackFromIt() throws {
        guard FormatTools.available("convert", "exiftool") else { return }
        let exiftool = try #require(ExternalTool.exiftool)
        let formats = FormatFixture()
        let png = try formats.png("wide.png", width: 60, height: 20)
        let store = LibraryStore(path: formats.folder.path + "/library.json")
        _ = try Importer(workers: 1).run([png], store: store)
        let photo = try #require(try store.load().photo(path: png))
        try store.append([.apply(EditPlanner(library: try store.load()).turn([photo.id], quarterTurns: -1))], lockTimeout: 10)
        let (written, outcomes) = try LibraryWriteBack(store: store).run(nil)
        #expect(outcomes.first?.problem == nil && outcomes.first?.wroteFile == false)
        #expect(try exiftool.values(["Orientation"], in: png + ".xmp") == ["XMP:Orientation": "8"])
        #expect(written.photo(id: photo.id)?.fileOrientation == 8)
        #expect(written.photo(id: photo.id)?.displaySize ?? (0, 0) == (20, 60))
        // A fresh library reads the turn from the sidecar.
        let fresh = LibraryStore(path: formats.folder.path + "/fresh.json")
        _ = try Importer(workers: 1).run([png], store: fresh)
        #expect(try fresh.load().photo(path: png)?.orientation == 8)
    }
}
