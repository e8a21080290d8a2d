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

    /// Kept images, the least recently shown first.
    private var kept: [(id: UInt32, bytes: Int)] = []

    /// True when the terminal holds the image with this id.
    func holds(_ id: UInt32) -> Bool { kept.contains { $0.id == id } }

    /// Notes that the image `id` was shown (sent as `bytes`, or placed again); returns the ids of
    /// older images to free so the limits hold, never one of `onScreen`.
    mutating func shown(_ id: UInt32, bytes: Int, onScreen: Set<UInt32>) -> [UInt32] {
        let size = kept.first { $0.id == id }?.bytes ?? bytes
        kept.removeAll { $0.id == id }
        kept.append((id, size))
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
