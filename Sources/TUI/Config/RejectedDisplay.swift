/// How the grids show rejected photos (`rejected` in `config.toml`): dimmed, or left out (the
/// Rejected smart folder shows them either way).
public enum RejectedDisplay: String, Sendable, CaseIterable {
    case dim, hide
}
