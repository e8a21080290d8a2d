import Fixtures
import Foundation
import Testing

/// Photos drawn as real pixels in a real sixel terminal (xterm as a VT340 under Xvfb, see
/// `XTermSession`), checked on screenshots: the photo's region looks like the photo, paging
/// replaces it without leaving pixels of the previous one behind.
@Suite(.enabled(if: XTermSession.available && FormatTools.available("img2sixel"),
                "needs Xvfb, xterm, xwd (x11-apps), convert, python3 and img2sixel (libsixel-bin)"))
struct SixelTerminalTests {
    /// A wide picture: a red ramp across, green stripes and a blue checkerboard over the top three
    /// quarters — every channel varies, nothing is near white or black — and `texture` below.
    static func landscape(width: Int, height: Int) -> PixelImage {
        PixelImage(width: width, height: height) { x, y in
            if y >= height * 3 / 4 { return texture(x, y) }
            return (UInt8(30 + x * 200 / width), (x * 12 / width) % 2 == 0 ? 210 : 50,
                    ((x * 12 / width) + (y * 4 / height)) % 2 == 0 ? 40 : 190)
        }
    }

    /// A tall picture with other patterns: red bands down, a green ramp down, blue fading across,
    /// and `texture` in the bottom quarter.
    static func portrait(width: Int, height: Int) -> PixelImage {
        PixelImage(width: width, height: height) { x, y in
            if y >= height * 3 / 4 { return texture(x, y) }
            return ((y * 10 / height) % 2 == 0 ? 200 : 40, UInt8(30 + y * 190 / height), UInt8(220 - x * 180 / width))
        }
    }

    /// Stripes 2, 3 and 4 pixels wide in the three channels, across, down and diagonally: shrunk
    /// or enlarged up to 3×, any 6×13 cell of it still holds several colours, which character
    /// art cannot show (one foreground and one background colour a cell).
    static func texture(_ x: Int, _ y: Int) -> PixelImage.Colour {
        ((x / 2) % 2 == 0 ? 230 : 30, (y / 3) % 2 == 0 ? 220 : 40, ((x + y) / 4) % 2 == 0 ? 200 : 50)
    }

    /// The colour most pixels of `area` have: the background around whatever is drawn there.
    static func background(of shot: PixelImage, in area: (x: Int, y: Int, width: Int, height: Int))
        -> PixelImage.Colour {
        var counts: [Int: Int] = [:]
        for y in stride(from: area.y, to: area.y + area.height, by: 2) {
            for x in stride(from: area.x, to: area.x + area.width, by: 2) {
                let c = shot[x, y]
                counts[Int(c.r) << 16 | Int(c.g) << 8 | Int(c.b), default: 0] += 1
            }
        }
        let key = counts.max { $0.value < $1.value }?.key ?? 0
        return (UInt8(key >> 16), UInt8(key >> 8 & 0xFF), UInt8(key & 0xFF))
    }

    /// Where `picture` is shown in `area` of `shot`, or why it is not there. The box of pixels
    /// that differ from the area's background must correlate with the picture scaled to it
    /// (Pearson > 0.9 on each channel, compared a cell at a time, so the scaling filter and the
    /// palette do not matter), and most cells of its textured bottom quarter must hold more than
    /// two colours, which character art cannot do.
    static func find(_ picture: PixelImage, in shot: PixelImage, area: (x: Int, y: Int, width: Int, height: Int))
        -> Result<(x: Int, y: Int, width: Int, height: Int), Mismatch> {
        let cw = XTermSession.cellWidth, ch = XTermSession.cellHeight
        let background = background(of: shot, in: area)
        guard let box = shot.boundingBox(differingFrom: background, tolerance: 24, within: area),
              box.width >= 4 * cw, box.height >= 4 * ch else {
            return .failure(Mismatch("nothing big enough drawn in the photo area (background \(background))"))
        }
        let cells = (columns: box.width / cw, rows: box.height / ch)
        let shown = shot.cropped(x: box.x, y: box.y, width: box.width, height: box.height)
            .scaled(toWidth: cells.columns, height: cells.rows)
        let correlation = shown.correlation(picture.scaled(toWidth: cells.columns, height: cells.rows))
        guard correlation.allSatisfy({ $0 > 0.9 }) else {
            return .failure(Mismatch("the box \(box) correlates \(correlation.map { ($0 * 100).rounded() / 100 }) "
                                     + "(r, g, b) with the photo, not > 0.9"))
        }
        // Cell-sized blocks wholly inside the texture (which starts a few pixels below 3/4).
        let top = box.y + box.height * 3 / 4 + 3
        let texture = (x: box.x, y: top, width: box.width, height: box.y + box.height - top)
        let (counted, rich) = cellsWithMoreThanTwoColours(in: shot, area: texture)
        guard counted > 0, rich * 4 > counted * 3 else {
            return .failure(Mismatch("only \(rich) of \(counted) cells of the texture in \(box) hold more "
                                     + "than two colours: character art, not pixels"))
        }
        return .success(box)
    }

