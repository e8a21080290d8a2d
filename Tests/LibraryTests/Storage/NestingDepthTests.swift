import Fixtures
import Foundation
import Testing
@testable import Library

/// A library file holding a value nested far deeper than any library needs (a damaged or
/// hostile file) is reported like any other damage, with its line and column, and left as it
/// was: it used to overflow the stack of the recursive readers and crash every command.
@Suite struct NestingDepthTests {
    static let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)

    /// Where the deep value sits, and the library text holding it there.
    static let libraries = [
        "under a top-level key": "{\"schemaVersion\":2,\n\"future\":\(deep),\"photos\":[]}",
        "under a photo's key": "{\"schemaVersion\":2,\"photos\":[\n{\"id\":\"a\",\"future\":\(deep)}]}",
        "as nested objects": "{\"schemaVersion\":2,\"photos\":[],\n\"future\":"
            + String(repeating: "{\"k\":", count: 100_000) + "1" + String(repeating: "}", count: 100_000) + "}",
    ]

    @Test("an unknown key holding 100,000 nested values is damage with a line and column, not a crash",
          arguments: libraries.keys.sorted())
    func deepValueIsReported(_ place: String) throws {
        let text = try #require(Self.libraries[place])
        let folder = TemporaryFolder()
        let path = folder.write(Data(text.utf8), to: "library.json")
        let store = LibraryStore(path: path)
        do {
            _ = try store.load()
            Issue.record("a library nested 100,000 deep was read")
        } catch {
            #expect(error.description.contains("cannot read the library file \(path)"))
            #expect(error.description.contains("nested more than \(JSONScanner.maxDepth) deep at line 2, column"))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(text.utf8))
    }

    @Test func nestingUpToTheLimitIsRead() throws {
        let inner = JSONScanner.maxDepth - 1   // the top-level object is one level
        let text = "{\"schemaVersion\":2,\"photos\":[],\"future\":" + String(repeating: "[", count: inner)
            + String(repeating: "]", count: inner) + "}"
        let folder = TemporaryFolder()
        #expect(try LibraryStore(path: folder.write(Data(text.utf8), to: "library.json")).load().photos.isEmpty)
    }
}
