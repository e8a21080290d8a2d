import Foundation
import Testing
@testable import Library

@Suite struct DownloadFolderTests {
    let folder = DownloadFolder(root: "/data/downloads")

    @Test func oneFilePerURLUnderItsHost() {
        let a = folder.path(for: URL(string: "https://Example.org/photos/beach.jpg")!)
        let b = folder.path(for: URL(string: "https://example.org/other/beach.jpg")!)
        #expect(a.hasPrefix("/data/downloads/example.org/") && a.hasSuffix("-beach.jpg"))
        #expect(a != b)   // same name, other URL: the hash prefix keeps them apart
        #expect(a == folder.path(for: URL(string: "https://Example.org/photos/beach.jpg")!))
        #expect(folder.path(for: URL(string: "http://127.0.0.1:8080/x.jpg")!).hasPrefix("/data/downloads/127.0.0.1_8080/"))
    }

    @Test func aServersNamesCannotLeaveTheFolder() {
        for raw in ["http://h/..%2F..%2Fetc%2Fpasswd", "http://h/%2e%2e", "http://h/a%0A%1B[31mred.jpg", "http://h/"] {
            let path = folder.path(for: URL(string: raw)!)
            let name = String(path.dropFirst("/data/downloads/h/".count))
            #expect(path.hasPrefix("/data/downloads/h/"), "\(raw)")
            #expect(!name.contains("/") && !name.contains("\u{1B}") && !name.contains("\n"), "\(raw) → \(name)")
            #expect(name.count > 9, "\(raw) → \(name)")
        }
    }

    @Test func aNameWithoutExtensionGetsTheFormats() {
        let path = folder.path(for: URL(string: "http://h/photo?id=3")!, format: JPEGFormat())
        #expect(path.hasSuffix("-photo.jpg"))
    }
}
