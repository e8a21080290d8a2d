/// The UTC offsets that exist: "−12:00" to "+14:00", minutes 00–59 (written "+02:00").
public enum UTCOffset {
    /// What is wrong with `text` as a UTC offset, or nil when it is one.
    public static func problem(_ text: String) -> String? {
        guard TakenAt.isValidOffset(text) else { return "\(text) is not an offset like +02:00 or -03:30" }
        let chars = Array(text.utf8)
        let hours = Int(chars[1] - 48) * 10 + Int(chars[2] - 48)
        let minutes = Int(chars[4] - 48) * 10 + Int(chars[5] - 48)
        guard minutes < 60 else { return "\(text): minutes run from 00 to 59" }
        let total = (hours * 60 + minutes) * (chars[0] == UInt8(ascii: "-") ? -1 : 1)
        guard (-12 * 60...14 * 60).contains(total) else {
            return "\(text): UTC offsets run from -12:00 to +14:00"
        }
        return nil
    }

    /// True when `text` is a UTC offset that exists.
    public static func isValid(_ text: String) -> Bool { problem(text) == nil }
}
