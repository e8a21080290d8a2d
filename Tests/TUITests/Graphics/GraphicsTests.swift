import Testing

/// Terminal graphics (issue 12): every suite of this folder is nested here, so
/// `swift test --filter Graphics` runs them all.
@Suite struct GraphicsTests {}
