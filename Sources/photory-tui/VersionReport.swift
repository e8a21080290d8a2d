import Library
import TUI

/// What `photory-tui --version` prints: this program's version, then one line per C library it
/// runs on, for bug reports.
enum VersionReport {
    /// The release this source tree is.
    static let number = "0.1.0"

    static var text: String {
        (["photory-tui \(number)"] + (LinkedLibraries.terminal() + LinkedLibraries.imaging()).map(\.description))
            .joined(separator: "\n")
    }
}
