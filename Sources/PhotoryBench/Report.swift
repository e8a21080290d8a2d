import Foundation

/// The printed report: sections, and one aligned line per figure with its target.
struct Report {
    enum Target {
        /// The median must be at most this.
        case below(Double)
        /// The median must be at least this.
        case atLeast(Double)
    }

    private(set) var misses: [String] = []
    private(set) var hits: [String] = []
    let write: (String) -> Void

    init(write: @escaping (String) -> Void) { self.write = write }

    static let whatWidth = 64

    func section(_ title: String) {
        write("")
        write("── \(title) " + String(repeating: "─", count: max(0, 100 - title.count)))
        write(Self.pad("", Self.whatWidth) + Self.left("median", 10) + Self.left("worst", 10) + "  "
              + Self.pad("unit", 9) + "target")
    }

    func note(_ text: String) { write("   · " + text) }

    mutating func row(_ what: String, median: Double, worst: Double?, unit: String, target: Target? = nil,
                      decimals: Int? = nil) {
        let places = decimals ?? (unit == "ms" ? (median < 10 ? 2 : 1) : (median < 100 ? 1 : 0))
        var line = Self.pad(what, Self.whatWidth) + Self.left(Self.format(median, places), 10)
            + Self.left(worst.map { Self.format($0, places) } ?? "—", 10) + "  " + Self.pad(unit, 9)
        if let target {
            let (text, met, worstMet): (String, Bool, Bool)
            switch target {
            case let .below(limit):
                text = "< \(Self.format(limit, limit < 1 ? 2 : limit == limit.rounded() ? 0 : 1))"
                met = median < limit
                worstMet = worst.map { $0 < limit } ?? true
            case let .atLeast(limit):
                text = "≥ \(Self.format(limit, 0))"
                met = median >= limit
                worstMet = worst.map { $0 >= limit } ?? true
            }
            line += Self.pad(text, 9) + (met ? "✓" : "✗") + (met && !worstMet ? " (worst ✗)" : "")
            if met { hits.append(what) } else { misses.append(what) }
        }
        write(line)
    }

    static func format(_ value: Double, _ places: Int) -> String {
        value.isNaN ? "n/a" : String(format: "%.\(places)f", value)
    }

    /// Pads by characters (the report uses ×, ✓ and friends, one column each).
    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }

    static func left(_ text: String, _ width: Int) -> String {
        text.count >= width ? " " + text : String(repeating: " ", count: width - text.count) + text
    }
}
