import Library

/// The mouse (see `MouseEvent`, made by `MouseReader`): a click selects the tile or list row
/// under it, a double-click opens it (a group, a photo), the wheel scrolls the grids, the lists,
/// the info panel and the help, and turns the photos of the photo view. Which item is under the
/// pointer comes from the same `GridLayout.tileRect` the screens draw with.
///
/// Layers: the help, the import picker and the feed view scroll with the wheel (their own ↑/↓, from the key
/// table) and ignore clicks; the search line lets the mouse through to the results under it (a
/// double-click keeps the results, as Enter does, and opens the photo); the other layers (forms,
/// the map, confirmations, the import overlay) ignore the mouse.
extension AppState {
    /// Grid rows one turn of the wheel scrolls: a row of tiles, or three lines of a list.
    static let wheelRows = (tiles: 1, listLines: 3)

    mutating func handleMouse(_ event: MouseEvent) -> [Effect] {
        guard !isTooSmall else { return [] }
        if let top = layers.last {
            switch top.state {
            case is SearchLineLayer:
                if event.kind == .doubleClick { closeLayers(SearchLineLayer.self) }
            case is HelpState, is ImportPickerState, /* the feed view (issue 24) */ is FeedStream:
                return scrollTopLayer(event)
            default:
                return []
            }
        }
        status = nil
        if let (_, box) = InfoPanel.shown(self), box.contains(x: event.x, y: event.y) {
            if let key = Self.wheelKey(event) { _ = InfoPanel.scroll(key, state: &self) }
            return []
        }
        switch screen {
        case .home:
            var cursor = homeCursor
            let act = moveCursor(for: event, cursor: &cursor, count: homeFolders.count, layout: homeLayout)
            homeCursor = cursor
            if act { HomeScreen.handle(.open, state: &self) }
        case let .group(id):
            guard let count = page(id: id)?.count else { return [] }
            var cursor = groupCursor
            let act = moveCursor(for: event, cursor: &cursor, count: count, layout: photoLayout)
            groupCursor = cursor
            if act { GroupScreen.handle(.open, state: &self) }
        case .detail:
            switch event.kind {
            case .wheelUp: DetailScreen.handle(.previous, state: &self)
            case .wheelDown: DetailScreen.handle(.next, state: &self)
            case .click, .doubleClick: break
            }
        }
        return wantDetails()
    }

    /// Moves `cursor` for `event` over a grid or list drawn with `layout`; true when the item
    /// under a double-click is to be opened.
    private func moveCursor(for event: MouseEvent, cursor: inout GridCursor, count: Int, layout: GridLayout) -> Bool {
        let rows = layout.isList ? Self.wheelRows.listLines : Self.wheelRows.tiles
        switch event.kind {
        case .wheelUp:
            cursor.scroll(rows: -rows, count: count, layout: layout)
        case .wheelDown:
            cursor.scroll(rows: rows, count: count, layout: layout)
        case .click, .doubleClick:
            guard let item = layout.item(atX: event.x, y: event.y, topRow: cursor.topRow, count: count) else { return false }
            cursor.selected = item
            return event.kind == .doubleClick
        }
        return false
    }

    /// The wheel over the help or the picker: three of its own ↑ or ↓ keys.
    private mutating func scrollTopLayer(_ event: MouseEvent) -> [Effect] {
        guard let context = layers.last?.state.keyContext, let wheel = Self.wheelKey(event),
              let key = keyMap.binding(wheel == .up ? .up : .down, in: context)?.keys.first else { return [] }
        var effects: [Effect] = []
        for _ in 0..<3 { effects += routeThroughLayers(key) ?? [] }
        return effects
    }

    /// ↑ for the wheel turned up, ↓ down; nil for a click.
    private static func wheelKey(_ event: MouseEvent) -> Key? {
        switch event.kind {
        case .wheelUp: .up
        case .wheelDown: .down
        case .click, .doubleClick: nil
        }
    }
}
