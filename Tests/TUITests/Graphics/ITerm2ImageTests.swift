import Foundation
import Testing
@testable import TUI

extension GraphicsTests {
/// iTerm2 inline images parsed back: the arguments, and a payload that decodes to the file sent.
@Suite struct ITerm2ImageTests {
    @Test func theSequenceCarriesTheFileAndItsCells() throws {
        let file: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0] + (0..<5000).map { UInt8(truncatingIfNeeded: $0 * 13) }
        let image = try #require(ITerm2Image(file: file, columns: 60, rows: 20))
        let text = String(decoding: image.encoded(), as: UTF8.self)

        #expect(text.hasPrefix("\u{1B}]1337;File="))
        #expect(text.hasSuffix("\u{7}"))
        let body = text.dropFirst("\u{1B}]1337;File=".count).dropLast()
        let colon = try #require(body.firstIndex(of: ":"))
        var arguments: [String: String] = [:]
        for pair in body[..<colon].split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            arguments[String(parts[0])] = String(parts[1])
        }
        #expect(arguments == ["inline": "1", "size": String(file.count), "width": "60", "height": "20",
                              "preserveAspectRatio": "0"])
        let decoded = try #require(Data(base64Encoded: String(body[body.index(after: colon)...])))
        #expect(Array(decoded) == file)
        #expect(!image.encoded().dropFirst().contains(0x1B), "no ESC inside that could end it early")
    }

    @Test func emptyFilesAndNoCellsAreRefused() {
        #expect(ITerm2Image(file: [], columns: 10, rows: 10) == nil)
        #expect(ITerm2Image(file: [1], columns: 0, rows: 10) == nil)
        #expect(ITerm2Image(file: [1], columns: 10, rows: -1) == nil)
    }
}
}
