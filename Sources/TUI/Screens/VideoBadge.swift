import Foundation
import Library

/// What marks a video: "▶ 0:42" on its tile (over the picture's bottom-left corner, or in the
/// caption when a pixel image covers the corner), before its name in the list, and in the info
/// panel with its codec and rotation. A photo with a motion part (a Motion Photo) is marked
/// "LIVE" the same ways, its motion's length in the info panel; an animated GIF "GIF" (only its
/// first frame is shown).
enum VideoBadge {
    /// "0:42", "12:05", "1:02:03" (whole seconds, rounded down).
    static func durationText(_ seconds: Double) -> String {
        let total = seconds.isFinite ? max(0, Int(seconds)) : 0
        let (hours, minutes, secs) = (total / 3600, total / 60 % 60, total % 60)
        let two = { (n: Int) in n < 10 ? "0\(n)" : "\(n)" }
        return hours > 0 ? "\(hours):\(two(minutes)):\(two(secs))" : "\(minutes):\(two(secs))"
    }

    /// "▶ 0:42" for a video ("▶" when its length is not known), "RAW+JPEG" or "LIVE" for the
    /// photo that stands for a stack, "LIVE" for a Motion Photo, "GIF" for an animated GIF, nil
    /// for another photo.
    static func text(_ photo: Photo?) -> String? {
        // Stacks (issue 21): the cover's badge names its stack.
        if let stack = photo?.stack, stack.isCover { return stack.kind.badge }
        guard let photo else { return nil }
        if photo.hasMotion { return "LIVE" }   // Motion Photos (issue 21)
        if photo.animated { return "GIF" }     // animated: its first frame is what is shown (issue 20)
        guard photo.kind == .video else { return nil }
        return "▶" + (photo.duration.map { " " + durationText($0) } ?? "")
    }

    /// Draws the badge over the bottom-left corner of the tile's picture (`art`, where its
    /// preview is drawn); false when it does not fit there or a pixel image covers that corner
    /// (the caption must carry it then).
    @discardableResult
    static func draw(_ photo: Photo?, over art: Rect, into grid: inout CellGrid) -> Bool {
        guard let text = text(photo) else { return true }
        let shown = " " + text + " "
        let badge = Rect(x: art.x, y: art.maxY - 1, width: shown.displayWidth, height: 1)
        guard art.width >= badge.width, art.height > 1,
              !grid.images.contains(where: { !$0.entry.placement.cells.intersection(badge).isEmpty }) else { return false }
        grid.put(shown, x: badge.x, y: badge.y, style: Theme.videoBadge)
        return true
    }

    /// The info panel's lines for a video: its length, codec and display rotation.
    static func infoRows(_ photo: Photo, codec: String?) -> [(label: String, value: String)] {
        if photo.motionRange != nil {   // Motion Photos (issue 21)
            let length = photo.motionDuration.map { String(format: "%.1f s", $0) } ?? "length not known"
            return [("Motion", "LIVE · \(length) (p plays it)")]
        }
        guard photo.kind == .video else { return [] }
        var rows: [(String, String)] = [("Video", text(photo) ?? "▶")]
        if let codec { rows.append(("Codec", codec)) }
        if let turn = rotationText(photo.orientation) { rows.append(("Rotation", turn)) }
        return rows
    }

    /// "90° clockwise" for the display rotation an orientation stands for; nil upright.
    static func rotationText(_ orientation: Int) -> String? {
        switch orientation {
        case 6: "90° clockwise"
        case 3: "180°"
        case 8: "90° counter-clockwise"
        default: nil
        }
    }
}
