import Fixtures
import Foundation
import Testing

/// The mouse in a real xterm under Xvfb: X pointer events made with the XTest extension reach
/// xterm, which reports them to the browser as it reports a user's clicks. What they did is
/// read back from the library: the photo favourited after the click is the one clicked.
@Suite("Mouse in a real xterm")
struct XTermMouseTests {
    @Test func aClickSelectsATileADoubleClickOpensAPhoto() throws {
        guard XTermSession.available, XPointer.available else { return }
        let sandbox = Sandbox()
        PhotoFixtures.write(PhotoFixtures.series(6, description: "Trip"), into: sandbox.root.path + "/photos")
        try sandbox.importWithCLI([sandbox.root.path + "/photos"])
        let session = try XTermSession(columns: 120, rows: 40, command: [try E2E.binary(), "--library", sandbox.library],
                                       environment: sandbox.environment(term: "xterm-256color", colorterm: nil))
        defer { session.kill() }
        let home = try session.waitForStableScreen("the home grid") { shot in
            shot.boundingBox(differingFrom: (255, 255, 255), tolerance: 24) == nil ? "the screen is blank" : nil
        }
        try session.send(XTermSession.Key.enter)
        let group = try session.waitForStableScreen("the group grid") { $0 == home ? "still the home grid" : nil }
        // 120 columns: medium tiles 25 wide, 1 apart, from column 8: the second spans 34–58, the third 60–84.
        try XPointer.click(on: session, x: 46, y: 4)
        try session.waitForStableScreen("the second tile selected") { $0 == group ? "the selection did not move" : nil }
        try session.send(XTermSession.Key.text("f"))
        try sandbox.waitForSavedEdits(1)
        try XPointer.click(on: session, x: 72, y: 4, double: true)
        try session.waitForStableScreen("the third photo open") { $0 == group ? "still the grid" : nil }
        try session.send(XTermSession.Key.text("f"))
        try sandbox.waitForSavedEdits(2)
        let favourites = try sandbox.photosByName().filter { $0.value["favourite"] as? Bool == true }.keys.sorted()
        #expect(favourites == ["photo-02.jpg", "photo-03.jpg"])
    }
}

/// Pointer clicks on an X display through XTest (libXtst, with python3's ctypes: no tool to install).
enum XPointer {
    static var available: Bool {
        FormatTools.available("python3")
            && (try? FormatTools.run("python3", ["-c", "import ctypes.util, sys; sys.exit(0 if ctypes.util.find_library('Xtst') else 1)"])) != nil
    }

    /// A left click (or two) on cell (`x`, `y`) of `session`'s xterm (at the screen's corner, no border).
    static func click(on session: XTermSession, x: Int, y: Int, double: Bool = false) throws {
        let script = """
            import ctypes, ctypes.util, sys, time
            x11 = ctypes.CDLL(ctypes.util.find_library('X11')); xt = ctypes.CDLL(ctypes.util.find_library('Xtst'))
            x11.XOpenDisplay.restype = ctypes.c_void_p
            d = ctypes.c_void_p(x11.XOpenDisplay(sys.argv[1].encode()))
            if not d.value: sys.exit(2)
            xt.XTestFakeMotionEvent(d, -1, int(sys.argv[2]), int(sys.argv[3]), 0); x11.XSync(d, 0)
            for _ in range(int(sys.argv[4])):
                xt.XTestFakeButtonEvent(d, 1, 1, 0); xt.XTestFakeButtonEvent(d, 1, 0, 0); x11.XSync(d, 0)
            """
        try FormatTools.run("python3", ["-c", script, session.display,
                                        "\(x * XTermSession.cellWidth + XTermSession.cellWidth / 2)",
                                        "\(y * XTermSession.cellHeight + XTermSession.cellHeight / 2)",
                                        double ? "2" : "1"])
    }
}
