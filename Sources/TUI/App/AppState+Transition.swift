import Library

extension AppState {
    /// What was on screen before a message, for `startTransition(after:)` to see whether the
    /// message opened a photo from its grid or went back to the grid from it.
    struct ScreenBefore {
        var screen: Screen
        var depth: Int
    }

    var screenBefore: ScreenBefore { ScreenBefore(screen: screen, depth: stack.count) }

    /// After a key: starts the animation when it opened the photo selected in a grid (the group
    /// grid → the photo view) or went back from the photo view to its grid. Not when animations
    /// are off, over a list or a layer, when the grid's tiles are pixel images (there are no
    /// cells to move; see the README), or when no character art of the photo is in memory.
    mutating func startTransition(after before: ScreenBefore) {
        let direction: PhotoTransition.Direction
        switch (before.screen, screen) {
        case let (.group(id), .detail(groupID, _)) where id == groupID && stack.count == before.depth + 1:
            direction = .opening
        case let (.detail(groupID, _), .group(id)) where id == groupID && stack.count == before.depth - 1:
            direction = .closing
        default:
            return
        }
        guard animations, !isTooSmall, !listView, !photosAreCovered, pixelFormat(inGrid: true) == nil,
              let page = currentPage, let index = page.photoIndex(ofItem: groupCursor.selected),
              let photo = library.photo(id: page.group.photoIDs[index]), !photo.missing,
              let tileBox = gridLayout.tileRect(index: groupCursor.selected, topRow: groupCursor.topRow).map(GridLayout.previewRect(in:))
        else { return }
        let tile = artRect(photo, in: tileBox), view = artRect(photo, in: DetailScreen.imageArea(self))
        guard [tile.key, view.key].contains(where: { if case .cells? = previews.peek($0) { true } else { false } }) else { return }
        transition = PhotoTransition(photoID: photo.id, tile: tile.rect, view: view.rect, direction: direction)
    }

    /// A frame of the animation is due at `now`; `canKeepUp` false ends it (the terminal cannot
    /// draw its frames in their time).
    mutating func animationFrame(at now: Double, canKeepUp: Bool) {
        guard var shown = transition else { return }
        transition = canKeepUp && shown.advance(to: now) ? shown : nil
    }

    /// The character art of `photo` fitted in `box`, and where it is drawn (centred, as
    /// `PhotoTile` draws it).
    func artRect(_ photo: Photo, in box: Rect) -> (key: PreviewKey, rect: Rect) {
        let key = PhotoTile.standInKey(for: photo, maxColumns: box.width, maxRows: box.height, state: self)
        return (key, Rect(x: box.x + (box.width - key.columns) / 2, y: box.y + (box.height - key.rows) / 2,
                          width: key.columns, height: key.rows))
    }
}