    /// How many cell-sized blocks fit in `area` (from its top left corner), and how many of them
    /// hold more than two colours: on a text screen (one foreground and one background colour a
    /// cell, xterm's core fonts have no anti-aliasing) only pixel graphics do.
    static func cellsWithMoreThanTwoColours(in shot: PixelImage, area: (x: Int, y: Int, width: Int, height: Int))
        -> (cells: Int, rich: Int) {
        let cw = XTermSession.cellWidth, ch = XTermSession.cellHeight
        var cells = 0, rich = 0
        for cy in stride(from: area.y, through: area.y + area.height - ch, by: ch) {
            for cx in stride(from: area.x, through: area.x + area.width - cw, by: cw) {
                var colours = Set<Int>()
                for y in cy..<(cy + ch) {
                    for x in cx..<(cx + cw) {
                        let c = shot[x, y]
                        colours.insert(Int(c.r) << 16 | Int(c.g) << 8 | Int(c.b))
                    }
                }
                cells += 1
                if colours.count > 2 { rich += 1 }
            }
        }
        return (cells, rich)
    }

    /// Nil when no cell of the whole screen holds pixel graphics, else what is left where.
    static func noPixelsLeft(_ shot: PixelImage) -> String? {
        let whole = (x: 0, y: 0, width: shot.width, height: shot.height)
        let rich = cellsWithMoreThanTwoColours(in: shot, area: whole).rich
        return rich == 0 ? nil : "\(rich) cells still show pixels"
    }

    /// Writes each picture as a JPEG (description "Patterns", taken a day apart) into the sandbox's
    /// `photos/` and imports them with the CLI.
    static func importPictures(_ pictures: [(name: String, picture: PixelImage)], into sandbox: Sandbox) throws {
        var paths: [String] = []
        for (day, (name, picture)) in pictures.enumerated() {
            let jpeg = JPEGFixture.encode(width: picture.width, height: picture.height, quality: 95, subsampling: .s444) {
                let c = picture[$0, $1]
                return (c.r, c.g, c.b)
            }
            let exif = MetadataFixture.EXIF(description: "Patterns", make: "Testcam", model: "E2E One",
                                            dateTimeOriginal: String(format: "2024:05:%02d 10:00:00", day + 1))
            paths.append(sandbox.root.write(
                JPEGFixture.inserting(segments: [(0xE1, MetadataFixture.exifPayload(exif))], into: jpeg),
                to: "photos/" + name))
        }
        try sandbox.importWithCLI(paths)
    }

    /// From the home grid (once something is drawn in `area`) into the first group and its first
    /// photo; returns the group grid's screenshot, to tell the photo view from it.
    static func openFirstPhoto(in session: XTermSession, area: (x: Int, y: Int, width: Int, height: Int)) throws -> PixelImage {
        let home = try session.waitForStableScreen("the home grid") { shot in
            shot.boundingBox(differingFrom: background(of: shot, in: area), tolerance: 24) == nil
                ? "the screen is blank" : nil
        }
        try session.send(XTermSession.Key.enter)
        let group = try session.waitForStableScreen("the group grid") { $0 == home ? "still the home grid" : nil }
        try session.send(XTermSession.Key.enter)
        return group
    }

    struct Mismatch: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    // MARK: - The harness itself

