/// Why text typed as coordinates was not accepted; ``description`` says what to fix (it is
/// shown under the location field and by the CLI).
public enum CoordinateParseError: Error, Equatable, CustomStringConvertible {
    case empty
    /// Only one coordinate was given.
    case missingLongitude
    /// More than a latitude and a longitude.
    case tooManyCoordinates
    case latitudeOutOfRange(Double)
    case longitudeOutOfRange(Double)
    case minutesOutOfRange(Double)
    case secondsOutOfRange(Double)
    /// Text that is not a number, a unit (° ' ") or a hemisphere (N S E W).
    case unexpected(String)
    /// Both coordinates say N or S.
    case twoLatitudes
    /// Both coordinates say E or W.
    case twoLongitudes
    /// A coordinate has both a minus sign and a hemisphere letter.
    case signAndHemisphere
    /// Degrees or minutes with decimals followed by more numbers ("22.5°30'").
    case decimalsBeforeLast

    public var description: String {
        switch self {
        case .empty:
            "type a latitude and a longitude, e.g. -22.9068, -43.1729 or 22°54'24\"S 43°10'22\"W"
        case .missingLongitude:
            "missing longitude: type it after the latitude, e.g. -22.9068, -43.1729"
        case .tooManyCoordinates:
            "more than two coordinates: type one latitude and one longitude"
        case let .latitudeOutOfRange(value):
            "latitude \(Self.number(value)) is out of range: it must be between -90 and 90"
        case let .longitudeOutOfRange(value):
            "longitude \(Self.number(value)) is out of range: it must be between -180 and 180"
        case let .minutesOutOfRange(value):
            "minutes must be under 60 (found \(Self.number(value)))"
        case let .secondsOutOfRange(value):
            "seconds must be under 60 (found \(Self.number(value)))"
        case let .unexpected(text):
            "unexpected \"\(text)\": use numbers, ° ' \" and N, S, E or W"
        case .twoLatitudes:
            "both coordinates say N or S: the longitude needs E or W"
        case .twoLongitudes:
            "both coordinates say E or W: the latitude needs N or S"
        case .signAndHemisphere:
            "a coordinate has both a minus sign and a hemisphere letter: use one of them"
        case .decimalsBeforeLast:
            "only the last number of a coordinate may have decimals (e.g. 22°54.408' or 22°54'24.5\")"
        }
    }

    /// `value` without a needless ".0".
    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
