/// One action as the user sees it: the keys that do it, what help says it does, the word the
/// status bar hints with, and the contexts it works in.
public struct KeyBinding: Equatable, Sendable {
    public var action: Action
    public var keys: [Key]
    /// The help overlay's wording ("open the group").
    public var help: String
    /// The status bar's short wording ("open"), or nil to leave it out of hints.
    public var hint: String?
    public var contexts: Set<KeyContext>

    public init(_ action: Action, _ keys: [Key], help: String, hint: String? = nil, in contexts: Set<KeyContext>) {
        self.action = action
        self.keys = keys
        self.help = help
        self.hint = hint
        self.contexts = contexts
    }
}
