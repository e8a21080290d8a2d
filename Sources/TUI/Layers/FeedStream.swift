import Library

/// The feed view (`V`, issue 24): the photos of the grid it was opened on as one vertical
/// stream of large photos, each with its title and date under it, scrolled by line and by page.
/// A layer like the slideshow: keys in `KeyContext.feedView`, drawn by `FeedStreamView` over the
/// screen (pixel images show in it: it does not `coversPhotos`).
///
/// Its photos are read from the grid each time (never copied), so a feed's next page, fetched
/// while the stream is on screen (`AppState.loadMoreIfDue` reads `FeedStreamView.shownIndices`),
/// joins its end. It opens at the selected photo, and `V`/Esc hands the photo on top back to the grid
/// (the slideshow's way back: `LayerRequest.endSlideshow`).
///
/// Where it is: the photo on top (`top`) and how many lines of its block are scrolled off the
/// view (`offset`); every block has the same height (`FeedStreamView.Layout.blockHeight`), so a
/// resize keeps the photo on top.
struct FeedStream: Equatable, Sendable, LayerState {
    /// The grid whose photos stream (a group's id, as `AppState.page(id:)` takes it).
    let groupID: String
    /// The photo whose block is at the top of the view (an index into the grid's photos).
    private(set) var top: Int
    /// Lines of that block scrolled off the top.
    private(set) var offset = 0

    /// The stream of `groupID`'s photos, with the photo at `index` on top.
    init(groupID: String, index: Int) {
        self.groupID = groupID
        top = max(0, index)
    }

    /// The photos of the stream, in the grid's order.
    func photoIDs(_ state: AppState) -> [String] { state.page(id: groupID)?.group.photoIDs ?? [] }

    /// Scrolls by `lines` (negative: up), no further than the last photo's block at the top.
    mutating func scroll(by lines: Int, state: AppState) {
        let block = FeedStreamView.Layout(state).blockHeight
        let last = max(0, photoIDs(state).count - 1) * block
        let line = max(0, min(top * block + min(offset, block - 1) + lines, last))
        top = line / block
        offset = line % block
    }

    /// Puts the photo at `index` on top (clamped to the photos).
    mutating func show(_ index: Int, state: AppState) {
        top = max(0, min(index, photoIDs(state).count - 1))
        offset = 0
    }

    // MARK: - LayerState

    var keyContext: KeyContext { .feedView }
    var layer: Layer { .feedView(self) }
    /// Drawn over the screen, pixels included.
    var coversPhotos: Bool { false }

    mutating func handle(_ key: Key, action: Action?, state: AppState) -> LayerOutcome {
        let layout = FeedStreamView.Layout(state)
        switch action {
        case .down: scroll(by: 1, state: state)
        case .up: scroll(by: -1, state: state)
        case .pageDown: scroll(by: layout.area.height, state: state)
        case .pageUp: scroll(by: -layout.area.height, state: state)
        case .next: show(top + 1, state: state)
        case .previous: show(offset == 0 ? top - 1 : top, state: state)
        case .first: show(0, state: state)
        case .last: show(photoIDs(state).count - 1, state: state)
        case .loadMore: return .consumed(then: .loadMoreOfFeed)
        case .help: return .consumed(then: .showHelp)
        case .close, .feedView:
            let ids = photoIDs(state)
            guard ids.indices.contains(top) else { return .close() }
            return .close(then: .endSlideshow(lastShown: ids[top]))
        default: break
        }
        return .consumed()
    }

    func title(_ state: AppState) -> String? { FeedStreamView.title(self, state: state) }

    func hints(_ state: AppState) -> String? {
        let more: [Action] = state.feedOnScreen == nil ? [] : [.loadMore]
        return state.keyMap.hints([.down, .pageDown, .next] + more + [.close, .help], in: .feedView)
    }

    func render(_ state: AppState, into grid: inout CellGrid) { FeedStreamView.render(self, state: state, into: &grid) }
}