    /// Before trusting screenshots of our own binary: libsixel's `img2sixel` draws a picture at a
    /// cursor position, and the screenshot shows exactly that picture there.
    @Test func theHarnessShowsASixelPictureAtTheCursor() throws {
        let folder = TemporaryFolder("photory-xterm-fixture")
        let picture = Self.landscape(width: 240, height: 156)
        let ppm = folder.write(picture.ppm, to: "picture.ppm")
        let png = folder.file("picture.png")
        try FormatTools.run("convert", [ppm, png])
        // Cursor hidden (its block would count as drawn), at row 4, column 11.
        let session = try XTermSession(
            command: ["/bin/sh", "-c", "printf '\\033[?25l\\033[4;11H'; img2sixel \(Shell.quote(png)); sleep 600"],
            environment: ["PATH": "/usr/local/bin:/usr/bin:/bin", "TERM": "xterm-256color", "LANG": "C.UTF-8"])
        defer { session.kill() }
        let whole = (x: 0, y: 0, width: session.columns * XTermSession.cellWidth,
                     height: session.rows * XTermSession.cellHeight)
        let shot = try session.waitForStableScreen("the img2sixel picture") { shot in
            switch Self.find(picture, in: shot, area: whole) {
            case .failure(let mismatch): mismatch.description
            case .success(let box): box == (60, 39, 240, 156) ? nil : "the picture is at \(box), not (60, 39, 240, 156)"
            }
        }
        #expect(Self.background(of: shot, in: whole) == (255, 255, 255), "xterm's background is white")
    }

    // MARK: - The browser

    /// `photory-tui --graphics sixel` (or `auto`: xterm as a VT340 says it has sixel) in the
    /// terminal: the detail view shows the photo as pixels between the title line and the two
    /// bottom rows; → shows the next photo with nothing of the previous one left around it; ←
    /// brings the first back where it was. The help drawn over it leaves no pixels under its
    /// text, closing it brings the photo back, and Esc to the grid leaves no pixels anywhere.
    @Test(arguments: ["sixel", "auto"])
    func theDetailViewDrawsThePhotoAsPixelsAndPagingReplacesIt(graphics: String) throws {
        let sandbox = Sandbox()
        let wide = Self.landscape(width: 480, height: 160), tall = Self.portrait(width: 120, height: 330)
        try Self.importPictures([("wide.jpg", wide), ("tall.jpg", tall)], into: sandbox)

        let session = try XTermSession(
            command: [try E2E.binary(), "--library", sandbox.library, "--graphics", graphics],
            environment: sandbox.environment(term: "xterm-256color", colorterm: nil))
        defer { session.kill() }
        let area = session.pixelArea(rows: 1..<(session.rows - 2))
        let group = try Self.openFirstPhoto(in: session, area: area)

        var first = (x: 0, y: 0, width: 0, height: 0)
        try session.waitForStableScreen("the wide photo as pixels") { shot in
            guard shot != group else { return "still the group grid" }
            switch Self.find(wide, in: shot, area: area) {
            case .failure(let mismatch): return mismatch.description
            case .success(let box):
                first = box
                // The title line and the two bottom rows stay text.
                let rows = [session.pixelArea(rows: 0..<1), session.pixelArea(rows: (session.rows - 2)..<session.rows)]
                let covered = rows.map { Self.cellsWithMoreThanTwoColours(in: shot, area: $0).rich }
                return covered == [0, 0] ? nil : "pixels over the title line or the bottom rows: \(covered) cells"
            }
        }
        #expect(first.width > first.height * 2, "the wide photo is shown wide: \(first)")

        try session.send(XTermSession.Key.right)
        try session.waitForStableScreen("the tall photo, nothing of the wide one left") { shot in
            switch Self.find(tall, in: shot, area: area) {
            case .failure(let mismatch): return mismatch.description
            case .success(let box):
                // Where the wide photo was, outside the tall one (and a cell around it): background.
                let background = Self.background(of: shot, in: area)
                let cw = XTermSession.cellWidth, ch = XTermSession.cellHeight
                var stale = 0, checked = 0
                for y in first.y..<(first.y + first.height) {
                    for x in first.x..<(first.x + first.width)
                    where x < box.x - cw || x >= box.x + box.width + cw || y < box.y - ch || y >= box.y + box.height + ch {
                        checked += 1
                        if shot.differs(x: x, y: y, from: background, tolerance: 24) { stale += 1 }
                    }
                }
                guard box.height > box.width * 2 else { return "the tall photo is shown \(box)" }
                return stale * 100 <= checked ? nil
                    : "\(stale) of \(checked) pixels where the wide photo was are not background \(background)"
            }
        }

        try session.send(XTermSession.Key.left)
        try session.waitForStableScreen("the wide photo again, where it was") { shot in
            switch Self.find(wide, in: shot, area: area) {
            case .failure(let mismatch): return mismatch.description
            case .success(let box): return box == first ? nil : "the wide photo is at \(box), first it was at \(first)"
            }
        }

        try session.send(XTermSession.Key.text("?"))
        try session.waitForStableScreen("the help over the photo, no pixels left", Self.noPixelsLeft)
        try session.send(XTermSession.Key.escape)
        try session.waitForStableScreen("the wide photo back after the help") { shot in
            switch Self.find(wide, in: shot, area: area) {
            case .failure(let mismatch): return mismatch.description
            case .success(let box): return box == first ? nil : "the wide photo is at \(box), first it was at \(first)"
            }
        }
        try session.send(XTermSession.Key.escape)
        try session.waitForStableScreen("the group grid, no pixels left", Self.noPixelsLeft)
    }

