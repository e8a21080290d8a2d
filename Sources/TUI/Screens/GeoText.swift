import Foundation
import Library

/// Positions as people read them.
enum GeoText {
    /// 22°54'24.5"S 43°10'22.4"W
    static func dms(_ gps: GPSPosition) -> String {
        func part(_ value: Double, _ positive: String, _ negative: String) -> String {
            let total = abs(value) * 3600
            let degrees = Int(total / 3600), minutes = Int(total.truncatingRemainder(dividingBy: 3600) / 60)
            let seconds = total.truncatingRemainder(dividingBy: 60)
            return String(format: "%d°%02d'%04.1f\"%@", degrees, minutes, seconds, value < 0 ? negative : positive)
        }
        return part(gps.latitude, "N", "S") + " " + part(gps.longitude, "E", "W")
    }

    /// "near Rio de Janeiro, BR", from the offline place table.
    static func nearestPlace(_ gps: GPSPosition) -> String? {
        nil
    }
}
