import Library

extension AppState {
    /// The previews the screen needs, most urgent first: what is on screen, then what the
    /// user is likely to look at next (the next screenful of the grid, the photos either side
    /// in the detail view). The loader works through them and drops what is no longer asked for.
    public func wantedPreviews() -> [PreviewRequest] {
        guard !isTooSmall else { return [] }
        if let show = layer(Slideshow.self) { return slideshowPreviews(show) }   // Slideshow (issue 23)
        if let stream = layer(FeedStream.self) { return feedViewPreviews(stream) }   // Paged feeds (issue 24)
        var requests: [PreviewRequest] = []
        func want(_ photoID: String?, columns: Int, rows: Int, inGrid: Bool = true, standIn: Bool = false) {
            guard let photoID, let photo = library.photo(id: photoID), !photo.missing else { return }
            let key = PhotoTile.previewKey(for: photo, maxColumns: columns, maxRows: rows, state: self, inGrid: inGrid)
            requests.append(PreviewRequest(key: key, photo: photo))
            // While the photo on screen is encoded as pixels, its character art (made several
            // times quicker, by the other worker) stands in.
            if standIn, key.pixels != nil, !previews.contains(key) {
                let art = PhotoTile.standInKey(for: photo, maxColumns: columns, maxRows: rows, state: self)
                requests.append(PreviewRequest(key: art, photo: photo))
            }
        }
        let layout = gridLayout
        let tile = (columns: min(layout.tileWidth, layout.area.width), rows: layout.previewHeight)
        func wantGrid(_ ids: [String], cursor: GridCursor, layout: GridLayout = layout) {
            let visible = cursor.visibleRange(count: ids.count, layout: layout)
            let next = visible.upperBound..<min(ids.count, visible.upperBound + layout.pageSize)
            let previous = max(0, visible.lowerBound - layout.columns)..<visible.lowerBound
            for range in [visible, next, previous] {
                for index in range { want(ids[index], columns: tile.columns, rows: tile.rows) }
            }
        }
        switch screen {
        case .home:
            wantGrid(homeFolders.map(\.coverID), cursor: homeCursor, layout: homeLayout)
        case .group:
            // The list view shows no thumbnails.
            if let page = currentPage, !listView {
                wantGrid(page.folders.map(\.coverID) + page.group.photoIDs, cursor: groupCursor)
            }
        case let .detail(_, index):
            guard let group = currentGroup else { break }
            // Zoomed: the part on screen first (the photo at fit stays wanted for zooming out).
            if let zoomed = zoomedPreviewKey(), let photo = detailPhoto { requests.append(PreviewRequest(key: zoomed, photo: photo)) }
            let area = DetailScreen.imageArea(self)
            for i in [index, index + 1, index - 1, index + 2] where group.photoIDs.indices.contains(i) {
                want(i == index ? detailPhoto?.id ?? group.photoIDs[i] : group.photoIDs[i], columns: area.width, rows: area.height, inGrid: false, standIn: i == index)
            }
        }
        // Look-alike duplicates (issue 23): the review's thumbnails, over the screen, first.
        if let review = layer(DuplicatesReview.self) {
            var onTop: [PreviewRequest] = []
            swap(&onTop, &requests)
            for column in DuplicatesReviewView.columns(review, state: self) {
                want(column.photo.id, columns: column.tile.width, rows: column.tile.height)
            }
            requests += onTop
        }
        return requests
    }

    /// How many of `wantedPreviews()` are on screen now (they come first), when no photo on
    /// screen is missing: the grid's visible tiles, or the one photo of the detail view.
    public var visiblePreviewCount: Int {
        guard !isTooSmall else { return 0 }
        if layer(Slideshow.self) != nil { return 1 }   // Slideshow (issue 23)
        if let stream = layer(FeedStream.self) { return FeedStreamView.shownIndices(stream, state: self).count }   // issue 24
        switch screen {
        case .home: return homeCursor.visibleRange(count: homeFolders.count, layout: homeLayout).count
        case .group: return listView ? 0 : groupCursor.visibleRange(count: currentPage?.count ?? 0, layout: gridLayout).count
        case .detail: return detailPhoto == nil ? 0 : 1
        }
    }
}
