import Foundation
import FuzzHarness
import Testing

/// Replays every input the fuzzers once crashed on (`Inputs/<target>/<file>`), and every seed
/// the fuzzers start from (`Fuzz/Seeds/<target>/<file>`, so the replay is never empty), through
/// the same code the fuzzer drove: each must run to the end. The fixes themselves have their own
/// behaviour tests beside the code they fixed.
@Suite struct FuzzRegressionTests {
    /// One committed input and the target it belongs to.
    struct Input: CustomTestStringConvertible, Sendable {
        var target: FuzzTarget
        var path: String
        var testDescription: String { "\(target.rawValue)/\((path as NSString).lastPathComponent)" }
    }

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Inputs").path

    static let seeds = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz/Seeds").path

    static let inputs: [Input] = FuzzTarget.allCases.flatMap { target in
        [folder, seeds].flatMap { root in
            let sub = root + "/" + target.rawValue
            let names = (try? FileManager.default.contentsOfDirectory(atPath: sub)) ?? []
            return names.filter { !$0.hasPrefix(".") && $0 != "README.md" }.sorted()
                .map { Input(target: target, path: sub + "/" + $0) }
        }
    }

    @Test("a crash input found by a fuzzer no longer crashes", arguments: inputs)
    func replays(_ input: Input) throws {
        let bytes = try #require(FileManager.default.contents(atPath: input.path))
        input.target.run(Array(bytes))
    }

    @Test("every input folder belongs to a fuzz target, so none is silently skipped")
    func foldersNameTargets() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.folder)
            .filter { !$0.hasPrefix(".") && $0 != "README.md" }
        for name in folders {
            #expect(FuzzTarget(rawValue: name) != nil, "Inputs/\(name) is not a fuzz target")
        }
    }
}
