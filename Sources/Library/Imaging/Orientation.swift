/// An EXIF orientation (1–8) as what it does to the stored pixels: an optional mirror (left to
/// right) followed by clockwise quarter turns. The eight of them form a group (the symmetries
/// of a rectangle), so a user's rotation composes with the file's own orientation into another
/// EXIF orientation, and a thumbnail made with one orientation turns into another by one
/// more transform (`relative(from:to:)`).
///
///     EXIF  1 2  3 4  5 6 7 8
///     turns 0 0  2 2  3 1 1 3
///     mirror  ×    ×  × × ×
public struct Orientation: Sendable, Hashable, CustomStringConvertible {
    /// Clockwise quarter turns, 0–3, applied after the mirror.
    public var quarterTurns: Int
    /// Mirrored left to right first.
    public var mirrored: Bool

    public init(quarterTurns: Int = 0, mirrored: Bool = false) {
        self.quarterTurns = ((quarterTurns % 4) + 4) % 4
        self.mirrored = mirrored
    }

    public static let upright = Orientation()

    /// EXIF order: (turns, mirrored) of 1…8.
    private static let table: [(Int, Bool)] = [(0, false), (0, true), (2, false), (2, true),
                                               (3, true), (1, false), (1, true), (3, false)]

    /// The orientation of an EXIF value; anything outside 1–8 counts as 1 (as readers do).
    public init(exif: Int) {
        let (turns, mirrored) = (1...8).contains(exif) ? Self.table[exif - 1] : (0, false)
        self.init(quarterTurns: turns, mirrored: mirrored)
    }

    /// The EXIF value, 1–8.
    public var exif: Int {
        Self.table.firstIndex { $0.0 == quarterTurns && $0.1 == mirrored }! + 1
    }

    /// `self` and then `next`, as one orientation. A mirror moved past a turn reverses it:
    /// M·R(k) = R(−k)·M.
    public func then(_ next: Orientation) -> Orientation {
        Orientation(quarterTurns: next.quarterTurns + (next.mirrored ? -quarterTurns : quarterTurns),
                    mirrored: mirrored != next.mirrored)
    }

    /// What undoes `self`.
    public var inverse: Orientation {
        Orientation(quarterTurns: mirrored ? quarterTurns : -quarterTurns, mirrored: mirrored)
    }

    /// The transform that turns pixels shown with `from` into pixels shown with `to`.
    public static func relative(from: Orientation, to: Orientation) -> Orientation {
        from.inverse.then(to)
    }

    /// `self`, then turned `quarterTurns` clockwise (negative: anticlockwise) as the user sees it.
    public func rotated(by quarterTurns: Int) -> Orientation { then(Orientation(quarterTurns: quarterTurns)) }

    /// `self`, then mirrored left to right as the user sees it.
    public var flipped: Orientation { then(Orientation(mirrored: true)) }

    /// Width and height swap (a quarter or three-quarter turn).
    public var swapsSides: Bool { quarterTurns % 2 == 1 }

    /// In the order a user would do it: "rotated 90°", "rotated 90°, flipped" (turned, then
    /// mirrored: M·R(k) is R(−k)·M), "flipped", "upright".
    public var description: String {
        let turns = mirrored ? (4 - quarterTurns) % 4 : quarterTurns
        switch (turns, mirrored) {
        case (0, false): return "upright"
        case (0, true): return "flipped"
        default: return "rotated \(turns * 90)°" + (mirrored ? ", flipped" : "")
        }
    }
}
