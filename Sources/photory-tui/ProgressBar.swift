import Foundation
import Library

/// A one-line progress bar on stderr, drawn only when stderr is a terminal, at most ten
/// times a second; downloads add the bytes received and the speed ("3.4 MB · 1.2 MB/s").
final class ProgressBar: @unchecked Sendable {
    private let lock = NSLock()
    private let enabled = isatty(STDERR_FILENO) == 1
    private var lastDraw: TimeInterval = 0
    private var drawn = false
    private var rate = TransferRate()

    func update(_ progress: ImportProgress) {
        guard enabled else { return }
        lock.withLock {
            let now = ProcessInfo.processInfo.systemUptime
            // Only web phases count bytes received (and the end of a web import).
            if [.feeds, .thumbnails, .photos].contains(progress.phase) || (progress.phase == .finished && rate.bytes > 0) {
                rate.add(bytes: progress.bytesDone, at: now)
            }
            guard now - lastDraw >= 0.1 || progress.phase == .finished else { return }
            lastDraw = now
            let name = progress.currentFile.map { ($0 as NSString).lastPathComponent.strippingControlCharacters } ?? ""
            var line = progress.stage
            if progress.isCounting {
                let bar = progress.bar(width: 30)
                let bytes = rate.bytes > 0 ? "  " + rate.text : ""
                line = bar.filled + bar.empty + "  " + line + bytes + "  " + String(name.prefix(40))
            }
            FileHandle.standardError.write(Data("\r\u{1B}[2K\(line)".utf8))
            drawn = true
        }
    }

    /// Erases the bar so the summary starts on a clean line.
    func clear() {
        lock.withLock {
            if drawn { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
            drawn = false
        }
    }
}
