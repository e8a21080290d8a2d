/// Reads a point written in ISO 6709 ("+48.8577+002.2950+035.000/", "-22.9068-043.1729/"), as
/// videos hold their place (QuickTime `©xyz`, Apple's `com.apple.quicktime.location.ISO6709`,
/// MP4 `location`): signed decimal degrees of latitude then longitude, an optional signed
/// altitude in metres, an optional "CRS…" and the closing "/". The degree-minute forms
/// (±DDMM.MM, ±DDMMSS) are read too.
public enum ISO6709 {
    /// The position `text` names, or nil when it is not one (or out of range).
    public static func parse(_ text: String) -> GPSPosition? {
        var numbers: [Substring] = []
        var current: Substring.Index?
        let body = text.prefix { $0 != "/" && $0 != "C" }   // up to the CRS part or the end mark
        for index in body.indices {
            let char = body[index]
            if char == "+" || char == "-" {
                if let start = current { numbers.append(body[start..<index]) }
                current = index
            } else if !(char.isASCII && (char.isNumber || char == ".")) {
                return nil
            }
        }
        if let start = current { numbers.append(body[start...]) }
        guard numbers.count == 2 || numbers.count == 3,
              let latitude = degrees(numbers[0], degreeDigits: 2),
              let longitude = degrees(numbers[1], degreeDigits: 3),
              (-90...90).contains(latitude), (-180...180).contains(longitude) else { return nil }
        let altitude = numbers.count == 3 ? Double(numbers[2]) : nil
        return GPSPosition(latitude: latitude, longitude: longitude, altitude: altitude?.isFinite == true ? altitude : nil)
    }

    /// "+48.8577" → 48.8577; "+4851.46" (DDMM.MM) and "+485127.7" (DDMMSS.S) → degrees.
    private static func degrees(_ text: Substring, degreeDigits: Int) -> Double? {
        let sign: Double = text.first == "-" ? -1 : 1
        let digits = text.dropFirst()
        let whole = digits.prefix { $0 != "." }
        guard !whole.isEmpty, let value = Double(digits), value.isFinite else { return nil }
        switch whole.count - degreeDigits {
        case ...0: return sign * value
        case 1...2:
            let minutes = value.truncatingRemainder(dividingBy: 100)
            return sign * ((value - minutes) / 100 + minutes / 60)
        case 3...4:
            let seconds = value.truncatingRemainder(dividingBy: 100)
            let minutes = ((value - seconds) / 100).truncatingRemainder(dividingBy: 100)
            return sign * ((value - seconds - minutes * 100) / 10000 + minutes / 60 + seconds / 3600)
        default: return nil
        }
    }
}
