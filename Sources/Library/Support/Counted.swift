/// "1 photo", "3 photos", "2 videos": a count with its noun, as every title and status line says it.
public enum Counted {
    public static func text(_ count: Int, _ noun: String = "photo") -> String {
        count == 1 ? "1 \(noun)" : "\(count) \(noun)s"
    }

    /// What a folder's items are called: the Videos folder holds videos.
    public static func noun(ofGroup groupID: String) -> String {
        groupID == SmartFolder.videos.id ? "video" : "photo"
    }
}
