import Foundation

/// What geotagging photos would do (issue 25): each photo's placement and the one undoable
/// step of ordinary place edits for those that land on the track.
public struct GeotagPlan: Sendable {
    public struct Outcome: Sendable, Equatable {
        public var photoID: String
        public var placement: Geotagger.Placement
    }

    /// Every photo asked for, oldest first (a stack once, by the photo standing for it).
    public var outcomes: [Outcome]
    /// The place edits; empty when no photo landed or all already were there.
    public var step: EditStep

    public var placed: [Outcome] { outcomes.filter { $0.placement.position != nil } }
    public var skipped: [Outcome] { outcomes.filter { $0.placement.position == nil } }
}

extension EditPlanner {
    /// Places every photo of `ids` on the tracks of `geotagger`; `source` names the tracks in
    /// the step's label ("walk.gpx", "3 tracks").
    public func geotag(_ ids: [String], with geotagger: Geotagger, source: String) -> GeotagPlan {
        // Each photo (with its stack) changes once, so every step is planned on the library as it is.
        var steps: [EditStep] = []
        var outcomes: [GeotagPlan.Outcome] = []
        for photo in photosInDateOrder(ids) where !photo.isHiddenInStack {
            let placement = geotagger.place(photo)
            outcomes.append(.init(photoID: photo.id, placement: placement))
            guard let position = placement.position else { continue }
            steps.append(setLocation([photo.id], to: position))
        }
        let placed = outcomes.count { $0.placement.position != nil }
        return GeotagPlan(outcomes: outcomes,
                          step: EditStep.combined(steps, label: "geotag \(Counted.text(placed)) from \(source)"))
    }
}
