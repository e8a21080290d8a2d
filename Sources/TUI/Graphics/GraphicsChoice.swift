import Foundation
import Library

/// What the user asked for with `--graphics` (or the config file's `graphics` key):
/// `auto` detects the terminal's protocol, anything else forces that protocol.
public enum GraphicsChoice: Sendable, Equatable {
    /// Detect from environment hints and the terminal's replies.
    case auto
    /// Use this protocol whatever the detection says (inside tmux, wrapped for passthrough).
    case forced(GraphicsProtocol)

    /// The accepted values, in the order help text lists them.
    public static let names = ["auto"] + GraphicsProtocol.allCases.map(\.rawValue)

    /// Parses a `--graphics` value: `auto`, `sixel`, `kitty`, `iterm2` or `symbols`, ignoring case and
    /// surrounding blanks. Returns nil for anything else.
    public init?(parsing text: String) {
        let value = text.trimmingCharacters(in: .whitespaces).lowercased()
        if value == "auto" {
            self = .auto
        } else if let graphicsProtocol = GraphicsProtocol(rawValue: value) {
            self = .forced(graphicsProtocol)
        } else {
            return nil
        }
    }

    /// The value as the user would write it (`auto`, `kitty`, …).
    public var name: String {
        switch self {
        case .auto: "auto"
        case .forced(let graphicsProtocol): graphicsProtocol.rawValue
        }
    }

    /// A one-line problem for a value that does not parse, naming the accepted values.
    /// The value is untrusted text: shown without controls or escape sequences, and cut short.
    public static func problem(with text: String) -> String {
        let shown = String(text.strippingControlCharacters.prefix(40))
        return "graphics: '\(shown)' is not one of \(names.joined(separator: ", "))"
    }
}
