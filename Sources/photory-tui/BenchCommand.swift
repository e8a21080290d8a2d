import ArgumentParser
import Foundation
import PhotoryBench

/// `photory-tui bench [PATH] [--library-size N]`: speed and memory figures (see PhotoryBench).
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure speed and memory on a folder of JPEGs (temporary files only; build with -c release).")

    @Argument(help: ArgumentHelp("Folder of JPEG photos (searched recursively).", valueName: "path"))
    var path: String = "../shared/photos/real"

    @Option(name: .long, help: ArgumentHelp("Photos in the synthetic library for the start-up figure.", valueName: "n"))
    var librarySize: Int = 100_000

    @Flag(name: .long, help: "Only the figures of the other formats (HEIC, PNG, WebP).")
    var formats = false

    func run() throws {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        do {
            let benchmark = Benchmark(photosPath: path, librarySize: max(1, librarySize), executable: executable)
            benchmark.formatsOnly = formats
            try benchmark.run()
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
