import Fixtures
import Foundation
import Library
import Testing
@testable import TUI

/// The real run loop (`BrowserApp.run`) on a headless terminal whose keys come from a pipe.
/// The loop sleeps in poll(2) with no timeout, so anything it does without a key proves that
/// something woke it. Waits below are generous limits against a hang, never timings.
extension OneTerminalAtATime {
    @Suite struct RunLoopTests {
        /// A `BrowserApp` running on its own thread, with the frames it drew.
        final class Running: @unchecked Sendable {
            let app: BrowserApp
            private var keys: Int32
            private let lock = NSLock()
            private var frames: [CellGrid] = []
            /// Where the next `waitForFrame` starts looking.
            private var unmatched = 0
            private var hasEnded = false
            private let drew = DispatchSemaphore(value: 0)
            private let ended = DispatchSemaphore(value: 0)
            private let folder = TemporaryFolder("photory-loop")

            /// `store`: a JSON file in a temporary folder unless given; `readBehind` as `BrowserApp.run` takes it.
            init(library: PhotoLibrary = PhotoLibrary(), store: (any LibraryStoring)? = nil,
                 readBehind: [DescriptionSummary]? = nil) throws {
                // The user's own config.toml and remembered state (a grouping chosen in an earlier
                // run, say) must not change what the test sees.
                app = BrowserApp(store: store ?? LibraryStore(path: folder.file("library.json")),
                                 thumbnails: ThumbnailStore(folder: folder.file("thumbnails")),
                                 config: Config(), rememberedFile: folder.file("state.json"))
                var fds: [Int32] = [0, 0]
                guard pipe(&fds) == 0 else { throw POSIXError(.EMFILE) }
                keys = fds[1]
                // Made here, used only by the loop thread from now on.
                nonisolated(unsafe) let terminal = try Terminal(headlessColumns: 80, rows: 24, termName: "xterm-256color",
                                            inputFileDescriptor: fds[0], colorModeOverride: .colors256)
                let app = self.app
                Thread { [self] in
                    app.run(library: library, on: terminal, readBehind: readBehind) { grid in
                        self.lock.withLock { self.frames.append(grid) }
                        self.drew.signal()
                    }
                    terminal.restore()
                    self.ended.signal()
                }.start()
            }

            /// Waits (at most a minute: a hang guard) for a frame that `matches`, drawn after the
            /// last one this returned. Frames drawn before the call count: on a busy machine the
            /// loop may answer a key before the test gets here.
            func waitForFrame(_ matches: (CellGrid) -> Bool) -> CellGrid? {
                let deadline = DispatchTime.now() + 60
                repeat {
                    let match: CellGrid? = lock.withLock {
                        guard let index = frames[unmatched...].firstIndex(where: matches) else {
                            unmatched = frames.count
                            return nil
                        }
                        unmatched = index + 1
                        return frames[index]
                    }
                    if let match { return match }
                } while drew.wait(timeout: deadline) == .success
                return nil
            }

            func statusLine(_ grid: CellGrid) -> String { grid.lines()[grid.height - 1] }

            /// Waits (at most a minute) for `run` to return.
            func waitUntilEnded() -> Bool {
                if lock.withLock({ hasEnded }) { return true }
                guard ended.wait(timeout: .now() + 60) == .success else { return false }
                lock.withLock { hasEnded = true }
                return true
            }

            func press(_ text: String) {
                _ = text.withCString { write(keys, $0, strlen($0)) }
            }

            /// Closes the keys' pipe: the terminal's input ends.
            func closeKeys() {
                if keys >= 0 { close(keys) }
                keys = -1
            }

            /// Ends the loop if a test left it running (the next test needs the terminal).
            func finish() {
                app.stop()
                _ = waitUntilEnded()
                closeKeys()
            }
        }

        @Test func aPostedMessageIsDrawnWithoutAnyKey() throws {
            let running = try Running()
            defer { running.finish() }
            #expect(running.waitForFrame { _ in true } != nil, "the first frame")
            running.app.post(.libraryLoaded(.failure(Failure("cannot read /tmp/library.json: gone"))))
            let frame = running.waitForFrame { running.statusLine($0).contains("cannot read /tmp/library.json") }
            #expect(frame != nil, "the message woke the loop, which was blocked on the terminal with no timeout")
            running.app.stop()
            #expect(running.waitUntilEnded())
        }

