import Fixtures
import Foundation
import Testing
@testable import Library

@Suite struct LibraryPathsTests {
    @Test func absolutePathsAreCleanedWithoutResolvingSymlinks() throws {
        #expect(LibraryPaths.absolute("/a/./b/../c//d/") == "/a/c/d")
        #expect(LibraryPaths.absolute("/..") == "/")
        let folder = TemporaryFolder()
        let target = folder.file("real/x")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/link", withDestinationPath: folder.path + "/real")
        _ = target
        #expect(LibraryPaths.absolute(folder.path + "/link/x") == folder.path + "/link/x")
    }

    @Test func xdgFoldersWithFallbacks() {
        #expect(LibraryPaths.defaultLibraryFile(environment: ["XDG_DATA_HOME": "/d", "HOME": "/h"]) == "/d/photory/library.json")
        #expect(LibraryPaths.defaultLibraryFile(environment: ["HOME": "/h"]) == "/h/.local/share/photory/library.json")
        #expect(LibraryPaths.defaultLibraryFile(environment: ["XDG_DATA_HOME": "relative", "HOME": "/h"])
                == "/h/.local/share/photory/library.json")
        #expect(LibraryPaths.defaultCacheFolder(environment: ["HOME": "/h"]) == "/h/.cache/photory")
    }
}
