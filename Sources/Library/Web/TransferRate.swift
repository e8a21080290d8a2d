import Foundation

/// The speed of a transfer, smoothed: fed (bytes so far, time) samples, it gives bytes per
/// second as an exponential moving average over about `smoothing` seconds, so one burst or
/// stall does not make the figure jump. Shared by the CLI's progress line and the browser's
/// download overlay: "3.4 MB · 1.2 MB/s".
public struct TransferRate: Sendable, Equatable {
    /// The time constant of the average, in seconds.
    public var smoothing: Double
    /// Bytes so far, as last sampled.
    public private(set) var bytes: Int64 = 0
    /// Smoothed bytes per second; nil until two samples some time apart.
    public private(set) var bytesPerSecond: Double?
    private var lastTime: Double?

    public init(smoothing: Double = 2) {
        self.smoothing = max(0.01, smoothing)
    }

    /// Takes a sample: `bytes` received in all by `time` (seconds on any steady clock, such as
    /// `ProcessInfo.systemUptime`). A count that goes down starts over.
    public mutating func add(bytes: Int64, at time: Double) {
        defer {
            self.bytes = bytes
        }
        guard let last = lastTime, bytes >= self.bytes else {
            lastTime = time
            bytesPerSecond = nil
            return
        }
        let elapsed = time - last
        guard elapsed > 0 else { return }
        let instant = Double(bytes - self.bytes) / elapsed
        let weight = 1 - exp(-elapsed / smoothing)
        bytesPerSecond = bytesPerSecond.map { $0 + weight * (instant - $0) } ?? instant
        lastTime = time
    }

    /// "3.4 MB · 1.2 MB/s", or "3.4 MB" while the speed is not known yet.
    public var text: String {
        guard let bytesPerSecond else { return Self.format(bytes: bytes) }
        return Self.format(bytes: bytes) + " · " + Self.format(bytes: Int64(bytesPerSecond.rounded())) + "/s"
    }

    /// Bytes in decimal units: "512 B", "3.4 kB", "12 MB", "1.5 GB" (one decimal below 10).
    public static func format(bytes: Int64) -> String {
        let value = Double(max(0, bytes))
        if value < 1000 { return "\(Int(value)) B" }
        var scaled = value
        for unit in ["kB", "MB", "GB", "TB"] {
            scaled /= 1000
            if scaled < 999.5 || unit == "TB" {
                return scaled < 9.95 ? String(format: "%.1f %@", scaled, unit) : "\(Int(scaled.rounded())) \(unit)"
            }
        }
        return "\(Int(scaled)) TB"
    }
}
