import Foundation
import Testing
@testable import Library

/// A photo's sidecar names (`photo.jpg.xmp`, `photo.xmp`), worked out from the path's bytes
/// (a rescan asks them of every file) exactly as Foundation's `deletingPathExtension` would.
@Suite struct SidecarPathsTests {
    @Test(arguments: ["/a/b.jpg", "/a/b", "/a/.b", "/a/b.", "/a/b.c d", "/a/b..jpg", "/a.b/c", "/a//b.jpg",
                      "/a/b.jpg/", "a.jpg", "/a/b.tar.gz", "/a/é.JPG", "/a/b.ü", "/a/ .x", "/a/b.j/g", "/", "", "b.jpg",
                      "/photos/IMG_0001.CR2", "/a/..", "..", "/a/...", "/a/..b", "/a/a..", "/a/.b.c"])
    func theBaseIsFoundationsWithoutItsCost(path: String) {
        #expect(XMPFacts.deletingExtension(path) == (path as NSString).deletingPathExtension)
    }

    @Test func aPhotoHasBothSidecarNamesAFileWithoutExtensionOne() {
        #expect(XMPFacts.sidecarPaths(forPhoto: "/p/IMG_1.CR2") == ["/p/IMG_1.CR2.xmp", "/p/IMG_1.xmp"])
        #expect(XMPFacts.sidecarPaths(forPhoto: "/p/scan") == ["/p/scan.xmp"])
    }
}
