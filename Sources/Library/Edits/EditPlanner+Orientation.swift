/// Turning and flipping photos, as edit steps like every other edit. The user's turn is
/// composed with the photo's orientation as shown (`Orientation`), and kept as the EXIF
/// orientation it comes to; turning a photo back to its file's orientation clears the edit.
extension EditPlanner {
    /// Turns every photo `quarterTurns` clockwise (negative: anticlockwise), then mirrors it
    /// left to right when `flip` is set, as the user sees it.
    public func turn(_ ids: [String], quarterTurns: Int, flip: Bool = false) -> EditStep {
        let photos = photosInDateOrder(ids)
        let turn = Orientation(quarterTurns: quarterTurns)
        let what = switch (turn.quarterTurns, flip) {
        case (0, _): "flip"
        case (let turns, false): "rotate \(turns * 90)°"
        case (let turns, true): "rotate \(turns * 90)° and flip"
        }
        return step("\(what) \(count(photos))", photos) { photo, _ in
            var shown = Orientation(exif: photo.orientation).then(turn)
            if flip { shown = shown.flipped }
            var edits = photo.edits
            edits.orientation = shown.exif == photo.fileOrientation ? nil : shown.exif
            return edits
        }
    }
}
