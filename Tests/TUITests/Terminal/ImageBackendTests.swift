import Testing
@testable import TUI

extension OneTerminalAtATime {
    /// The image layer in the backend: what a headless terminal writes after the cells for the
    /// images a frame places (`lastImageOutput`), frame after frame.
    @Suite struct ImageBackendTests {
        /// Stands for a sixel or iTerm2 image: the backend writes the bytes as they are.
        static let pixels = TerminalImage(bytes: Array("\u{1B}Pq#0;2;0;0;0#0~~\u{1B}\\".utf8))
        /// Stands for a kitty image with its id.
        static let kittyPixels = TerminalImage(bytes: Array("\u{1B}_Ga=T,i=77,q=2,C=1;AAAA\u{1B}\\".utf8), kittyID: 77)
        /// Where the image goes: columns 5..<15, rows 2..<6 of a 40×12 screen.
        static let cells = Rect(x: 5, y: 2, width: 10, height: 4)

        private func terminal(_ graphics: GraphicsProtocol, tmux: Bool = false, columns: Int = 40, rows: Int = 12) throws -> Terminal {
            try Terminal(headlessColumns: columns, rows: rows, termName: "xterm-256color", inputFileDescriptor: nil,
                         colorModeOverride: .colors256, graphics: graphics, tmuxPassthrough: tmux,
                         cellPixelSize: CellPixelSize(width: 6, height: 13))
        }

        /// A frame with some text, and the image over blank cells.
        private func frame(columns: Int = 40, rows: Int = 12, image: TerminalImage? = pixels, at cells: Rect = cells) -> CellGrid {
            var grid = CellGrid(width: columns, height: rows)
            grid.put("photory · Garden", x: 0, y: 0)
            grid.put("IMG_0001.jpg  1/30", x: 0, y: rows - 1)
            if let image { Self.placed(image, at: cells).place(into: &grid) }   // as the screens do
            return grid
        }

        /// `image` as a frame places it at `cells`.
        static func placed(_ image: TerminalImage, at cells: Rect = cells) -> PlacedImage {
            PlacedImage(content: "photo-1 10×4", cells: cells, image: image)
        }

        /// The bytes that draw `image` at `cells`: save the cursor, go to the top-left cell (1-based),
        /// the image (a kitty image with the id of its place), restore the cursor.
        private func drawn(_ image: TerminalImage, at cells: Rect = cells) -> [UInt8] {
            Array("\u{1B}7\u{1B}[\(cells.y + 1);\(cells.x + 1)H".utf8) + Self.placed(image, at: cells).bytes + Array("\u{1B}8".utf8)
        }

        /// The kitty id of the image placed at `cells`.
        static let kittyID = placed(kittyPixels).entry.kittyID

        @Test(arguments: [GraphicsProtocol.sixel, .iterm2])
        func anImageIsDrawnAtItsCellsOnceThenErasedByRepaintingItsRows(_ graphics: GraphicsProtocol) throws {
            let terminal = try terminal(graphics)
            defer { terminal.restore() }
            terminal.draw(frame())
            #expect(terminal.lastImageOutput == drawn(Self.pixels))
            #expect(terminal.readBack(row: 0) == "photory · Garden", "the cells are drawn as ever")

            terminal.draw(frame())
            #expect(terminal.lastImageOutput.isEmpty, "the same image at the same place costs nothing")
            #expect(terminal.repaintedRowsLastDraw.isEmpty)

            terminal.draw(frame(image: nil))
            #expect(terminal.lastImageOutput.isEmpty)
            #expect(terminal.repaintedRowsLastDraw == [2, 3, 4, 5], "its rows are sent again, wiping its pixels")
        }

        /// A kitty image that goes is hidden by its id (`a=d,d=i`: its placements only); coming back
        /// to it places it again (`a=p`) without sending it.
        @Test func aKittyImageIsHiddenByItsIDAndPlacedAgainWithoutSending() throws {
            let terminal = try terminal(.kitty)
            defer { terminal.restore() }
            terminal.draw(frame(image: Self.kittyPixels))
            // The first frame takes off whatever placements an earlier screen left, then draws.
            #expect(terminal.lastImageOutput == KittyImage.hideAll + drawn(Self.kittyPixels))
            terminal.draw(frame(image: Self.kittyPixels))
            #expect(terminal.lastImageOutput.isEmpty)

            terminal.draw(frame(image: nil))
            #expect(terminal.lastImageOutput == KittyImage.hide(id: Self.kittyID))
            #expect(String(decoding: terminal.lastImageOutput, as: UTF8.self).contains("a=d,d=i,i=\(Self.kittyID),"))

            terminal.draw(frame(image: Self.kittyPixels))
            let place = KittyImage.place(id: Self.kittyID, columns: Self.cells.width, rows: Self.cells.height)
            #expect(terminal.lastImageOutput == Array("\u{1B}7\u{1B}[3;6H".utf8) + place + Array("\u{1B}8".utf8))
            #expect(String(decoding: drawn(Self.kittyPixels), as: UTF8.self).contains("i=\(Self.kittyID),"), "drawn with that id")
            #expect(terminal.repaintedRowsLastDraw.isEmpty, "kitty images float above the text: no row to repaint")
        }

