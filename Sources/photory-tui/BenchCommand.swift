import ArgumentParser
import Foundation
import PhotoryBench

/// `photory-tui bench PATH [--library-size N]`: speed and memory figures (see PhotoryBench).
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure speed and memory on a folder of JPEGs (temporary files only; build with -c release).")

    @Argument(help: ArgumentHelp("Folder of JPEG photos (searched recursively).", valueName: "path"))
    var path: String?

    @Option(name: .long, help: ArgumentHelp("Photos in the synthetic library for the start-up figure.", valueName: "n"))
    var librarySize: Int = 100_000

    func validate() throws {
        guard path != nil else {
            throw ValidationError("""
                bench needs a folder of JPEG photos to measure, e.g. `photory-tui bench ~/Pictures` \
                (`make bench` passes ../shared/photos/real, or PHOTOS=folder)
                """)
        }
    }

    func run() throws {
        guard let path else { return }   // refused by validate()
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        do {
            try Benchmark(photosPath: path, librarySize: max(1, librarySize), executable: executable).run()
        } catch {
            FileHandle.standardError.write(Data("photory-tui bench: \(error)\n".utf8))
            throw ExitCode.failure
        }
    }
}

/// The child process of the start-up figure: `photory-tui bench-startup --library FILE` (hidden).
struct BenchStartupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-startup", abstract: "Load a library and draw the first frame headless (for bench).",
        shouldDisplay: false)

    @Option(name: .long) var library: String

    func run() throws {
        let entered = StartupProbe.now()
        print(try StartupProbe.run(libraryPath: library, entered: entered))
    }
}
