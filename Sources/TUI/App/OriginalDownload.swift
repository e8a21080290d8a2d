import Library

/// A web photo's original on its way for the detail view, or why it did not come.
struct OriginalDownload: Equatable, Sendable {
    var transfer = WebTransfer(received: 0, expected: nil)
    var failure: String?

    /// "Downloading the original… 45%  1.5 MB of 3.4 MB", or the failure.
    var line: String {
        if let failure { return "Could not download the original: " + failure }
        guard transfer.received > 0 else { return "Downloading the original…" }
        let received = TransferRate.format(bytes: transfer.received)
        guard let expected = transfer.expected, expected > 0 else {
            return "Downloading the original… " + received
        }
        let percent = Int(Double(transfer.received) / Double(expected) * 100)
        return "Downloading the original… \(min(100, percent))%  \(received) of \(TransferRate.format(bytes: expected))"
    }
}
