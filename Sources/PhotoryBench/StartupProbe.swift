import Foundation
import Library
import TUI

/// What the child process of the start-up benchmark does: load the library, build the app
/// state at 160×48, draw the first frame into a headless terminal, and report its own times
/// and peak memory as one line of `key=value` pairs.
public enum StartupProbe {
    public static let columns = 160
    public static let rows = 48

    /// Runs the probe; `entered` is `now()` taken when the command started running.
    public static func run(libraryPath: String, entered: Double) throws -> String {
        let start = Measure.now()
        let library = try LibraryStore(path: libraryPath).load()
        let loaded = Measure.now()
        let state = AppState(library: library, columns: columns, rows: rows, colorMode: .truecolor,
                             startFolder: NSTemporaryDirectory(), homeFolder: NSTemporaryDirectory())
        let terminal = try Terminal(headlessColumns: columns, rows: rows, colorModeOverride: .truecolor)
        _ = state.wantedPreviews()   // the run loop asks for previews before the first draw
        terminal.draw(AppView.render(state))
        let drawn = Measure.now()
        let sinceExec = millisecondsSinceExec()
        terminal.restore()
        return "photos=\(library.photos.count) groups=\(library.groups.count)"
            + " load_ms=\(loaded - start) frame_ms=\(drawn - loaded) first_frame_from_run_ms=\(drawn - entered)"
            + " since_exec_ms=\(sinceExec.map { String($0) } ?? "nan") peak_kb=\(peakKilobytes())"
    }

    /// This process's peak resident memory: VmHWM from /proc/self/status. Not `ru_maxrss`,
    /// which Linux carries over from the parent when it spawns with vfork (the bench, holding
    /// a large library itself, would be measured instead of the probe).
    static func peakKilobytes() -> Int {
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
           let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
           let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") {
            return kilobytes
        }
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss
    }

    /// Milliseconds since this process was started by the kernel (/proc/self/stat starttime,
    /// clock-tick resolution, usually 10 ms), or nil when it cannot be read.
    static func millisecondsSinceExec() -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        // Fields after "(comm)": state is field 3; starttime is field 22.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 19, let ticks = Double(fields[19]) else { return nil }
        var boot = timespec()
        clock_gettime(CLOCK_BOOTTIME, &boot)
        let nowMs = Double(boot.tv_sec) * 1000 + Double(boot.tv_nsec) / 1e6
        return nowMs - ticks * 1000 / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Monotonic milliseconds, for the caller to note when `main` was entered.
    public static func now() -> Double { Measure.now() }
}
