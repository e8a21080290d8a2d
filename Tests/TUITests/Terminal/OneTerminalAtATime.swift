import Testing

/// Every suite that opens a `Terminal` is nested here. ncurses state is global and `Terminal`
/// allows one instance at a time, so these suites run one test after another instead of
/// queueing for the terminal (whose wait gives up after 30 s on a busy machine).
@Suite(.serialized) enum OneTerminalAtATime {}
