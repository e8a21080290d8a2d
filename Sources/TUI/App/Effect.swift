/// Work `update` asks the run loop to do; its results come back as `Msg`s.
public enum Effect: Equatable, Sendable {
    case listFolder(String)
    case startImport([String])
    case cancelImport
    case reloadLibrary
    /// Save what the browser remembers between runs.
    case remember(RememberedState)
}