        @Test func keysStillArriveAndQuit() throws {
            let running = try Running(library: TestLibrary.standard())
            defer { running.finish() }
            let home = "photory · Home · by description · 4 groups"
            #expect(running.waitForFrame { $0.lines()[0].hasPrefix(home) } != nil)
            running.press("\u{1b}OC\u{1b}OC\r")   // → past Missing onto the second group and Enter, in one write
            #expect(running.waitForFrame { $0.lines()[0].hasPrefix("photory · Garden · 30 photos") } != nil)
            running.press("\u{1b}")   // a lone Esc: read as Esc after the Esc delay, back home
            #expect(running.waitForFrame { $0.lines()[0].hasPrefix(home) } != nil)
            running.press("q")
            #expect(running.waitUntilEnded(), "q on the home screen ends the loop")
        }

        /// A PostgreSQL library of a million photos opens with the home grid from the aggregate and
        /// is read behind the first frame (issue 26): the library arrives without a key, and keys
        /// work on it.
        @Test(.enabled(if: PostgresServer.available, "needs PostgreSQL's initdb and pg_ctl (Debian: postgresql)"))
        func aLibraryReadBehindTheFirstFrameArrivesWithoutAKey() throws {
            let store = PostgresStore(address: try #require(PostgresAddress(try PostgresServer.shared.get().newDatabase())))
            _ = try store.update(lockTimeout: 5) { library in
                library = TestLibrary.standard()
                return true
            }
            let running = try Running(store: store, readBehind: try store.descriptionSummaries())
            defer { running.finish() }
            #expect(running.waitForFrame { _ in true } != nil, "the first frame, before the library")
            let home = "photory · Home · by description · 4 groups"
            // Missing files are looked for once the library is shown, as at any start.
            let read = running.waitForFrame {
                running.statusLine($0).contains("Library read: \(Counted.text(TestLibrary.standard().photos.count))")
                    && $0.lines().joined().contains("Missing")
            }
            #expect(read?.lines()[0].hasPrefix(home) == true)
            // The folder selected while reading (Beach, the first) stays selected as Missing comes
            // before it: Home first, then past Missing and Beach onto Garden.
            running.press("\u{1b}OH\u{1b}OC\u{1b}OC\r")
            #expect(running.waitForFrame { $0.lines()[0].hasPrefix("photory · Garden · 30 photos") } != nil)
        }

        @Test func closingTheInputEndsTheLoop() throws {
            let running = try Running()
            defer { running.finish() }
            #expect(running.waitForFrame { _ in true } != nil)
            running.closeKeys()
            #expect(running.waitUntilEnded(), "no key can ever come: the loop ends instead of spinning")
        }

        @Test func stopBeforeRunReturnsAtOnce() throws {
            let running = try Running()
            defer { running.finish() }
            running.app.stop()
            #expect(running.waitUntilEnded())
        }

        /// The inbox's wake pipe is closed once the app and its workers are gone.
        @Test func theWakePipeDoesNotLeak() throws {
            var inode: ino_t = 0
            do {
                let running = try Running()
            defer { running.finish() }
                var info = stat()
                #expect(fstat(running.app.inbox.wake.readFD, &info) == 0)
                inode = info.st_ino
                #expect(Self.openPipes().contains(inode))
                #expect(running.waitForFrame { _ in true } != nil)
                running.app.stop()
                #expect(running.waitUntilEnded())
            }
            // The preview workers hold the inbox until they notice the stop.
            #expect(Poll.until(timeout: 60) { !Self.openPipes().contains(inode) })
        }

        @Test func aFreedWakePipeClosesBothEnds() {
            var inode: ino_t = 0
            do {
                let pipe = WakePipe()
                var info = stat()
                #expect(fstat(pipe.readFD, &info) == 0)
                inode = info.st_ino
                #expect(Self.openPipes().filter { $0 == inode }.count == 2)
                pipe.wake()
                pipe.wake()
                pipe.drain()
            }
            #expect(!Self.openPipes().contains(inode))
        }

        /// The inodes of the pipes this process has open (one entry per open end).
        static func openPipes() -> [ino_t] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
            return names.compactMap { name in
                guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + name),
                      target.hasPrefix("pipe:[") else { return nil }
                return ino_t(target.dropFirst(6).dropLast())
            }
        }
    }
}
