import Foundation
import Library

/// A one-line progress bar on stderr, drawn only when stderr is a terminal, at most ten
/// times a second; downloads add the bytes received and the speed ("3.4 MB · 1.2 MB/s").
final class ProgressBar: Sendable {
    private let enabled = isatty(STDERR_FILENO) == 1

    private struct Drawing {
        var lastDraw: TimeInterval = 0
        var drawn = false
        var rate = TransferRate()
    }

    private let drawing = Locked(Drawing())

    func update(_ progress: ImportProgress) {
        guard enabled else { return }
        drawing.withLock { drawing in
            let now = ProcessInfo.processInfo.systemUptime
            // Only web phases count bytes received (and the end of a web import).
            if [.feeds, .thumbnails, .photos].contains(progress.phase) || (progress.phase == .finished && drawing.rate.bytes > 0) {
                drawing.rate.add(bytes: progress.bytesDone, at: now)
            }
            guard now - drawing.lastDraw >= 0.1 || progress.phase == .finished else { return }
            drawing.lastDraw = now
            let name = progress.currentFile.map { ($0 as NSString).lastPathComponent.strippingControlCharacters } ?? ""
            var line = progress.stage
            if progress.isCounting {
                let bar = progress.bar(width: 30)
                let bytes = drawing.rate.bytes > 0 ? "  " + drawing.rate.text : ""
                line = bar.filled + bar.empty + "  " + line + bytes + "  " + String(name.prefix(40))
            }
            FileHandle.standardError.write(Data("\r\u{1B}[2K\(line)".utf8))
            drawing.drawn = true
        }
    }

    /// Erases the bar so the summary starts on a clean line.
    func clear() {
        drawing.withLock { drawing in
            if drawing.drawn { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
            drawing.drawn = false
        }
    }
}
