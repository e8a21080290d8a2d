import Foundation
import Library

/// Keeps the browser in step with other writers (a CLI `edit`, a second browser, an import in
/// another shell): every `interval` it compares the journal's inode and size with what it has
/// read (one `stat`, no read when nothing changed), passes the lines appended since, skipping
/// the browser's own, and reads the library again when a new snapshot was written. Its reads
/// take turns with the saver's saves (`EditSaver.inDiskOrder`), so messages reach the loop in
/// the disk's order and no edit is applied twice.
final class JournalFollower: Sendable {
    static let interval = 0.5

    private let store: any LibraryStoring
    private let saver: EditSaver
    private let post: @Sendable (Msg) -> Void
    private let queue = DispatchQueue(label: "photory.follow", qos: .utility)
    private let timer = Locked<DispatchSourceTimer?>(nil)
    /// Whether the thread waiting on the store's signal (`waitForNews`) goes on.
    private let listening = Locked(false)

    /// Where the reading stands; changed only in the saver's disk order.
    private struct Reading {
        /// nil: not following (the library was given without one).
        var position: JournalPosition?
        /// The last failure posted, so a lasting one is said once.
        var lastFailure: String?
    }

    private let reading: Locked<Reading>

    init(store: any LibraryStoring, saver: EditSaver, position: JournalPosition?, post: @escaping @Sendable (Msg) -> Void) {
        self.store = store
        self.saver = saver
        reading = Locked(Reading(position: position))
        self.post = post
    }

    func start() {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + Self.interval, repeating: Self.interval, leeway: .milliseconds(100))
        timer.setEventHandler { [weak self] in self?.check() }
        timer.resume()
        self.timer.withLock { $0 = timer }
        listen()
    }

    /// For a store that signals other writers' commits (PostgreSQL), a thread waits on that
    /// signal and looks at once; the timer stays, for a signal missed while reconnecting.
    private func listen() {
        guard store.waitForNews(timeout: 0) != nil else { return }
        listening.withLock { $0 = true }
        Thread.detachNewThread { [weak self] in
            while let follower = self, follower.listening.withLock({ $0 }) {
                if follower.store.waitForNews(timeout: 1) == true { follower.queue.async { follower.check() } }
            }
        }
    }

    func stop() {
        listening.withLock { $0 = false }
        timer.withLock { timer in
            timer?.cancel()
            timer = nil
        }
    }

    /// Looks at the journal once (the timer calls this).
    func check() {
        saver.inDiskOrder { isOwn, forgetOwn in
            let position = reading.withLock { $0.position }
            guard let position else { return }
            do {
                switch try store.news(since: position) {
                case .unchanged:
                    break
                case let .appended(lines, next):
                    reading.withLock { $0.position = next }
                    let own = lines.filter { isOwn($0.sequence) }.map(\.sequence)
                    let others = lines.filter { !own.contains($0.sequence) }
                    // An import's photos keep the edits they meet: only edits need the disk's order.
                    if let firstOther = others.first(where: { $0.photos == nil }), own.contains(where: { $0 > firstOther.sequence }) {
                        // The browser did its own on top of these; the disk has them under it.
                        readAgain(byAnotherWriter: true)
                    } else {
                        pass(others)
                    }
                case .rewritten:
                    forgetOwn()
                    readAgain(byAnotherWriter: true)
                }
                let failed = reading.withLock { reading in
                    defer { reading.lastFailure = nil }
                    return reading.lastFailure != nil
                }
                if failed { post(.libraryReachable) }
            } catch {
                let failure = "Cannot follow changes to the library: \(error)"
                let said = reading.withLock { reading in
                    defer { reading.lastFailure = failure }
                    return reading.lastFailure == failure
                }
                if !said { post(.libraryLoaded(.failure(Failure(failure)), byAnotherWriter: true)) }
            }
        }
    }

    /// Posts other writers' lines in their order: a run of edits as the edits, a run of an
    /// import's batches as the photos themselves (the library is not read again).
    private func pass(_ lines: [(sequence: Int, edits: [LibraryEdit], photos: ImportedPhotos?)]) {
        var edits: [LibraryEdit] = []
        var photos = ImportedPhotos()
        for line in lines {
            if let batch = line.photos {
                if !edits.isEmpty { post(.editsAppendedElsewhere(edits)) }
                edits = []
                photos.add(batch)
            } else {
                if !photos.isEmpty { post(.photosAppendedElsewhere(photos)) }
                photos = ImportedPhotos()
                edits += line.edits
            }
        }
        if !edits.isEmpty { post(.editsAppendedElsewhere(edits)) }
        if !photos.isEmpty { post(.photosAppendedElsewhere(photos)) }
    }

    /// Reads the library again (`r`, or quietly to catch up with another writer), and follows
    /// the journal from there.
    func reload(byAnotherWriter: Bool) {
        queue.async { self.reloadNow(byAnotherWriter: byAnotherWriter) }
    }

    /// Reads the library the browser opened without (read behind its first frame, issue 26) and
    /// follows the journal from there. The read (seconds at a million photos) runs outside the
    /// disk order, so the browser's saves meanwhile are not held up by it: the lines they write
    /// after the read's position are known as the saver's own (nothing is forgotten), and the
    /// browser replays its edits on the library read (`AppState.installFromDisk`). Missing files
    /// are looked for once it is shown, as at any start.
    /// A read that fails (the server stopped meanwhile) is said (once while the reason stays the
    /// same: `said`), and tried again every `retryDelay` seconds until it succeeds or the
    /// follower stops.
    func readBehind(retryDelay: Double = 2, said: String? = nil) {
        queue.async { [self] in
            guard timer.withLock({ $0 != nil }) else { return }   // stopped
            do {
                let loaded = try store.loadWithNotes()
                saver.inDiskOrder { _, _ in
                    reading.withLock { $0.position = loaded.position }
                    if said != nil { post(.libraryReachable) }
                    post(.libraryLoaded(.success(loaded.library), byAnotherWriter: false))
                }
                // Which files are missing after it is shown, as at any start (a million `stat`s on a NAS take a while).
                post(.missingChecked(missing: loaded.library.missingPaths(), checked: Set(loaded.library.photos.map(\.path))))
            } catch {
                // Said as trouble with the library (it stays on the status line until it answers).
                let failure = "Could not read the library, trying again every \(Int(retryDelay)) s: \(error)"
                if failure != said { post(.libraryLoaded(.failure(Failure(failure)), byAnotherWriter: true)) }
                queue.asyncAfter(deadline: .now() + retryDelay) { [self] in readBehind(retryDelay: retryDelay, said: failure) }
            }
        }
    }

    /// `reload` on the caller's thread.
    func reloadNow(byAnotherWriter: Bool) {
        saver.inDiskOrder { _, forgetOwn in
            forgetOwn()
            readAgain(byAnotherWriter: byAnotherWriter)
        }
    }

    /// Under the disk order: reads the library and posts it.
    private func readAgain(byAnotherWriter: Bool) {
        do {
            let loaded = try store.loadWithNotes()
            var library = loaded.library
            library.refreshMissing()
            reading.withLock { $0.position = loaded.position }
            post(.libraryLoaded(.success(library), byAnotherWriter: byAnotherWriter))
        } catch {
            post(.libraryLoaded(.failure(Failure("\(error)")), byAnotherWriter: byAnotherWriter))
        }
    }
}