        /// ncurses writes a row from its first changed cell to its last, and may rewrite unchanged
        /// cells in between; the invisible letters under an image are never cleared as blanks nor
        /// scrolled (`PlacedImage.cellUnder(row:)`). So a change in the image's columns, or on both
        /// sides of it, draws it again; text changing beside it leaves it alone.
        @Test(arguments: [GraphicsProtocol.sixel, .iterm2])
        func aChangeThatMayWipeTheImageDrawsItAgain(_ graphics: GraphicsProtocol) throws {
            let terminal = try terminal(graphics)
            defer { terminal.restore() }
            var grid = frame()
            grid.put("Info", x: 20, y: 3)      // text beside the photo, on one of its rows
            terminal.draw(grid)

            grid.put("x", x: 9, y: 3)           // inside the image, on one of its rows
            terminal.draw(grid)
            #expect(terminal.lastImageOutput == drawn(Self.pixels))
            grid.put(" ", x: 9, y: 3)
            terminal.draw(grid)

            grid.put("Data", x: 20, y: 3)       // the text beside it changes: the row's first non-blank stays
            terminal.draw(grid)
            #expect(terminal.lastImageOutput.isEmpty, "nothing can have touched the pixels")

            grid.put("    Data", x: 20, y: 3)   // moved right: still beside it
            terminal.draw(grid)
            #expect(terminal.lastImageOutput.isEmpty)

            grid.put("v", x: 0, y: 3)           // left of it and, at once, right of it
            grid.put("w", x: 30, y: 3)
            terminal.draw(grid)
            #expect(terminal.lastImageOutput == drawn(Self.pixels), "ncurses may rewrite the cells between")

            grid.put("z", x: 5, y: 7)           // in its columns, below it
            terminal.draw(grid)
            #expect(terminal.lastImageOutput.isEmpty)
            grid.put("u", x: 5, y: 1)           // above it
            terminal.draw(grid)
            #expect(terminal.lastImageOutput.isEmpty)
        }

        @Test func aKittyImageStaysWhenTextChangesUnderIt() throws {
            let terminal = try terminal(.kitty)
            defer { terminal.restore() }
            var grid = frame(image: Self.kittyPixels)
            terminal.draw(grid)
            grid.put("x", x: 9, y: 3)
            terminal.draw(grid)
            #expect(terminal.lastImageOutput.isEmpty)
        }

        @Test(arguments: [GraphicsProtocol.sixel, .kitty, .iterm2])
        func anImageReachingTheLastRowIsNeverDrawn(_ graphics: GraphicsProtocol) throws {
            let terminal = try terminal(graphics)
            defer { terminal.restore() }
            let image = graphics == .kitty ? Self.kittyPixels : Self.pixels
            let low = Rect(x: 5, y: 8, width: 10, height: 4)   // rows 8..<12: the last row is 11
            terminal.draw(frame(image: image, at: low))
            #expect(terminal.lastImageOutput == (graphics == .kitty ? KittyImage.hideAll : []))
            terminal.draw(frame(image: image, at: low))
            #expect(terminal.lastImageOutput.isEmpty)
            // One row higher it fits.
            let fitting = Rect(x: 5, y: 7, width: 10, height: 4)
            terminal.draw(frame(image: image, at: fitting))
            #expect(terminal.lastImageOutput == drawn(image, at: fitting))
        }

        @Test func anImageWiderThanTheScreenIsNeverDrawn() throws {
            let terminal = try terminal(.sixel)
            defer { terminal.restore() }
            terminal.draw(frame(image: Self.pixels, at: Rect(x: 35, y: 2, width: 10, height: 4)))
            #expect(terminal.lastImageOutput.isEmpty)
        }

