import Fixtures
import Foundation
import Testing
@testable import Library

@Suite struct FileBytesTests {
    @Test func readsWholeFilesAndRefusesHugeOnes() throws {
        let folder = TemporaryFolder()
        let path = folder.write(Data((0..<5000).map { UInt8(truncatingIfNeeded: $0) }), to: "f.bin")
        #expect(try FileBytes.read(path).count == 5000)
        #expect { try FileBytes.read(path, maxBytes: 4096) } throws: { "\($0)".contains("too large") }
        #expect { try FileBytes.read(folder.path + "/none") } throws: { ($0 as? FileBytes.Failure)?.isMissing == true }
    }
}
