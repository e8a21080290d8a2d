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

    @Option(name: .long, help: ArgumentHelp(
        "Measure only these sections, comma-separated: "
            + Benchmark.Section.allCases.map(\.rawValue).joined(separator: ", ") + ".",
        valueName: "sections"))
    var only: String?

    func validate() throws {
        let wanted = try sections()
        // Only the start-up, search, edit and web figures do without photos.
        guard path != nil || wanted.isSubset(of: Benchmark.Section.photoFree) else {
            throw ValidationError("""
                bench needs a folder of JPEG photos to measure, e.g. `photory-tui bench ~/Pictures` \
                (`make bench` passes ../shared/photos/real, or PHOTOS=folder); \
                `--only startup,search,edits,web,feeds,postgres` needs none
                """)
        }
    }

    /// The sections `--only` names (all without it).
    func sections() throws -> Set<Benchmark.Section> {
        guard let only else { return Set(Benchmark.Section.allCases) }
        return Set(try only.split(separator: ",").map { name in
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            guard let section = Benchmark.Section(rawValue: trimmed) else {
                throw ValidationError("unknown section '\(trimmed)' for --only")
            }
            return section
        })
    }

    func run() throws {
        let path = path ?? ""   // only start-up, search and edits run without one (see validate())
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        do {
            try Benchmark(photosPath: path, librarySize: max(1, librarySize), executable: executable,
                          sections: try sections()).run()
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
