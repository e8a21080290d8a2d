/// One screen on the navigation stack, holding where the user is in it and what belongs to it
/// alone, so going back returns to exactly that place.
enum ScreenFrame: Equatable, Sendable {
    case home(GridCursor)
    case group(GroupFrame)
    case detail(groupID: String, index: Int)

    /// A photo grid's frame, with nothing marked yet.
    static func group(id: String, cursor: GridCursor) -> ScreenFrame { .group(GroupFrame(id: id, cursor: cursor)) }

    var screen: AppState.Screen {
        switch self {
        case .home: .home
        case let .group(frame): .group(id: frame.id)
        case let .detail(groupID, index): .detail(groupID: groupID, index: index)
        }
    }

    /// Whose key bindings apply while this screen shows.
    var keyContext: KeyContext {
        switch self {
        case .home: .home
        case .group: .group
        case .detail: .detail
        }
    }
}

/// A grid of photos on the stack (a group, a folder, search results): the selection and the
/// marks made in it, which go when the grid is left (the photo view opened from it uses them).
struct GroupFrame: Equatable, Sendable {
    var id: String
    var cursor = GridCursor()
    /// The photos marked here.
    var marks: Set<String> = []
    /// Where the last mark was set, for marking a range (`v`).
    var markAnchor: Int?
}
