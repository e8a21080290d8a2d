import Foundation
import Library
import Testing
@testable import TUI

/// Folder trees and the search index are built on the job scheduler: a newer build cancels the
/// one running, which stops at its next look at its token instead of running to the end, and
/// only the newest is delivered (issue 19, point 4).
@Suite struct DerivedBuildsTests {
    /// What the builds posted, as the run loop's inbox would get it.
    final class Posted: Sendable {
        private let messages = Locked<[Msg]>([])
        let probe = JobProbe()

        func post(_ msg: Msg) {
            messages.withLock { $0.append(msg) }
            switch msg {
            case let .treeBuilt(_, kind, revision): probe.record("tree \(kind) \(revision) posted")
            case let .searchIndexBuilt(_, revision): probe.record("index \(revision) posted")
            default: break
            }
        }
    }

    /// Builds whose first one (`held`) waits until it is cancelled, as a long build of a large
    /// library would still be running when the next is asked for.
    private static func builds(_ scheduler: JobScheduler, _ posted: Posted, held: String) -> DerivedBuilds {
        let probe = posted.probe
        return DerivedBuilds(scheduler: scheduler, makeTree: { library, kind, token in
            let name = "tree \(kind)"
            probe.record(name + " started")
            if name == held {
                JobProbe.waitForCancel(token)
                probe.record(name + " cancelled")
                return nil
            }
            return FolderTree(library: library, kind: kind)
        }, makeIndex: { library, token in
            probe.record("index started")
            if held == "index", !probe.recorded.contains("index cancelled") {
                JobProbe.waitForCancel(token)
                probe.record("index cancelled")
                return nil
            }
            return SearchIndex(library: library)
        }, post: posted.post)
    }

    @Test func aNewerTreeCancelsTheOneBeingBuilt() {
        let scheduler = JobScheduler()
        defer { scheduler.shutdown() }
        let posted = Posted()
        let builds = Self.builds(scheduler, posted, held: "tree date")
        let library = TestLibrary.standard()
        builds.buildTree(library, .date, askedAt: 1)
        #expect(posted.probe.wait(for: "tree date started"))
        builds.buildTree(library, .camera, askedAt: 2)
        #expect(posted.probe.wait(for: "tree camera 2 posted"))
        let idle = DispatchSemaphore(value: 0)
        builds.whenIdle { idle.signal() }
        #expect(idle.wait(timeout: .now() + 30) == .success)
        let events = posted.probe.recorded
        #expect(events.contains("tree date cancelled"))
        #expect(!events.contains("tree date 1 posted"), "the stale tree is never delivered")
        #expect(events.firstIndex(of: "tree date cancelled")! < events.firstIndex(of: "tree camera started")!,
                "one tree build at a time: the newer starts when the stale one stopped")
    }

    @Test func aNewerIndexCancelsTheOneBeingBuiltAndATreeRunsBesideIt() {
        let scheduler = JobScheduler()
        defer { scheduler.shutdown() }
        let posted = Posted()
        let builds = Self.builds(scheduler, posted, held: "index")
        let library = TestLibrary.standard()
        builds.buildIndex(library, askedAt: 1)
        #expect(posted.probe.wait(for: "index started"))
        builds.buildTree(library, .place, askedAt: 1)
        #expect(posted.probe.wait(for: "tree place 1 posted"), "a tree is not held up by an index")
        builds.buildIndex(library, askedAt: 2)
        #expect(posted.probe.wait(for: "index 2 posted"))
        #expect(posted.probe.recorded.contains("index cancelled"))
        #expect(!posted.probe.recorded.contains("index 1 posted"))
    }

    @Test func shuttingDownStopsABuildAndNothingIsPosted() {
        let scheduler = JobScheduler()
        let posted = Posted()
        let builds = Self.builds(scheduler, posted, held: "tree folder")
        builds.buildTree(TestLibrary.standard(), .folder, askedAt: 1)
        #expect(posted.probe.wait(for: "tree folder started"))
        scheduler.shutdown()
        #expect(posted.probe.wait(for: "tree folder cancelled"))
        builds.buildTree(TestLibrary.standard(), .date, askedAt: 2)
        let idle = DispatchSemaphore(value: 0)
        builds.whenIdle { idle.signal() }
        #expect(idle.wait(timeout: .now() + 30) == .success)
        #expect(!posted.probe.recorded.contains { $0.hasSuffix("posted") || $0 == "tree date started" })
    }

    /// The real builds look at their token between steps: cancelled, they stop early (here
    /// after the first few thousand photos of a larger library) and give nothing.
    @Test func theLibraryBuildsStopBetweenSteps() throws {
        let photos = (0..<10_000).map { TestLibrary.photo($0 + 1000, name: "p\($0).jpg", description: "d\($0 % 7)", day: $0 % 28 + 1) }
        let library = PhotoLibrary(photos: photos)
        var looks = 0
        func cancelAtSecondLook() -> Bool {
            looks += 1
            return looks >= 2
        }
        let tree = FolderTree.build(library: library, kind: .date, isCancelled: cancelAtSecondLook)
        #expect(tree == nil)
        #expect(looks == 2, "it stopped at the second look, not at the end")
        looks = 0
        let index = SearchIndex.build(library: library, isCancelled: cancelAtSecondLook)
        #expect(index == nil)
        #expect(looks == 2)
        #expect(FolderTree.build(library: library, kind: .date, isCancelled: { false }) == FolderTree(library: library, kind: .date))
        let built = try #require(SearchIndex.build(library: library, isCancelled: { false }))
        #expect(try built.search("d3") == SearchIndex(library: library).search("d3"))
    }
}
