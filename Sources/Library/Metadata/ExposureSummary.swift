import Foundation

/// The exposure of a photo in one line, as photographers write it:
/// "1/250 s · f/2.8 · ISO 200 · 35 mm". Parts the camera did not record are left out.
public enum ExposureSummary {
    /// The parts that are known, joined by " · "; nil when none is.
    public static func text(exposureTime: Double?, fNumber: Double?, isoSpeed: Int?,
                            focalLength: Double?) -> String? {
        let parts = [exposureTime.map(shutter), fNumber.map(aperture),
                     isoSpeed.map { "ISO \($0)" }, focalLength.map(focal)].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    /// The summary of what `metadata` holds.
    public static func text(_ metadata: Metadata) -> String? {
        text(exposureTime: metadata.exposureTime, fNumber: metadata.fNumber,
             isoSpeed: metadata.isoSpeed, focalLength: metadata.focalLength)
    }

    /// "1/250 s" below a quarter second (the reciprocal rounded, as cameras show it),
    /// else seconds with at most one decimal: "0.5 s", "2 s", "1.3 s".
    public static func shutter(_ seconds: Double) -> String {
        if seconds > 0, seconds < 0.25 {
            return "1/\(Int((1 / seconds).rounded())) s"
        }
        return "\(decimal(seconds)) s"
    }

    /// "f/2.8", "f/8", "f/1.4".
    public static func aperture(_ fNumber: Double) -> String { "f/" + decimal(fNumber) }

    /// "35 mm", "4.2 mm".
    public static func focal(_ millimetres: Double) -> String { decimal(millimetres) + " mm" }

    /// One decimal, without a trailing ".0".
    private static func decimal(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        return tenths.truncatingRemainder(dividingBy: 10) == 0
            ? String(Int(tenths / 10)) : String(format: "%.1f", tenths / 10)
    }
}
