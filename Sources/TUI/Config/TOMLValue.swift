/// A value from the config file: the part of TOML a settings file needs.
public enum TOMLValue: Equatable, Sendable {
    case string(String)
    case integer(Int)
    case float(Double)
    case bool(Bool)
    case array([TOMLValue])
    /// An inline table, `{ key = value, … }` (web headers, issue 24).
    case table([String: TOMLValue])

    /// What the value is, for messages ("expected a string, found an integer").
    var kind: String {
        switch self {
        case .string: "a string"
        case .integer: "an integer"
        case .float: "a number"
        case .bool: "true or false"
        case .array: "a list"
        case .table: "a table"
        }
    }
}