    // MARK: - Sixel scrolling off

    /// xterm with `sixelScrolling: false` (DECSDM set: every sixel at the top-left corner): the
    /// photo still lands in its cells below the title line, and when the program ends — quit, or
    /// killed by SIGTERM — the mode is set again (asked with DECRQM afterwards, in the same terminal).
    @Test(arguments: ["quit", "SIGTERM"])
    func thePhotoLandsInItsCellsWithSixelScrollingOffAndTheModeComesBack(ending: String) throws {
        let sandbox = Sandbox()
        let wide = Self.landscape(width: 480, height: 160)
        try Self.importPictures([("wide.jpg", wide)], into: sandbox)
        let reply = sandbox.root.file("decrqm.txt"), pidFile = sandbox.root.file("browser.pid")
        // After the browser: ask DECRQM for mode 80, the answer (ESC [ ? 80 ; Ps $ y) read raw into a file.
        let binary = [try E2E.binary(), "--library", sandbox.library, "--graphics", "sixel"].map(Shell.quote).joined(separator: " ")
        let script = "/bin/sh -c 'echo $$ > \(pidFile); exec \(binary.replacingOccurrences(of: "'", with: "'\\''"))'; stty raw -echo min 0 time 20; printf '\\033[?80$p'; "
            + "dd bs=1 count=12 2>/dev/null | od -An -c > \(Shell.quote(reply)).part; mv \(Shell.quote(reply)).part \(Shell.quote(reply)); sleep 600"
        let session = try XTermSession(command: ["/bin/sh", "-c", script],
                                       environment: sandbox.environment(term: "xterm-256color", colorterm: nil),
                                       resources: ["XTerm*sixelScrolling: false"])
        defer { session.kill() }
        let area = session.pixelArea(rows: 1..<(session.rows - 2))
        let group = try Self.openFirstPhoto(in: session, area: area)
        try session.waitForStableScreen("the photo in its cells, not at the top-left") { shot in
            guard shot != group else { return "still the group grid" }
            let title = Self.cellsWithMoreThanTwoColours(in: shot, area: session.pixelArea(rows: 0..<1)).rich
            guard title == 0 else { return "pixels over the title line: \(title) cells" }
            switch Self.find(wide, in: shot, area: area) {
            case .failure(let mismatch): return mismatch.description
            case .success: return nil
            }
        }
        if ending == "quit" {
            for key in ["q", "q", "q"] { try session.send(XTermSession.Key.text(key)) }
        } else {
            let pid = try #require(try pid_t(String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
            #expect(kill(pid, SIGTERM) == 0)
        }
        let answer = Poll.value(timeout: E2E.timeout) { try? String(contentsOfFile: reply, encoding: .utf8) }
        let text = try #require(answer, "no DECRQM answer written after the browser ended").filter { !$0.isWhitespace }
        #expect(text.contains("?80;1$y"), "DECSDM is set again, as the user had it: \(text)")
    }
}
