/// Where a key is pressed: each screen and modal layer has its own bindings.
public enum KeyContext: String, CaseIterable, Sendable {
    case home, group, detail, picker, importProgress, map

    /// The title of the help overlay for this context.
    var helpTitle: String {
        switch self {
        case .home: "Keys — groups"
        case .group: "Keys — photos of a group"
        case .detail: "Keys — photo"
        case .picker: "Keys — import picker"
        case .importProgress: "Keys — import"
        case .map: "Keys — map"
        }
    }
}
