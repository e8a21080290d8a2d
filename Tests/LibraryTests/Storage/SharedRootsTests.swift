import Testing
@testable import Library

/// `[roots]` (issue 26): paths under a shared root stored as the root and the path inside it,
/// read back under this machine's folder; everything else left as it is.
@Suite struct SharedRootsTests {
    let laptop = SharedRoots(["photos": "/mnt/nas/photos/", "scans": "/mnt/nas/photos/scans", "odd": "/mnt/a \"b\""])

    @Test func aPathUnderARootIsStoredAsTheRootAndTheRestAndReadBackHere() {
        #expect(laptop.stored(path: "/mnt/nas/photos/2021/a.jpg") == "root:photos/2021/a.jpg")
        #expect(laptop.stored(path: "/mnt/nas/photos/scans/b.jpg") == "root:scans/b.jpg", "the inner root wins")
        #expect(laptop.stored(path: "/mnt/nas/photosynthesis/c.jpg") == "/mnt/nas/photosynthesis/c.jpg", "only whole folders")
        #expect(laptop.stored(path: "/home/anna/d.jpg") == "/home/anna/d.jpg")
        let nas = SharedRoots(["photos": "/volume1/photos"])
        #expect(nas.local(path: "root:photos/2021/a.jpg") == "/volume1/photos/2021/a.jpg")
        #expect(nas.local(path: "root:scans/b.jpg") == "root:scans/b.jpg", "a root this machine does not name stays")
        #expect(SharedRoots.unmappedRoot(of: "root:scans/b.jpg") == "scans")
        #expect(SharedRoots.unmappedNote(["root:scans/b.jpg", "root:scans/c.jpg", "/x.jpg"])?
            .hasPrefix("photos under the shared root \"scans\" (2 photos) show as missing") == true)
        #expect(SharedRoots.unmappedNote(["/x.jpg"]) == nil)
    }

    @Test func recordsMapEveryPathTheyHoldAndNoOtherText() {
        let record = #"{"path":"/mnt/nas/photos/2021/a.jpg","description":"see \"/mnt/nas/photos/x\"","#
            + #""trashedFrom":"/mnt/nas/photos/scans/b.jpg","other":"/mnt/nas/photosynthesis","odd":"/mnt/a \"b\"/c.jpg"}"#
        let stored = String(decoding: laptop.stored(json: Array(record.utf8)), as: UTF8.self)
        #expect(stored == #"{"path":"root:photos/2021/a.jpg","description":"see \"/mnt/nas/photos/x\"","#
            + #""trashedFrom":"root:scans/b.jpg","other":"/mnt/nas/photosynthesis","odd":"root:odd/c.jpg"}"#)
        #expect(String(decoding: laptop.local(json: Array(stored.utf8)), as: UTF8.self) == record)
        let nas = SharedRoots(["photos": "/volume1/photos"])
        #expect(String(decoding: nas.local(json: Array(stored.utf8)), as: UTF8.self)
            == #"{"path":"/volume1/photos/2021/a.jpg","description":"see \"/mnt/nas/photos/x\"","#
            + #""trashedFrom":"root:scans/b.jpg","other":"/mnt/nas/photosynthesis","odd":"root:odd/c.jpg"}"#)
        #expect(SharedRoots().stored(json: Array(record.utf8)) == Array(record.utf8), "no roots: untouched")
    }
}
