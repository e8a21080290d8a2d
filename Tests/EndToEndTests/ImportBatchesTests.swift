import Fixtures
import Foundation
import Testing

/// A long import through the real binary appends its photos in batches to the journal, taking
/// the library lock only for each append: kill -9 keeps every batch written, and a CLI `edit`
/// gets in between instead of waiting for the import to end.
@Suite(.serialized) struct ImportBatchesTests {
    /// Enough files that the import is still running after its first batch on a loaded machine.
    static let count = 1500

    static func writePhotos(_ sandbox: Sandbox, in parent: String? = nil) -> String {
        let folder = (parent ?? sandbox.root.path) + "/many"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for i in 0..<Self.count {
            let jpeg = JPEGFixture.encode(width: 16, height: 12) { x, y in
                (UInt8(i & 0xFF), UInt8((i >> 8) & 0xFF), UInt8((x * 16 + y) & 0xFF))
            }
            FileManager.default.createFile(atPath: folder + String(format: "/%04d.jpg", i), contents: jpeg)
        }
        return folder
    }

    /// `photory-tui import <folder>` started in the background.
    static func startImport(_ folder: String, _ sandbox: Sandbox) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try E2E.binary())
        process.arguments = ["import", folder, "--library", sandbox.library]
        process.environment = sandbox.environment(term: "dumb", colorterm: nil)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Waits (polling, with a deadline) for the journal to hold an import's `photos` line;
    /// returns the paths of the photos in it.
    static func firstPhotosLine(_ sandbox: Sandbox) throws -> [String] {
        var first: [String]?
        if try E2E.eventually(timeout: 60, { first = try writtenBatches(sandbox).first; return first != nil }), let first {
            return first
        }
        Issue.record("no photos line appeared in the journal of \(sandbox.library)")
        throw E2EError("no photos line")
    }

    /// The paths of the photos of each whole `photos` line in the journal now.
    static func writtenBatches(_ sandbox: Sandbox) throws -> [[String]] {
        let journal = String(sandbox.library.dropLast(".json".count)) + ".journal.jsonl"
        let text = (try? String(contentsOfFile: journal, encoding: .utf8)) ?? ""
        var batches: [[String]] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        where line.contains("\"photos\":[") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let photos = try #require(object["photos"] as? [[String: Any]])
            batches.append(photos.compactMap { $0["path"] as? String })
        }
        return batches
    }

    static func listed(_ sandbox: Sandbox) throws -> [[String: Any]] {
        let list = try E2E.cli(["list", "--json", "--library", sandbox.library], sandbox: sandbox)
        #expect(list.status == 0, "\(list.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
    }

    @Test func killedAfterItsFirstBatchTheLibraryKeepsItAndAReimportAddsTheRest() throws {
        let sandbox = Sandbox()
        let folder = Self.writePhotos(sandbox)
        let process = try Self.startImport(folder, sandbox)
        let batch = try Self.firstPhotosLine(sandbox)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal, "killed while importing, not after")

        let kept = try Self.listed(sandbox).compactMap { $0["path"] as? String }
        #expect(!batch.isEmpty && Set(batch).isSubset(of: Set(kept)), "every photo of the written batch is kept")
        #expect(kept.count < Self.count)

        let again = try E2E.cli(["import", folder, "--library", sandbox.library], sandbox: sandbox)
        #expect(again.status == 0, "\(again.stderr)")
        let all = try Self.listed(sandbox)
        #expect(all.count == Self.count)
        #expect(Set(all.compactMap { $0["path"] as? String }).count == Self.count, "no photo twice")
        #expect(Set(all.compactMap { $0["id"] as? String }).count == Self.count, "no photo twice")
    }

    @Test func anEditDuringALongImportIsSavedWithoutWaitingForItsEnd() throws {
        let sandbox = Sandbox()
        let folder = Self.writePhotos(sandbox)
        let process = try Self.startImport(folder, sandbox)
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let photo = try #require(try Self.firstPhotosLine(sandbox).first)

        let edit = try E2E.cli(["edit", photo, "--favourite", "--library", sandbox.library], sandbox: sandbox)
        #expect(edit.status == 0, "\(edit.stderr)")
        #expect(process.isRunning, "the edit was saved while the import still ran")

        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let all = try Self.listed(sandbox)
        #expect(all.count == Self.count)
        #expect(all.filter { $0["favourite"] as? Bool == true }.compactMap { $0["path"] as? String } == [photo],
                "the import's final save keeps the edit made meanwhile")
    }
}
