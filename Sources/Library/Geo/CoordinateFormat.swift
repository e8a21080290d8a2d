/// How positions are written for people: the info panel, the map's corner, the CLI.
public enum CoordinateFormat {
    /// "-22.90680, -43.17290": decimal degrees, five decimals (about 1 m).
    public static func decimal(_ position: GPSPosition) -> String {
        "\(fixed(position.latitude, decimals: 5)), \(fixed(position.longitude, decimals: 5))"
    }

    /// "22°54'24.5"S 43°10'22.4"W": degrees, minutes and seconds to a tenth.
    public static func dms(_ position: GPSPosition) -> String {
        "\(dms(position.latitude, positive: "N", negative: "S")) \(dms(position.longitude, positive: "E", negative: "W"))"
    }

    private static func dms(_ value: Double, positive: String, negative: String) -> String {
        let tenths = Int((abs(value) * 36_000).rounded())
        let degrees = tenths / 36_000, minutes = tenths % 36_000 / 600, seconds = tenths % 600
        return "\(degrees)°\(minutes)'\(seconds / 10).\(seconds % 10)\"\(value < 0 && tenths > 0 ? negative : positive)"
    }

    /// `value` with exactly `decimals` decimals, rounded half away from zero, never "-0.00000".
    static func fixed(_ value: Double, decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let units = Int((abs(value) * scale).rounded())
        let whole = units / Int(scale), fraction = String(units % Int(scale))
        let padded = String(repeating: "0", count: max(0, decimals - fraction.count)) + fraction
        return (value < 0 && units > 0 ? "-" : "") + "\(whole)" + (decimals > 0 ? "." + padded : "")
    }
}
