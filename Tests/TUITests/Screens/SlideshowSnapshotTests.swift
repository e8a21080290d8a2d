import Library
import Testing
@testable import TUI

/// The slideshow (issue 23) at 80×24: the photo over the whole screen, the caption line under
/// it; paused and shuffled, then with the caption hidden (re-record with `RECORD_SNAPSHOTS=1`).
@Suite struct SlideshowSnapshotTests {
    @Test func theSlideFillsTheScreenOverItsCaption() {
        var state = SlideshowTests.onTokyo(selected: 1)
        state.press(.char("S"))
        ScreenSnapshotTests.fillPreviews(&state, glyph: "█")
        state.press(.char(" "), .char("s"))
        assertSnapshot(AppView.render(state), named: "slideshow.80x24")
        state.press(.char("i"))
        ScreenSnapshotTests.fillPreviews(&state, glyph: "█")
        assertSnapshot(AppView.render(state), named: "slideshowNoCaption.80x24")
    }
}