        /// Splits `bytes` into tmux passthrough wrappers and returns what each carries; nil when
        /// anything lies outside a wrapper (tmux would show it, or act on it, itself).
        static func unwrapEach(_ bytes: [UInt8]) -> [[UInt8]]? {
            var blobs: [[UInt8]] = []
            var start = 0
            while start < bytes.count {
                // A wrapper ends at the first ESC \ whose ESC is not doubled.
                var index = start + TmuxPassthrough.opening.count
                var end: Int?
                while index + 1 < bytes.count {
                    if bytes[index] == 0x1B {
                        if bytes[index + 1] == 0x1B { index += 2; continue }
                        if bytes[index + 1] == UInt8(ascii: "\\") { end = index + 2 }
                        break
                    }
                    index += 1
                }
                guard let end, let inner = GraphicsTests.TmuxPassthroughTests.unwrap(Array(bytes[start..<end])) else { return nil }
                blobs.append(inner)
                start = end
            }
            return blobs
        }

        @Test func insideTmuxEachBlobIsWrappedForPassthrough() throws {
            let sixel = try terminal(.sixel, tmux: true)
            sixel.draw(frame())
            #expect(Self.unwrapEach(sixel.lastImageOutput) == [drawn(Self.pixels)])
            sixel.restore()

            let kitty = try terminal(.kitty, tmux: true)
            defer { kitty.restore() }
            kitty.draw(frame(image: Self.kittyPixels))
            #expect(Self.unwrapEach(kitty.lastImageOutput) == [KittyImage.hideAll, drawn(Self.kittyPixels)])
            kitty.draw(frame(image: nil))
            #expect(Self.unwrapEach(kitty.lastImageOutput) == [KittyImage.hide(id: Self.kittyID)])
        }

        /// tmux never resends cells it thinks unchanged (under an image they were always blank), so
        /// repainting rows cannot wipe a sixel there: its cells are erased (ECH) through the passthrough.
        @Test(arguments: [GraphicsProtocol.sixel, .iterm2])
        func insideTmuxAnImageThatGoesIsErasedThroughThePassthrough(_ graphics: GraphicsProtocol) throws {
            let terminal = try terminal(graphics, tmux: true)
            defer { terminal.restore() }
            terminal.draw(frame())
            terminal.draw(frame(image: nil))
            let erase = "\u{1B}7" + (2..<6).map { "\u{1B}[\($0 + 1);6H\u{1B}[10X" }.joined() + "\u{1B}8"
            #expect(Self.unwrapEach(terminal.lastImageOutput) == [Array(erase.utf8)])
        }

        @Test(arguments: [GraphicsProtocol.sixel, .iterm2])
        func aResizeDrawsTheImageAgain(_ graphics: GraphicsProtocol) throws {
            let terminal = try terminal(graphics)
            defer { terminal.restore() }
            terminal.draw(frame())
            terminal.resizeHeadless(columns: 50, rows: 14)
            terminal.draw(frame(columns: 50, rows: 14))
            #expect(terminal.lastImageOutput == drawn(Self.pixels))
        }

        @Test func aResizeTakesOffEveryKittyImageThenPlacesItAgain() throws {
            let terminal = try terminal(.kitty)
            defer { terminal.restore() }
            terminal.draw(frame(image: Self.kittyPixels))
            terminal.resizeHeadless(columns: 50, rows: 14)
            terminal.draw(frame(columns: 50, rows: 14, image: Self.kittyPixels))
            let place = KittyImage.place(id: Self.kittyID, columns: Self.cells.width, rows: Self.cells.height)
            #expect(terminal.lastImageOutput == KittyImage.hideAll + Array("\u{1B}7\u{1B}[3;6H".utf8) + place + Array("\u{1B}8".utf8))
            #expect(String(decoding: terminal.lastImageOutput, as: UTF8.self).hasPrefix("\u{1B}_Ga=d,d=a"))
        }

        /// kitty evicts the oldest images once its storage is full: we keep far fewer and free the
        /// oldest ourselves (`a=d,d=I`), never one on screen, so a kept image is always there to place.
        @Test func theOldestKeptKittyImagesAreFreed() throws {
            let terminal = try terminal(.kitty)
            defer { terminal.restore() }
            var ids: [UInt32] = []
            var freed: [String] = []
            for n in 0..<(KittyKeptImages.maxImages + 3) {
                var grid = frame(image: nil)
                let placed = PlacedImage(content: "photo-\(n)", cells: Self.cells, image: Self.kittyPixels)
                grid.images = [placed]
                ids.append(placed.entry.kittyID)
                terminal.draw(grid)
                let text = String(decoding: terminal.lastImageOutput, as: UTF8.self)
                freed += text.components(separatedBy: "a=d,d=I,i=").dropFirst().map { String($0.prefix { $0.isNumber }) }
            }
            #expect(freed == ids.prefix(3).map(String.init), "the three oldest, in order")
        }

        @Test func theSymbolsTerminalWritesNoImages() throws {
            let terminal = try terminal(.symbols)
            defer { terminal.restore() }
            terminal.draw(frame())
            #expect(terminal.lastImageOutput.isEmpty)
        }
    }
}
