import Library
import Testing
@testable import TUI

/// "All the metadata" (`I`): the layer asks for the file's tags, shows them cleaned and cut to
/// the box, scrolls, filters with `/`, and closes with Esc.
@Suite struct AllTagsLayerTests {
    static func tags(_ count: Int) -> [MetadataTag] {
        (1...count).map { MetadataTag(group: $0 % 2 == 0 ? "ExifIFD" : "IFD0", name: "Tag\($0)", value: "value \($0)") }
            + [MetadataTag(group: "XMP-dc", name: "title", value: "Evil\u{1B}]0;owned\u{07} title\u{1B}[31m red"),
               MetadataTag(group: "IPTC", name: "Caption-Abstract", value: String(repeating: "long words ", count: 40))]
    }

    /// The garden group with the all-tags layer open on its first photo and `count` tags read.
    static func opened(_ count: Int = 60) -> (AppState, String) {
        var state = OrganiseTests.garden(columns: 100, rows: 30)
        let effects = state.press(.char("I"))
        let id = state.selectedPhotoID!
        #expect(effects == [.readAllTags(photoID: id, path: state.library.photo(id: id)!.path)])
        #expect(state.keyContext == .allTags)
        #expect(AppView.render(state).text().contains("Reading the file's tags…"))
        state.send(.allTagsRead(photoID: id, .success(tags(count))))
        return (state, id)
    }

    @Test func iOpensTheTagsOfTheSelectedPhotoAndEscClosesThem() {
        var (state, _) = Self.opened()
        let screen = AppView.render(state).text()
        #expect(screen.contains("All tags — garden-01.jpg"))
        #expect(screen.contains("IFD0") && screen.contains("Tag1") && screen.contains("value 1"))
        #expect(screen.contains("1–24 of 62 tags"), "\(screen)")
        state.press(.escape)
        #expect(state.layers.isEmpty)
        #expect(state.keyContext == .group)
    }

    @Test func arrowsAndPagesScrollWithinTheList() {
        var (state, _) = Self.opened()
        state.press(.down, .down)
        #expect(AppView.render(state).text().contains("3–26 of 62 tags"))
        state.press(.end)
        let bottom = AppView.render(state).text()
        #expect(bottom.contains("39–62 of 62 tags"))
        #expect(bottom.contains("Caption-Abstract"))
        state.press(.pageDown)
        #expect(AppView.render(state).text().contains("39–62 of 62 tags"), "never past the end")
        state.press(.home)
        #expect(AppView.render(state).text().contains("1–24 of 62 tags"))
    }

    @Test func slashFiltersByNameGroupOrValueAndEscClearsTheFilter() {
        var (state, _) = Self.opened()
        state.press(.char("/"))
        #expect(state.keyContext == .search, "the filter takes the search line's editing keys")
        state.type("xmp")
        var screen = AppView.render(state).text()
        #expect(screen.contains("Filter: xmp"))
        #expect(screen.contains("1–1 of 1 matching (62 tags)"), "\(screen)")
        #expect(!screen.contains("Tag1 "))
        state.press(.backspace, .backspace, .backspace)
        state.type("value 1")
        state.press(.enter)
        #expect(state.keyContext == .allTags, "Enter keeps the filter")
        screen = AppView.render(state).text()
        #expect(screen.contains("matching (62 tags)") && screen.contains("Tag10"))
        state.press(.char("/"), .escape)
        #expect(AppView.render(state).text().contains("1–24 of 62 tags"), "Esc while typing clears the filter")
        state.press(.char("/"))
        state.type("nothing like it")
        #expect(AppView.render(state).text().contains("No tag matches \"nothing like it\""))
    }

    @Test func valuesAreCleanedAndCutToTheBox() {
        var (state, _) = Self.opened(0 + 2)
        state.press(.end)
        let grid = AppView.render(state)
        let screen = grid.text()
        #expect(!screen.contains("\u{1B}") && !screen.contains("\u{07}"), "no escape sequence reaches the terminal")
        #expect(screen.contains("Evil title red"))
        let caption = screen.split(separator: "\n").first { $0.contains("Caption-Abstract") } ?? ""
        #expect(caption.contains("…"), "a long value is cut")
        #expect(caption.count <= state.columns)
    }

    @Test func aFileThatCannotBeReadSaysWhyAndLateTagsOfAnotherPhotoAreDropped() {
        var state = OrganiseTests.garden(columns: 100, rows: 30)
        state.press(.char("I"))
        let id = state.selectedPhotoID!
        state.send(.allTagsRead(photoID: "someone-else", .success(Self.tags(3))))
        #expect(AppView.render(state).text().contains("Reading the file's tags…"))
        state.send(.allTagsRead(photoID: id, .failure(FileMetadataError(reason: "unsupported format (starts with 0x00)"))))
        #expect(AppView.render(state).text().contains("Cannot read the tags: unsupported format (starts with 0x00)"))
    }

    @Test func aMissingPhotoHasNoTagsToRead() {
        var state = OrganiseTests.garden(columns: 100, rows: 30)
        state.press(.right, .right)   // garden-03.jpg is missing
        #expect(state.press(.char("I")).isEmpty)
        #expect(state.layers.isEmpty)
        #expect(AppView.render(state).text().contains("No file to read the tags of: it is missing"))
    }

    @Test func theKeyIsInTheTableAndTheHelp() {
        let keys = KeyMap()
        #expect(keys.action(for: .char("I"), in: .group) == .allTags)
        #expect(keys.action(for: .char("I"), in: .detail) == .allTags)
        #expect(keys.action(for: .char("/"), in: .allTags) == .search)
        #expect(keys.helpRows(for: .allTags).contains { $0.help.hasPrefix("filter by name") })
    }
}
