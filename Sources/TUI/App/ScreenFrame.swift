/// One screen on the navigation stack, holding where the user is in it, so going back
/// returns to exactly that place.
enum ScreenFrame: Equatable, Sendable {
    case home(GridCursor)
    case group(id: String, cursor: GridCursor)
    case detail(groupID: String, index: Int)

    var screen: AppState.Screen {
        switch self {
        case .home: .home
        case let .group(id, _): .group(id: id)
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
