import Library

/// A place marked on the map: the photo on screen (``Emphasis/main``) or the other marked or
/// group photos (``Emphasis/other``).
public struct MapPin: Hashable, Sendable {
    public enum Emphasis: Hashable, Sendable {
        /// Bright, drawn over everything; an arrow at the edge when outside the view. Its
        /// coordinates (and label) are shown in the corner.
        case main
        /// Dimmer; not drawn when outside the view.
        case other
    }

    public var latitude: Double
    public var longitude: Double
    public var emphasis: Emphasis
    /// Shown before the main pin's coordinates ("near Rio de Janeiro, BR"); untrusted text is
    /// cleaned when drawn.
    public var label: String?

    public init(_ position: GPSPosition, emphasis: Emphasis = .other, label: String? = nil) {
        latitude = position.latitude
        longitude = position.longitude
        self.emphasis = emphasis
        self.label = label
    }

    public var position: GPSPosition { GPSPosition(latitude: latitude, longitude: longitude) }
}
