/// What the mouse did, at which cell (0-based, from the top-left corner of the screen), as
/// `MouseReader` makes it of the terminal's reports. The screens act on it through
/// `AppState.handleMouse` (click selects, double-click opens, the wheel scrolls).
public struct MouseEvent: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// The left button pressed and released on the same cell.
        case click
        /// A second click on the same cell soon after the first (`MouseReader.doubleClickInterval`).
        case doubleClick
        case wheelUp, wheelDown
    }

    public var kind: Kind
    public var x: Int
    public var y: Int

    public init(_ kind: Kind, x: Int, y: Int) {
        self.kind = kind
        self.x = x
        self.y = y
    }
}
