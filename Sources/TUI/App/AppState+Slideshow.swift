import Library

/// The slideshow (issue 23): starting it on the grid or photo on screen, its clock, the
/// previews it asks for ahead, and going back. See `Slideshow` for the layer itself.
///
/// Where Esc goes back to: the screen the slideshow started on, as it was, with its selection
/// on the photo shown last (the grid's cursor on it, or the photo view showing it), so the photo
/// the user stopped at is the one at hand. Pressed at once, that is where it started.
extension AppState {
    /// Starts the slideshow of the grid on screen from the selected photo (the photo view's
    /// group from the photo shown; on the home grid, the selected folder from its first photo).
    /// Missing photos are left out.
    mutating func startSlideshow() {
        var ids: [String], start: String?
        switch screen {
        case .home:
            let folders = homeFolders
            guard folders.indices.contains(homeCursor.selected) else { return }
            let folder = folders[homeCursor.selected]
            let direct = page(id: folder.id)?.group.photoIDs ?? []
            ids = direct.isEmpty ? folder.photoIDs : direct
            start = nil
        case .group:
            guard let page = currentPage else { return }
            ids = page.group.photoIDs
            start = page.photoID(atItem: groupCursor.selected)
        case let .detail(_, index):
            guard let group = currentGroup else { return }
            ids = group.photoIDs
            start = group.photoIDs.indices.contains(index) ? group.photoIDs[index] : nil
        }
        ids = ids.filter { library.photo(id: $0)?.missing == false }
        guard !ids.isEmpty else {
            status = "No photos to show here"
            return
        }
        var random = SeededRandom(seed: slideshowSeed)
        slideshowSeed = random.next()
        open(.slideshow(Slideshow(photoIDs: ids, start: start.flatMap(ids.firstIndex(of:)) ?? 0,
                                  interval: slideshowSettings.interval, shuffled: slideshowSettings.shuffle,
                                  seed: slideshowSeed)))
    }

    /// The slideshow when it is the top layer (its clock runs only then: a help over it stops it).
    var playingSlideshow: Slideshow? { layers.last?.state as? Slideshow }

    /// When (the loop's clock) the loop must post the next `Msg.slideshowTick`: at once when the
    /// slide's start is not stamped yet; nil while nothing is due (paused, waiting for the next
    /// preview, covered by another layer, or no slideshow).
    public var slideshowTickDue: Double? {
        guard let show = playingSlideshow, !show.paused, !show.waitingForNext else { return nil }
        return show.shownAt.map { $0 + show.interval } ?? 0
    }

    /// The tick at `now`: the slideshow stamps its slide or moves on (see `Slideshow.tick`).
    mutating func slideshowTick(now: Double) {
        guard let show = playingSlideshow else { return }
        let ready = slideReady(show.nextPhotoID, show)
        changeLayer(Slideshow.self) { $0.tick(now: now, nextReady: ready) }
    }

    /// A preview came: the slide the slideshow waits for shows when it was its preview.
    mutating func slideshowPreviewCame(_ key: PreviewKey) {
        guard let show = layer(Slideshow.self), show.waitingForNext, key.photoID == show.nextPhotoID,
              slideReady(show.nextPhotoID, show) else { return }
        changeLayer(Slideshow.self) { $0.step(by: 1) }
    }

    /// Whether the preview the slideshow would draw for `photoID` is made (or failed, which
    /// draws too); a photo gone from the library has nothing to wait for.
    func slideReady(_ photoID: String, _ show: Slideshow) -> Bool {
        guard let photo = library.photo(id: photoID), !photo.missing else { return true }
        return previews.contains(slideKey(photo, show))
    }

    /// The preview of `photo` as the slideshow draws it (the photo view's, full screen).
    func slideKey(_ photo: Photo, _ show: Slideshow) -> PreviewKey {
        let area = SlideshowView.imageArea(show, state: self)
        return PhotoTile.previewKey(for: photo, maxColumns: area.width, maxRows: area.height, state: self, inGrid: false)
    }

    /// The previews the slideshow needs: the slide on screen (its character art standing in
    /// while its pixels are made), then the next, then the one before.
    func slideshowPreviews(_ show: Slideshow) -> [PreviewRequest] {
        var requests: [PreviewRequest] = []
        for (i, id) in [show.photoID, show.nextPhotoID, show.previousPhotoID].enumerated() {
            guard let photo = library.photo(id: id), !photo.missing else { continue }
            let key = slideKey(photo, show)
            requests.append(PreviewRequest(key: key, photo: photo))
            if i == 0, key.pixels != nil, !previews.contains(key) {
                let area = SlideshowView.imageArea(show, state: self)
                let art = PhotoTile.standInKey(for: photo, maxColumns: area.width, maxRows: area.height, state: self)
                requests.append(PreviewRequest(key: art, photo: photo))
            }
        }
        return requests
    }

    /// Esc: back to the screen the slideshow started on, its selection on `lastShown`.
    mutating func endSlideshow(lastShown: String) {
        switch screen {
        case .home:
            break
        case .group:
            guard let page = currentPage, let index = page.group.photoIDs.firstIndex(of: lastShown) else { return }
            groupCursor.selected = page.item(ofPhoto: index)
            groupCursor.clamp(count: page.count, layout: photoLayout)
        case let .detail(groupID, _):
            guard let index = currentGroup?.photoIDs.firstIndex(of: lastShown) else { return }
            shownStackMember = nil
            stack[stack.count - 1] = .detail(groupID: groupID, index: index)
        }
    }
}
