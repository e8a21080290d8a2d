import Library
import Testing
@testable import TUI

/// `+` / `-` in the grids change the tiles through a few sizes; `tile-size` in the config gives
/// the start and the choice is remembered; bigger tiles ask for bigger (sharper) previews.
@Suite struct TileSizeTests {
    @Test func plusAndMinusStepThroughTheSizesAndAreRemembered() {
        var state = TestLibrary.state(columns: 120, rows: 40)
        #expect(state.tileSize == .medium)
        let mediumColumns = state.gridLayout.columns
        let effects = state.press(.char("+"))
        #expect(state.tileSize == .large)
        #expect(state.gridLayout.tileWidth == TileSize.large.width)
        #expect(state.gridLayout.columns < mediumColumns, "fewer, larger tiles across")
        #expect(effects.contains { if case let .remember(remembered) = $0 { remembered.tileSize == .large } else { false } })
        state.press(.char("="), .char("+"))
        #expect(state.tileSize == .huge)
        #expect(AppView.render(state).text().contains("as large as they go"))
        state.press(.char("-"), .char("-"), .char("-"), .char("-"))
        #expect(state.tileSize == .small)
        #expect(state.gridLayout.columns > mediumColumns)
        #expect(AppView.render(state).text().contains("as small as they go"))
        // In a group too, and the selection stays in view.
        state.openGroup(at: TestLibrary.gardenIndex)
        state.press(.end)
        state.press(.char("+"), .char("+"), .char("+"))
        #expect(state.tileSize == .huge)
        #expect(state.groupCursor.selected == 29)
        let layout = state.gridLayout
        #expect(layout.tileRect(index: 29, topRow: state.groupCursor.topRow) != nil, "the selected tile is on screen")
    }

    @Test func theConfigGivesTheStartAndARememberedChoiceWins() {
        let config = Config(text: "tile-size = \"large\"\n", file: "config.toml")
        #expect(config.problems.isEmpty)
        #expect(config.tileSize == .large)
        let fresh = AppState(library: TestLibrary.standard(), columns: 120, rows: 40, colorMode: .colors256,
                             startFolder: "/", homeFolder: "/", tileSize: config.tileSize)
        #expect(fresh.tileSize == .large)
        let remembered = AppState(library: TestLibrary.standard(), columns: 120, rows: 40, colorMode: .colors256,
                                  startFolder: "/", homeFolder: "/", remembered: RememberedState(tileSize: .small),
                                  tileSize: config.tileSize)
        #expect(remembered.tileSize == .small)
        let bad = Config(text: "tile-size = \"enormous\"\nmouse = \"no\"\n", file: "config.toml")
        #expect(bad.problems == ["config.toml line 1: \"tile-size\" takes one of small, medium, large, huge, not \"enormous\"",
                                 "config.toml line 2: \"mouse\" takes true or false, not a string"])
        #expect(bad.tileSize == .medium && bad.mouse)
        #expect(Config(text: "mouse = false\n", file: "config.toml").mouse == false)
    }

    /// The previews asked for are as big as the tiles: larger tiles, more cells, and past the
    /// thumbnail store's size the pixels come from the photo itself.
    @Test func previewsFollowTheTileSize() throws {
        var sizes: [TileSize: Int] = [:]
        for size in TileSize.allCases {
            let state = TestLibrary.state(columns: 200, rows: 60, remembered: RememberedState(tileSize: size))
            let first = try #require(state.wantedPreviews().first)
            #expect(first.key.columns <= size.width && first.key.rows <= state.gridLayout.previewHeight)
            sizes[size] = first.key.columns * first.key.rows
        }
        #expect(sizes[.small]! < sizes[.medium]! && sizes[.medium]! < sizes[.large]! && sizes[.large]! < sizes[.huge]!)
        let huge = TestLibrary.state(columns: 200, rows: 60, remembered: RememberedState(tileSize: .huge))
        let key = try #require(huge.wantedPreviews().first?.key)
        #expect(key.columns * PreviewMaker.pixelsPerCell.x > ThumbnailStore.maxSide, "decoded from the photo, not the small thumbnail")
    }
}

/// Which tile is under a cell comes from the rectangles the screens draw: every cell of every
/// visible tile maps back to it, the gaps to nothing, at every tile size and in the list.
@Suite struct GridHitTestTests {
    @Test(arguments: TileSize.allCases)
    func everyCellOfATileFindsThatTile(size: TileSize) {
        for (width, height) in [(80, 24), (120, 40), (203, 61)] {
            let layout = GridLayout(area: Rect(x: 0, y: 1, width: width, height: height - 2), tileSize: size)
            let count = layout.pageSize * 2 + 3
            for topRow in [0, 1] {
                var owner: [Int: Int] = [:]   // cell (y * width + x) → item
                for index in 0..<count {
                    guard let rect = layout.tileRect(index: index, topRow: topRow) else { continue }
                    for y in rect.y..<rect.maxY { for x in rect.x..<rect.maxX { owner[y * width + x] = index } }
                }
                for y in 0..<height {
                    for x in 0..<width {
                        #expect(layout.item(atX: x, y: y, topRow: topRow, count: count) == owner[y * width + x],
                                "\(size) \(width)×\(height) at (\(x), \(y))")
                    }
                }
            }
        }
    }

    @Test func listRowsAreTheRowsTheListDraws() {
        var state = TestLibrary.state(columns: 100, rows: 24)
        state.openGroup(at: TestLibrary.gardenIndex)
        state.press(.char("t"))
        let layout = state.photoLayout
        #expect(layout.item(atX: 5, y: state.contentArea.y, topRow: 0, count: 30) == nil, "the header line")
        let grid = AppView.render(state)
        for index in 0..<5 {
            let y = state.contentArea.y + 1 + index
            #expect(layout.item(atX: 40, y: y, topRow: 0, count: 30) == index)
            #expect(grid.text().split(separator: "\n", omittingEmptySubsequences: false)[y]
                .contains(String(format: "garden-%02d", index + 1)))
        }
    }
}
