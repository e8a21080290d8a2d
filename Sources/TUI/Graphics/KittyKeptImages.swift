/// The kitty images the terminal still holds after they left the screen: coming back to a photo
/// then only places it again (`a=p`, a few dozen bytes) instead of sending its megabyte again.
///
/// kitty keeps image data until it is deleted or its storage quota (320 MB) is full, when it
/// evicts the oldest. We keep far fewer than that and free the oldest ourselves (`a=d,d=I`), so
/// kitty never evicts an image we count on.
struct KittyKeptImages {
    /// At most this many images are kept…
    static let maxImages = 24
    /// …holding at most this many bytes as sent.
    static let maxBytes = 120_000_000

    /// Kept images, the least recently shown first, with what each id holds now (a video's
    /// frames come one after the other under one id, each replacing the last).
    private var kept: [(id: UInt32, content: String, bytes: Int)] = []

    /// True when the terminal holds `content` under this id.
    func holds(_ id: UInt32, content: String) -> Bool { kept.contains { $0.id == id && $0.content == content } }

    /// Notes that `content` was shown under `id` (sent as `bytes`, replacing what the id held,
    /// or placed again); returns the ids of older images to free so the limits hold, never one
    /// of `onScreen`.
    mutating func shown(_ id: UInt32, content: String, bytes: Int, onScreen: Set<UInt32>) -> [UInt32] {
        let size = kept.first { $0.id == id && $0.content == content }?.bytes ?? bytes
        kept.removeAll { $0.id == id }
        kept.append((id, content, size))
        var freed: [UInt32] = []
        while kept.count > Self.maxImages || kept.reduce(0, { $0 + $1.bytes }) > Self.maxBytes,
              let oldest = kept.firstIndex(where: { !onScreen.contains($0.id) }) {
            freed.append(kept.remove(at: oldest).id)
        }
        return freed
    }

    /// Forgets every image (they were all deleted).
    mutating func removeAll() {
        kept = []
    }
}
