import Testing
@testable import TUI

extension GraphicsTests {
/// Where a tmux pane sits on the outer terminal, so passed-through images land in the pane.
@Suite struct TmuxPaneTests {
    @Test func theRightPaneOfASplitIsShifted() {
        #expect(TmuxPane.parse("51 0 on bottom\n")! == (51, 0))
    }

    @Test func aStatusLineOnTopPushesThePaneDown() {
        #expect(TmuxPane.parse("0 0 on top")! == (0, 1))
        #expect(TmuxPane.parse("0 12 3 top")! == (0, 15))
        #expect(TmuxPane.parse("0 0 off top")! == (0, 0))
    }

    @Test func anythingElseIsNoAnswer() {
        #expect(TmuxPane.parse("") == nil)
        #expect(TmuxPane.parse("no server running") == nil)
    }

    @Test func outsideTmuxNothingIsAsked() {
        #expect(TmuxPane.offset(environment: ["TERM": "xterm"]) == nil)
        #expect(TmuxPane.offset(environment: ["TMUX_PANE": "%1"]) == nil, "no TMUX: not our tmux")
    }
}
}
