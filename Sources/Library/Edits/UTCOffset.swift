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

// GPX geotagging (issue 25): a zone typed with optional seconds.
extension UTCOffset {
    /// "+02:00", "-03:30", "+05:45:30", "2:00", "Z" as seconds east of UTC; nil when it is not
    /// an offset between -12:00 and +14:00.
    public static func seconds(parsing text: String) -> Int? {
        var rest = Substring(text.trimmingCharacters(in: .whitespaces))
        if rest == "Z" || rest.uppercased() == "UTC" { return 0 }
        var sign = 1
        if let first = rest.first, first == "+" || first == "-" || first == "−" {
            sign = first == "+" ? 1 : -1
            rest = rest.dropFirst()
        }
        let fields = rest.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(fields.count), fields.allSatisfy({ !$0.isEmpty && $0.count <= 2 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let hours = Int(fields[0]), let minutes = Int(fields[1]), minutes < 60,
              let seconds = fields.count == 3 ? Int(fields[2]) : 0, seconds < 60 else { return nil }
        let total = sign * (hours * 3600 + minutes * 60 + seconds)
        return (-12 * 3600...14 * 3600).contains(total) ? total : nil
    }
}
