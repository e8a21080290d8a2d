/// "1 photo", "3 photos", "2 videos", "1,000,000 photos": a count with its noun, as every title
/// and status line says it.
public enum Counted {
    public static func text(_ count: Int, _ noun: String = "photo") -> String {
        count == 1 ? "1 \(noun)" : "\(grouped(count)) \(noun)s"
    }

    /// The digits in threes: "1,000,000" (a million photos is read at a glance).
    public static func grouped(_ count: Int) -> String {
        let digits = String(count.magnitude)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return (count < 0 ? "-" : "") + out
    }

    /// What a folder's items are called: the Videos folder holds videos.
    public static func noun(ofGroup groupID: String) -> String {
        groupID == SmartFolder.videos.id ? "video" : "photo"
    }
}
