import Library

/// Reads a typed position for `--location`.
enum Coordinates {
    static func parse(_ text: String) throws -> GPSPosition {
        let parts = text.split(whereSeparator: { $0 == "," || $0 == " " }).compactMap { Double($0) }
        guard parts.count == 2, abs(parts[0]) <= 90, abs(parts[1]) <= 180 else {
            throw CommandFailure("--location \(text): use \"LAT,LON\" like -22.9068,-43.1729")
        }
        return GPSPosition(latitude: parts[0], longitude: parts[1])
    }
}
