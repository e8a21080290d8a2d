import Library

/// Videos in the photo view (issue 21): playing in place (see `VideoPlayback` for how the frames
/// come), pausing, seeking, stopping, or handing the video to the `video-player` command.
extension AppState {
    /// The action of `key` in the photo view: Enter, which goes back from a photo, plays a video.
    func videoAction(_ action: Action, for key: Key) -> Action {
        action == .back && key == .enter && [.detail, .albumPhoto].contains(screenKeyContext) && detailPhoto?.kind == .video ? .play : action
    }

    /// Handles the video actions; nil for any other.
    mutating func handleVideo(_ action: Action) -> [Effect]? {
        switch action {
        case .play: play()
        case .pause: togglePause()
        case .seekBack: seek(by: -VideoPlayback.seekStep)
        case .seekForward: seek(by: VideoPlayback.seekStep)
        case .stop: stopVideo()
        default: nil
        }
    }

    /// The video `p` plays for the photo view's photo: the photo itself, or a Live Photo's movie
    /// (issue 21, stacks).
    var playableVideo: Photo? {
        guard let photo = detailPhoto else { return nil }
        if photo.isLiveStill, let movie = library.stack(of: photo.id)?.memberIDs.lazy.compactMap(library.photo(id:))
            .first(where: { $0.kind == .video }) {
            return movie
        }
        return photo
    }

    /// Plays the video in the photo view: in place, or in the `video-player` when there is one.
    /// A photo's motion part (a Motion Photo's embedded clip) always plays in place: it is a
    /// byte range of the photo's file, which no other program can be handed.
    mutating func play() -> [Effect] {
        guard let photo = playableVideo else { return [] }
        if photo.motionRange != nil {   // Motion Photos (issue 21)
            guard !photo.missing, photo.isDownloaded else {
                status = "Cannot play \(photo.name): the file is missing"
                return []
            }
            return request(VideoPlayback(photoID: photo.id, generation: 0, duration: photo.motionDuration))
        }
        guard photo.kind == .video else {
            status = "\(photo.name) is a photo: there is nothing to play"
            return []
        }
        guard !photo.missing, photo.isDownloaded else {
            status = "Cannot play \(photo.name): the file is missing"
            return []
        }
        if let command = videoPlayer { return [.runVideoPlayer(command: command, path: photo.path)] }
        return request(VideoPlayback(photoID: photo.id, generation: 0, duration: photo.duration))
    }

    /// Asks for the frames of `playback` from its position, as a new request.
    private mutating func request(_ playback: VideoPlayback) -> [Effect] {
        guard let photo = playableVideo, photo.id == playback.photoID else { return stopVideo() }
        var playback = playback
        videoRequests += 1
        playback.generation = videoRequests
        playback.isPaused = false
        self.playback = playback
        let area = DetailScreen.imageArea(self)
        let key = playback.pixelsOff
            ? PhotoTile.standInKey(for: photo, maxColumns: area.width, maxRows: area.height, state: self)
            : PhotoTile.previewKey(for: photo, maxColumns: area.width, maxRows: area.height, state: self, inGrid: false)
        return [.playVideo(VideoPlayRequest(photoID: photo.id, generation: playback.generation,
                                            source: photo.motionSource ?? VideoSource(path: photo.path),
                                            start: playback.position, key: key))]
    }

    /// Space: pauses (the frame stays), or plays on from where it paused (from the start after the end).
    private mutating func togglePause() -> [Effect] {
        guard var shown = playback else { return [] }
        guard shown.isPaused else {
            shown.isPaused = true
            playback = shown
            return [.stopVideo]
        }
        if let duration = shown.duration, shown.position >= duration - 0.5 { shown.position = 0 }
        return request(shown)
    }

    /// ← →: plays on from `seconds` later or earlier (paused or not).
    private mutating func seek(by seconds: Double) -> [Effect] {
        guard var shown = playback else { return [] }
        shown.position = shown.seekTarget(by: seconds)
        return request(shown)
    }

    /// Esc: stops; the poster shows again.
    mutating func stopVideo() -> [Effect] {
        guard playback != nil else { return [] }
        playback = nil
        return [.stopVideo]
    }

    /// A frame came (`now` on the loop's clock): shown unless stale or late. A pixel frame the
    /// terminal cannot draw in its time (`canKeepUp` false) turns playing to character art.
    mutating func videoFrame(_ frame: VideoFrame, now: Double, canKeepUp: Bool) -> [Effect] {
        guard var shown = playback else { return [] }
        let drawn = shown.receive(frame, now: now)
        playback = shown
        guard drawn, !canKeepUp, case .image = frame.content, !shown.pixelsOff else { return [] }
        shown.pixelsOff = true
        return request(shown)
    }

    /// The player stopped by itself: at the end the last frame stays, paused; a failure says why,
    /// naming the file, and the poster shows again.
    mutating func videoEnded(photoID: String, generation: Int, failure: String?) {
        guard var shown = playback, shown.photoID == photoID, shown.generation == generation else { return }
        guard let failure else {
            shown.isPaused = true
            if let duration = shown.duration { shown.position = max(shown.position, duration) }
            playback = shown
            return
        }
        let name = library.photo(id: photoID)?.name ?? "the video"
        status = "Cannot play \(name): \(failure)"
        playback = nil
    }

    /// The terminal's size changed: the frames are asked for again at the new size.
    mutating func videoResized() -> [Effect] {
        guard let shown = playback, !shown.isPaused else { return [] }
        return request(shown)
    }

    /// After any message: a video whose photo is no longer on screen stops.
    mutating func videoFollowUp() -> [Effect] {
        guard let shown = playback, playableVideo?.id != shown.photoID else { return [] }
        return stopVideo()
    }
}
