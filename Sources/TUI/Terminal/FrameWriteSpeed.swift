/// How fast frames reach the terminal, learned from the frames drawn: the bytes each wrote, the
/// cells it changed and the seconds drawing it took. It answers whether a frame of so many cells
/// would be drawn within a time slot (the opening animation asks before each of its frames).
///
/// Locally a frame takes a millisecond or two. Over a slow link (SSH over a thin line) writing
/// blocks once the buffers on the way are full, and a large frame takes as long as the link needs
/// to carry it; that time is what is learned. Frames too small to tell (a cursor move, a status
/// line) are not counted for the speed; the first frames over a slow link may vanish into the
/// buffers and look fast, so a frame that then takes longer than its slot ends the animation at
/// the next one.
struct FrameWriteSpeed: Equatable {
    /// Frames of fewer bytes say more about scheduling than about the link.
    static let minimumSampleBytes = 8_192
    /// How many of the last large frames the speed is taken from.
    static let samplesKept = 8

    /// The last large frames: bytes written, and the seconds drawing them took.
    private(set) var samples: [(bytes: Int, seconds: Double)] = []
    /// Bytes a changed cell costs (cursor moves, colours and the glyph), learned from frames of
    /// many cells; 24 until then (a 256-colour cell of character art).
    private(set) var bytesPerCell = 24.0

    static func == (a: FrameWriteSpeed, b: FrameWriteSpeed) -> Bool {
        a.bytesPerCell == b.bytesPerCell && a.samples.elementsEqual(b.samples) { $0 == $1 }
    }

    /// One frame drawn: `bytes` written in `seconds`, `imageBytes` of them pixel images and the
    /// rest for `cells` changed cells.
    mutating func record(bytes: Int, cells: Int, seconds: Double, imageBytes: Int = 0) {
        let cellBytes = bytes - imageBytes
        if cells >= 100, cellBytes > 0 {
            bytesPerCell = (bytesPerCell + Double(cellBytes) / Double(cells)) / 2
        }
        guard bytes >= Self.minimumSampleBytes, seconds > 0 else { return }
        samples.append((bytes, seconds))
        if samples.count > Self.samplesKept { samples.removeFirst(samples.count - Self.samplesKept) }
    }

    /// Bytes a second over the last large frames (all their bytes over all their time, so one
    /// slow frame weighs as much as the time it took); nil before the first.
    var bytesPerSecond: Double? {
        let seconds = samples.reduce(0) { $0 + $1.seconds }
        guard seconds > 0 else { return nil }
        return Double(samples.reduce(0) { $0 + $1.bytes }) / seconds
    }

    /// The seconds a frame changing `cells` cells is expected to take; 0 when nothing is known yet.
    func seconds(forCells cells: Int) -> Double {
        guard let speed = bytesPerSecond else { return 0 }
        return Double(cells) * bytesPerCell / speed
    }

    /// Whether a frame changing `cells` cells is expected to be drawn within `slot` seconds.
    func fits(cells: Int, within slot: Double) -> Bool {
        seconds(forCells: cells) <= slot
    }

    /// Whether `bytes` (a video's pixel frame) are expected to be written within `slot` seconds;
    /// true while nothing is known yet.
    func fits(bytes: Int, within slot: Double) -> Bool {
        guard let speed = bytesPerSecond else { return true }
        return Double(bytes) / speed <= slot
    }
}
