import Library
import Testing
@testable import TUI

/// `X` in the browser (issue 23): the folder and the CLI's options (max size, format, GPS) asked
/// in the form at the bottom, the export started as an effect, the import overlay showing its
/// progress and each photo's outcome.
@Suite struct ExportKeyTests {
    @Test func xAsksForTheFolderAndExportsTheMarkedPhotos() throws {
        var state = SlideshowTests.onTokyo()
        let ids = SlideshowTests.tokyoIDs(state)
        state.press(.char(" "), .char(" "))   // marks the first two
        state.press(.char("X"))
        #expect(state.keyContext == .exportLine)
        var text = AppView.render(state).text()
        #expect(text.contains("Export 2 photos · max size: full"), "\(text)")
        #expect(text.contains("Export to: /home/ana/"))
        state.press(.ctrl("u"))
        state.type("~/Exports")
        let effects = state.press(.enter)
        let photos = ids.prefix(2).compactMap { state.library.photo(id: $0) }
        #expect(effects.contains(.exportPhotos(photos, to: "/home/ana/Exports", options: ExportOptions())))
        #expect(state.importOverlay?.purpose == .exporting && state.importOverlay?.isRunning == true)
        #expect(AppView.render(state).text().contains("Exporting"))
        state.send(.importProgress(ImportProgress(phase: .exporting, done: 1, total: 2, currentFile: photos[0].path)))
        #expect(AppView.render(state).text().contains("Exporting 50%  1 of 2"))
        // Esc stops it (between two photos).
        #expect(state.press(.escape).contains(.cancelImport))

        let summary = ExportSummary(results: [
            ExportFileResult(source: photos[0].path, destination: "/home/ana/Exports/tokyo-1.jpg", outcome: .copied),
            ExportFileResult(source: photos[1].path, outcome: .failed, reason: "file missing"),
        ], asked: 2)
        state.send(.exportFinished(summary))
        text = AppView.render(state).text()
        #expect(text.contains("Export finished") && text.contains("1 copied, 1 failed"), "\(text)")
        #expect(text.contains("failed: 寿司の写真.jpg — file missing"), "\(text)")
        state.press(.char("z"))
        #expect(state.importOverlay == nil && state.keyContext == .group)
        // The folder typed is offered the next time.
        state.press(.char("X"))
        #expect(AppView.render(state).text().contains("Export to: ~/Exports"))
    }

    @Test func withoutMarksXExportsThePhotoShownAndARelativeFolderIsFromTheStartFolder() {
        var state = SlideshowTests.onTokyo(selected: 2)
        let id = SlideshowTests.tokyoIDs(state)[2]
        state.press(.enter, .char("X"), .ctrl("u"))
        state.type("out")
        let effects = state.press(.enter)
        #expect(effects.contains(.exportPhotos([state.library.photo(id: id)!], to: "/home/ana/Pictures/out", options: ExportOptions())))
        state.press(.escape)
        state.send(.exportFinished(ExportSummary(cancelled: true, asked: 1)))
        #expect(AppView.render(state).text().contains("Export cancelled"))
    }

    @Test func escOnTheLineExportsNothing() {
        var state = SlideshowTests.onTokyo()
        state.press(.char("X"))
        #expect(state.press(.escape).isEmpty)
        #expect(state.layers.isEmpty && state.importOverlay == nil)
    }

    /// The form offers what the CLI does: Tab to the size (digits only), the format and the GPS
    /// (Space turns them over); a size that is no number of pixels is named and nothing starts;
    /// the options are offered again the next time.
    @Test func theFormOffersMaxSizeFormatAndGPSLikeTheCLI() {
        var state = SlideshowTests.onTokyo(selected: 1)
        let id = SlideshowTests.tokyoIDs(state)[1]
        state.press(.char("X"))
        var text = AppView.render(state).text()
        #expect(text.contains("Export 1 photo · max size: full · format: as is · GPS: kept"), "\(text)")
        #expect(text.contains("Tab options"), "\(text)")
        state.press(.ctrl("u"))
        state.type("~/small")
        state.press(.tab)
        state.type("8x")   // letters are not typed into a size
        #expect(AppView.render(state).text().contains("max size: 8"))
        #expect(state.press(.enter).isEmpty, "8 pixels refused")
        text = AppView.render(state).text()
        #expect(text.contains("· 16 px or more"), "\(text)")
        state.type("00")
        state.press(.tab, .char(" "), .tab, .char(" "))
        text = AppView.render(state).text()
        #expect(text.contains("format: JPEG · GPS: taken out"), "\(text)")
        let effects = state.press(.enter)
        let options = ExportOptions(maxSize: 800, stripGPS: true, format: .jpeg)
        #expect(effects.contains(.exportPhotos([state.library.photo(id: id)!], to: "/home/ana/small", options: options)))
        state.send(.exportFinished(ExportSummary(results: [], asked: 1)))
        state.press(.char("z"))
        state.press(.char("X"))
        #expect(AppView.render(state).text().contains("max size: 800 px · format: JPEG · GPS: taken out"))
    }
}
