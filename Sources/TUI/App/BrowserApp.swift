import Foundation
import Library

/// The run loop: reads keys, applies messages to the state, performs effects, keeps the
/// preview workers busy with what the screen needs, and draws at most once per batch.
/// Only this loop's thread touches the terminal. ``post(_:)`` and ``stop()`` may be called from
/// any thread; everything else belongs to the thread that calls `run`.
///
/// Its background work (previews, originals, folder trees, the search index, imports) runs on
/// one `JobScheduler` per `run`: quitting shuts that down, and waits for the import queue to save
/// what finished.
public final class BrowserApp: Sendable {
    private let store: any LibraryStoring
    private let thumbnails: ThumbnailStore
    /// Imports web addresses, and downloads originals, into the same thumbnail store.
    private let web: WebImporter
    let inbox: Inbox
    /// Writes what the browser remembers (`state.json`), one save after another.
    private let rememberQueue = DispatchQueue(label: "photory.remember", qos: .utility)
    private let saver: EditSaver
    /// The cameras open in this run (issue 25).
    private let cameras = CameraConnections()
    /// The background work of the `run` under way (nil before and after).
    private let workers = Locked<Workers?>(nil)

    /// What one `run` has working in the background, all on one scheduler, stopped together.
    private struct Workers {
        let jobs: JobScheduler
        /// Imports and feed refreshes, one at a time (`importKey`): a cancelled one (Esc, quitting)
        /// saves what finished; quitting waits for that.
        let imports: JobQueue<String>
        /// Covers and screens of a library read behind the first frame (issue 26).
        let pages: JobQueue<PagedRead>
        /// Folder trees and the search index.
        let builds: DerivedBuilds
        /// Follows other writers from where the library given to `run` was read.
        let follower: JournalFollower
        /// Made on the first original the detail view asks for.
        var originalQueue: OriginalQueue?
        /// Plays the video of the photo view (issue 21).
        let player: VideoPlayer
        /// Shows the webcam preview and takes its picture (issue 25).
        let webcam: WebcamRunner
    }

    private static let importKey = "import"
    /// An export's job on the same queue (issue 23).
    private static let exportKey = "export"

    private let config: Config
    private let rememberedFile: String
    /// `PHOTORY_SAVED_EDITS_FILE`: a file rewritten with "N edits saved" each time all N edits made
    /// so far are saved, the signal end-to-end tests wait on (saves run in the background and show
    /// nothing on screen). Nil when not asked for.
    private let savedEditsFile = ProcessInfo.processInfo.environment["PHOTORY_SAVED_EDITS_FILE"]
    /// The edits the file last said were saved.
    private let savedEditsReported = Locked(0)

    public init(store: any LibraryStoring, thumbnails: ThumbnailStore,
                web: WebImporter = WebImporter(fetcher: CurlFetcher(),
                                               downloads: DownloadFolder(root: LibraryPaths.defaultDownloadsFolder())),
                config: Config = .load(), rememberedFile: String = RememberedState.defaultFile()) {
        self.store = store
        self.thumbnails = thumbnails
        var web = web
        web.thumbnails = thumbnails
        self.web = web
        self.config = config
        self.rememberedFile = rememberedFile
        let inbox = Inbox()
        self.inbox = inbox
        saver = EditSaver(store: store) { result, sequence in inbox.post(.editsSaved(result, through: sequence)) }
    }

    /// Runs until the user quits. The library must have been loaded by the caller (so a bad
    /// library file is reported before the screen is taken over).
    /// - Parameter graphics: `--graphics`, which wins over the config file's `graphics`.
    /// - Parameter notice: what loading noticed (a torn journal line ignored), for the status line.
    /// - Parameter position: where loading `library` stopped in the journal: other writers'
    ///   edits after it reach the screen (nil: they show after `r`).
    /// - Parameter readBehind: `library` is a stand-in (empty): the library is read in the
    ///   background once the first frame is up, and followed from there (a PostgreSQL library
    ///   of a million photos: its first frame does not wait for every row). Meanwhile the home
    ///   grid shows these folders (the store's aggregate) and folders are read a screen at a
    ///   time (`ReadingBehind`); nil: `library` is the library.
    public func run(library: consuming PhotoLibrary, colorModeOverride: ColorMode? = nil, graphics: GraphicsChoice? = nil,
                    notice: String? = nil, position: JournalPosition? = nil, readBehind: [DescriptionSummary]? = nil) throws {
        let terminal = try Terminal(colorModeOverride: colorModeOverride, graphics: graphics ?? config.graphics ?? .auto,
                                    mouse: config.mouse)
        defer { terminal.restore() }
        run(library: consume library, on: terminal, notice: notice, position: position, readBehind: readBehind)
        let unsaved = finishSaving(on: terminal)
        if unsaved > 0 { throw UnsavedEdits(count: unsaved, libraryPath: store.location, reason: saver.lastFailure) }
    }

    /// Waits for the edits still queued when the browser quit (up to `quitWait`, "Saving…" on
    /// the screen); the quit key pressed meanwhile stops waiting at once (a server that will not
    /// come back). Returns the number of edits not saved, said as the browser ends.
    private func finishSaving(on terminal: Terminal) -> Int {
        let deadline = Date().addingTimeInterval(Self.quitWait)
        while saver.waitUntilSaved(timeout: 0.25) > 0, Date() < deadline {
            let keys = terminal.readKeys(timeoutMs: 0)
            if keys.contains(where: { config.keyMap.action(for: $0, in: .home) == .quit }) { break }
        }
        return saver.finish(timeout: 0)
    }

    /// Edits that could still not be saved when the browser quit.
    public struct UnsavedEdits: Error, CustomStringConvertible {
        public var count: Int
        public var libraryPath: String
        /// Why the last try failed (a PostgreSQL server out of reach), when the saver knows.
        public var reason: String?
        public var description: String {
            guard let reason else {
                return "\(Counted.text(count, "edit")) could not be saved to \(libraryPath) (is another photory-tui importing?)"
            }
            return "\(Counted.text(count, "edit")) could not be saved: \(reason)"
        }
    }

    /// Runs the loop on `terminal` (the real one, or a headless one for tests and `bench`)
    /// until the user quits, the terminal's input is closed, or ``stop()`` is called.
    ///
    /// The loop sleeps in `poll(2)` on the terminal's input and the inbox's wake pipe, with no
    /// timeout: a key, a resize, or a message from a worker (``post(_:)``) wakes it at once, and
    /// with nothing to do it uses no CPU. Each wake-up it takes every queued key and message,
    /// applies them in order, and draws once.
    /// - Parameter onFrame: called on the loop's thread right after each frame is drawn, with
    ///   the grid drawn (`bench` times message-to-frame with it).
    /// - Parameter position: as in ``run(library:colorModeOverride:graphics:notice:position:readBehind:)``;
    ///   `readBehind` too.
    public func run(library: consuming PhotoLibrary, on terminal: Terminal, notice: String? = nil, position: JournalPosition? = nil,
                    readBehind: [DescriptionSummary]? = nil,
                    onFrame: ((CellGrid) -> Void)? = nil) {
        let size = terminal.size
        // The state becomes the library's only holder once the missing-file check is done (the
        // library is consumed, not kept here): an edit then changes it in place, where a second
        // holder would make it copy every photo.
        let inbox = self.inbox
        let checkMissing: @Sendable () -> Void = { [library] in
            inbox.post(.missingChecked(missing: library.missingPaths(), checked: Set(library.photos.map(\.path))))
        }
        // The saver keeps its own copy, caught up from the journal's tail before each save.
        var saverCopy: LibraryCopy?
        if let position { saverCopy = LibraryCopy(library: copy library, position: position) }
        var state = AppState(
            library: consume library, columns: size.cols, rows: size.rows, colorMode: terminal.colorMode,
            startFolder: LibraryPaths.currentFolder(), homeFolder: LibraryPaths.home(),
            keyMap: config.keyMap, remembered: RememberedState.load(from: rememberedFile),
            status: notice ?? Self.summary(ofProblems: config.problems) ?? terminal.graphicsWarning,
            graphics: GraphicsSettings(graphicsProtocol: terminal.graphics.graphicsProtocol,
                                       cellSize: terminal.cellPixelSize, grid: config.graphicsGrid,
                                       tmuxPassthrough: terminal.graphics.tmuxPassthrough, reason: terminal.graphics.reason,
                                       maxImageSize: terminal.maxImageSize),
            configProblems: config.problems, animations: config.animations, tileSize: config.tileSize,
            openWith: OpenWith(program: config.openWith.program, inTerminal: config.openWith.runsInTerminal()))
        state.rejectedDisplay = config.rejected
        state.trashDays = config.trashDays
        state.videoPlayer = config.videoPlayer   // Videos (issue 21)
        state.today = Self.today()   // On this day (issue 23)
        state.slideshowSettings = config.slideshow   // Slideshow (issue 23)
        state.slideshowSeed = UInt64.random(in: 0...UInt64.max)
        state.feedThreshold = config.feedThreshold   // Paged feeds (issue 24)
        state.readingBehind = readBehind.map(ReadingBehind.init(summaries:))   // Scale (issue 26)
        let jobs = JobScheduler()
        defer { jobs.shutdown() }
        let maker = PreviewMaker(thumbnails: thumbnails, scheduler: jobs)
        let loader = PreviewLoader(scheduler: jobs, workers: ProcessInfo.processInfo.activeProcessorCount,
                                   make: maker.make(_:token:)) { key, result in
            inbox.post(.previewReady(key, result))
        }
        saver.start(from: consume saverCopy)   // the saver its only holder: its first save does not copy
        let follower = JournalFollower(store: store, saver: saver, position: position) { inbox.post($0) }
        let imports = jobs.queue("import", workers: 1, keyedBy: String.self)
        workers.withLock {
            $0 = Workers(jobs: jobs, imports: imports, pages: jobs.queue("pages", workers: 1, keyedBy: PagedRead.self), builds: DerivedBuilds(scheduler: jobs) { inbox.post($0) }, follower: follower,
                         player: VideoPlayer(scheduler: jobs) { inbox.post($0) },
                         webcam: WebcamRunner(scheduler: jobs, shoot: { [store, thumbnails] camera, folder in
                             do {
                                 return try Self.capture(with: camera, into: folder, store: store, thumbnails: thumbnails)
                             } catch {
                                 return .captured(.failure(Failure("\(error)")))
                             }
                         }) { inbox.post($0) })
        }
        follower.start()
        defer { follower.stop() }
        if readBehind != nil { follower.readBehind() }
        DispatchQueue.global(qos: .utility).async(execute: consume checkMissing)

        // The folders of the remembered grouping, built in the background from the start.
        state.followUp().forEach { perform($0, on: terminal) }
        var dirty = true
        var animationClock = AnimationClock()
        while !state.shouldQuit && !inbox.isStopped {
            // A frame of the opening animation when one is due; it ends at once when the terminal
            // cannot draw frames of its size in their slot (a slow link).
            if let transition = state.transition, let now = animationClock.frameDue(started: transition.start != nil) {
                let canKeepUp = terminal.canDraw(cells: transition.view.width * transition.view.height,
                                                 within: animationClock.realFrameInterval)
                state.update(.animationFrame(now: now, canKeepUp: canKeepUp)).forEach { perform($0, on: terminal) }
                dirty = true
            }
            // Slideshow (issue 23): its tick when due, on the same clock and the same wait.
            if let due = state.slideshowTickDue, TerminalQuery.now() >= due - 0.001 {
                state.update(.slideshowTick(now: TerminalQuery.now())).forEach { perform($0, on: terminal) }
                dirty = true
            }
            if dirty {
                let wanted = state.wantedPreviews()
                state.previews.touch(wanted.map(\.key))
                loader.want(wanted.filter { !state.previews.contains($0.key) })
                let grid = AppView.render(state)
                terminal.draw(grid)
                onFrame?(grid)
                dirty = false
            }
            let woke = terminal.waitForInput(orWake: inbox.wake, timeoutMs: Self.wait(state, animationClock))
            var messages: [Msg] = []
            let keys = terminal.readKeys(timeoutMs: 0)
            for key in keys {
                // Ctrl-L repaints everything (unless the config gave it an action): what another
                // program or a tmux window drawn over the screen left behind, images included.
                if key == .resize || (key == .ctrl("l") && state.keyMap.action(for: key, in: state.keyContext) == nil) {
                    terminal.resized()
                    let size = terminal.size
                    messages.append(.resized(columns: size.cols, rows: size.rows))
                } else if case let .mouse(event) = key {
                    messages.append(.mouse(event))
                } else {
                    messages.append(.key(key))
                }
            }
            if terminal.cellPixelSize != state.graphics.cellSize {
                messages.append(.cellSizeChanged(terminal.cellPixelSize))
            }
            // The terminal is gone (not even a hang-up signal came): no key will ever come.
            if woke.contains(.hangup) && keys.isEmpty { break }
            messages += inbox.drain().map { Self.stamped($0, on: terminal) }
            if !messages.isEmpty, let day = Self.today(), day != state.today { messages.append(.newDay(day)) }
            // Images put off for a key that turned out to be nothing still need drawing.
            if terminal.postponedImagesLastDraw > 0 { dirty = true }
            guard !messages.isEmpty else { continue }
            var effects: [Effect] = []
            for message in messages {
                effects += state.update(message)
                if state.shouldQuit { break }
            }
            effects.forEach { perform($0, on: terminal) }
            reportSavedEdits(state)
            dirty = true
        }
        // Every job stops: previews and downloads at once, an import after saving what finished.
        jobs.shutdown()
        workers.withLock { $0 = nil }
        saveBeforeQuitting(state, imports: imports, on: terminal, onFrame: onFrame)
        rememberQueue.sync {}   // the last choices are on disk before the browser goes
    }

    /// Quitting never drops what is not saved yet: an import cancelled by the quit saves what
    /// finished, and the edits still queued (the library locked by another writer) are saved,
    /// with "Saving…" on the screen while either waits (the edits by `EditSaver.finish`, called
    /// after this by `run(library:colorModeOverride:graphics:notice:position:)`, with this frame
    /// still on the screen).
    private func saveBeforeQuitting(_ state: AppState, imports: JobQueue<String>, on terminal: Terminal,
                                    onFrame: ((CellGrid) -> Void)?) {
        let importEnded = DispatchSemaphore(value: 0)
        imports.whenIdle { importEnded.signal() }
        let importDone = importEnded.wait(timeout: .now() + 0.2) == .success
        let editsDone = state.unsaved.isEmpty || saver.waitUntilSaved(timeout: 0.2) == 0
        guard !importDone || !editsDone else { return }
        var shown = state
        shown.status = Self.savingNote(import: !importDone, edits: editsDone ? 0 : state.unsaved.count,
                                       libraryAnswers: state.libraryTrouble == nil && saver.lastFailure == nil)
        let grid = AppView.render(shown)
        terminal.draw(grid)
        onFrame?(grid)
        // A cancelled import stops within a chunk, then saves its last batch (waiting for the lock).
        // (The signal of an import already ended was taken above.)
        if !importDone { _ = importEnded.wait(timeout: .now() + Self.quitWait) }
    }

    /// The longest quitting waits for the library (a compaction of a large library by another
    /// writer takes seconds).
    static let quitWait = 60.0

    /// "Saving 1 edit… (waiting for the library: another photory-tui is writing to it)".
    static func savingNote(import: Bool, edits: Int, libraryAnswers: Bool = true) -> String {
        var what: [String] = []
        if `import` { what.append("what the import finished") }
        if edits > 0 { what.append(Counted.text(edits, "edit")) }
        // The quit key stops the wait for edits (`finishSaving`), not an import's last batch.
        let quitNow = `import` ? "" : " — q again quits without them"
        return "Saving \(what.joined(separator: " and "))… " + (libraryAnswers
            ? "(waiting for the library: another photory-tui may be writing to it)"
            : "(the library does not answer yet; photory gives up after \(Int(quitWait)) s)") + quitNow
    }

    /// Says in `savedEditsFile` that every edit made so far is saved, when that is newly so.
    private func reportSavedEdits(_ state: AppState) {
        guard let file = savedEditsFile, state.unsaved.isEmpty,
              savedEditsReported.withLock({ reported in
                  defer { reported = max(reported, state.editSequence) }
                  return state.editSequence > reported
              }) else { return }
        try? AtomicFile.write(Array("\(state.editSequence) edits saved\n".utf8), to: file)
    }

    // MARK: - Videos (issue 21)

    /// A picture taken with `camera` (tethered, or a webcam's), copied into `folder` and
    /// imported: `Msg.captured` with the photo. Throws why not.
    static func capture(with camera: CameraSource, into folder: String, store: any LibraryStoring,
                        thumbnails: ThumbnailStore) throws -> Msg {
        let shot = try CameraCapture(root: folder, files: Importer(thumbnails: thumbnails)).take(with: camera, store: store)
        return .captured(.success(Msg.CaptureDone(library: shot.library, photoID: shot.photoID, path: shot.path,
                                                  seconds: shot.seconds)))
    }

    /// A video frame stamped with the loop's clock, and whether the terminal draws it in a
    /// frame's time (a pixel frame; see `VideoPlayback`).
    /// The day memories are for: today, or the day `PHOTORY_TODAY` gives ("2024-02-29", to try
    /// them on another day; a day before every photo, in the tests, shows none).
    static func today() -> OnThisDay? {
        if let given = ProcessInfo.processInfo.environment["PHOTORY_TODAY"] { return OnThisDay(iso: given) }
        return .today()
    }

    private static func stamped(_ msg: Msg, on terminal: Terminal) -> Msg {
        if case let .webcamFrame(frame, _) = msg, case let .image(image) = frame.content {   // webcams (issue 25)
            return .webcamFrame(frame, canKeepUp: terminal.canDraw(bytes: image.bytes.count, within: 1.0 / 10))
        }
        guard case let .videoFrame(frame, _, _) = msg else { return msg }
        var canKeepUp = true
        if case let .image(image) = frame.content { canKeepUp = terminal.canDraw(bytes: image.bytes.count, within: 1.0 / 25) }
        return .videoFrame(frame, now: TerminalQuery.now(), canKeepUp: canKeepUp)
    }

    /// How long the loop may sleep for input (-1: until something comes): until the animation's
    /// next frame, or the slideshow's next tick (issue 23), whichever is first.
    static func wait(_ state: AppState, _ clock: AnimationClock, now: Double = TerminalQuery.now()) -> Int32 {
        var waits: [Int32] = []
        if state.transition != nil { waits.append(clock.millisecondsToNextFrame(now: now)) }
        if let due = state.slideshowTickDue { waits.append(Int32(min(3_600_000, max(0, ((due - now) * 1000).rounded(.up))))) }
        return waits.min() ?? -1
    }

    /// Hands `msg` to the loop from any thread, as a worker does, and wakes the loop.
    public func post(_ msg: Msg) { inbox.post(msg) }

    /// Ends ``run(library:on:onFrame:)`` from any thread, as if the user had quit.
    public func stop() { inbox.stop() }

    // MARK: - Effects

    /// Runs an import (or a refresh) on the import queue, its progress and its end posted to
    /// the loop; cancelling its job (`.cancelImport`, quitting) stops it after saving what finished.
    private func startImport(
        _ run: @escaping @Sendable (ImportCancellation, @escaping @Sendable (ImportProgress) -> Void)
            throws -> (library: PhotoLibrary, summary: ImportSummary)
    ) {
        let inbox = self.inbox, thumbnails = self.thumbnails
        let throttle = ProgressThrottle()
        let started = ProcessInfo.processInfo.systemUptime
        workers.withLock { $0?.imports }?.submit(Job(key: Self.importKey) { token in
            let cancellation = ImportCancellation()
            token.onCancel { cancellation.cancel() }
            let result: Result<Msg.ImportDone, Failure>
            defer { thumbnails.trim() }
            do {
                let (library, summary) = try run(cancellation) { progress in
                    guard throttle.shouldPost(progress) else { return }
                    inbox.post(.importProgress(progress, elapsed: ProcessInfo.processInfo.systemUptime - started))
                }
                result = .success(Msg.ImportDone(library: library, summary: summary))
            } catch {
                result = .failure(Failure("\(error)"))
            }
            inbox.post(.importFinished(result))
        })
    }

    /// Export (issue 23): copies `photos` into `folder` on the import queue (after an import
    /// under way), its progress and outcomes posted to the loop; `.cancelImport` stops it
    /// between two photos.
    private func export(_ photos: [Photo], to folder: String, options: ExportOptions) {
        let inbox = self.inbox
        let throttle = ProgressThrottle()
        let started = ProcessInfo.processInfo.systemUptime
        workers.withLock { $0?.imports }?.submit(Job(key: Self.exportKey) { token in
            let cancellation = ImportCancellation()
            token.onCancel { cancellation.cancel() }
            let summary = PhotoExporter(options: options).run(photos, to: folder, cancellation: cancellation) { progress in
                guard throttle.shouldPost(progress) else { return }
                inbox.post(.importProgress(progress, elapsed: ProcessInfo.processInfo.systemUptime - started))
            }
            inbox.post(.exportFinished(summary))
        })
    }

    /// Does `effect`; those that need the terminal (handing it to a program, a clipboard
    /// sequence) use `terminal`, on the loop's thread.
    private func perform(_ effect: Effect, on terminal: Terminal) {
        let inbox = self.inbox
        switch effect {
        // Open with, run on marks, copy the path (issue 20)
        case let .openWith(programs, inTerminal: true):
            inbox.post(.openedWith(TerminalHandover.run(programs, on: terminal)))
        case let .openWith(programs, inTerminal: false):
            DispatchQueue.global(qos: .userInitiated).async {
                inbox.post(.openedWith(programs.map { $0.run(output: .discard) }))
            }
        case let .runCommand(program, command):
            DispatchQueue.global(qos: .userInitiated).async {
                inbox.post(.commandFinished(command: command, program.run(output: .capture)))
            }
        case let .copyToClipboard(bytes):
            terminal.send(ClipboardCopy.sequence(for: bytes, insideTmux: ClipboardCopy.insideTmux))
        case let .listFolder(path):
            DispatchQueue.global(qos: .userInitiated).async {
                inbox.post(.folderListed(path: path, Self.list(path)))
            }
        case let .startImport(paths):
            let importer = SourceImport(files: Importer(thumbnails: thumbnails), web: web)
            let store = self.store
            startImport { cancellation, progress throws(LibraryStoreError) in
                let (library, summary) = try importer.run(paths, store: store, cancellation: cancellation, progress: progress)
                // Nothing new (an unchanged rescan) wrote nothing and handed back the library as read
                // at its start: read as it is now, with what other writers did meanwhile.
                return (summary.libraryWritten ? library : try store.load(), summary)
            }
        case .cancelImport:
            workers.withLock { $0?.imports }?.cancel(Self.importKey)
            workers.withLock { $0?.imports }?.cancel(Self.exportKey)   // Export (issue 23)
        case let .exportPhotos(photos, folder, options):   // Export (issue 23)
            export(photos, to: folder, options: options)
        // Cameras (issue 25)
        case .detectCameras:
            let folders = config.cameraFolders
            DispatchQueue.global(qos: .userInitiated).async {
                let (found, webcams, problem) = CameraConnections.detect(folders: folders)
                inbox.post(.camerasDetected(found, webcams: webcams, problem: problem))
            }
        case let .listCameraFolder(address, folder):
            let cameras = self.cameras
            DispatchQueue.global(qos: .userInitiated).async {
                let result: Result<[FolderEntry], Failure>
                do {
                    result = try cameras.with(address) { CameraConnections.list($0, folder) }
                } catch {
                    result = .failure(Failure("\(error)"))
                }
                inbox.post(.cameraFolderListed(address, path: folder, result))
            }
        case let .cameraThumbnail(address, file, columns, rows, colorMode):
            let cameras = self.cameras
            DispatchQueue.global(qos: .utility).async {
                let bytes = try? cameras.with(address) { $0.thumbnail(of: file) }
                inbox.post(.cameraThumbnail(address, file, bytes.flatMap { Self.art($0, columns: columns, rows: rows, colorMode) }))
            }
        case let .importFromCamera(request, folder):
            let cameras = self.cameras, store = self.store, thumbnails = self.thumbnails
            startImport { cancellation, progress in
                try cameras.with(request.camera) { camera in
                    let chosen = try CameraConnections.files(request, on: camera)
                    let done = try CameraImport(root: folder, files: Importer(thumbnails: thumbnails), duplicatesFile: CameraDuplicates.defaultFile())
                        .run(camera, only: chosen, store: store, cancellation: cancellation, progress: progress)
                    return (done.library, done.summary)
                }
            }
        case let .deleteFromCamera(address, files):
            let cameras = self.cameras
            workers.withLock { $0?.imports }?.submit(Job(key: "camera delete") { _ in
                do {
                    let (label, deleted, problems) = try cameras.with(address) { camera in
                        let (deleted, problems) = CameraImport.delete(files, from: camera)
                        return (camera.label, deleted.count, problems)
                    }
                    inbox.post(.cameraFilesDeleted(label: label, deleted: deleted, problems: problems))
                } catch {
                    inbox.post(.cameraFilesDeleted(label: address.name, deleted: 0, problems: ["\(error)"]))
                }
            })
        case let .capture(address, folder):
            let cameras = self.cameras, store = self.store, thumbnails = self.thumbnails
            workers.withLock { $0?.imports }?.submit(Job(key: "capture") { _ in
                do {
                    let msg = try cameras.with(address) { camera in
                        try Self.capture(with: camera, into: folder, store: store, thumbnails: thumbnails)
                    }
                    inbox.post(msg)
                } catch {
                    inbox.post(.captured(.failure(Failure("\(error)"))))
                }
            })
        // Webcams (issue 25)
        case let .startWebcam(request):
            workers.withLock { $0?.webcam }?.start(request)
        case let .takeWebcamPicture(generation, folder):
            workers.withLock { $0?.webcam }?.takePicture(generation: generation, into: folder)
        case .stopWebcam:
            workers.withLock { $0?.webcam }?.stop()
        case let .readTracks(typed):   // GPX geotagging (issue 25)
            DispatchQueue.global(qos: .userInitiated).async {
                let (tracks, problems) = GPXTrack.read(typed: typed)
                inbox.post(.tracksRead(typed: typed, tracks: tracks, problems: problems))
            }
        case let .wantOriginals(photos):
            let web = self.web, thumbnails = self.thumbnails, store = self.store
            let queue = workers.withLock { workers -> OriginalQueue? in
                guard let jobs = workers?.jobs else { return nil }
                if workers?.originalQueue == nil, !photos.isEmpty {
                    workers?.originalQueue = OriginalQueue(
                        scheduler: jobs,
                        downloader: OriginalDownloader(fetcher: web.fetcher, downloads: web.downloads, thumbnails: thumbnails),
                        store: store) { msg in inbox.post(msg) }
                }
                return workers?.originalQueue
            }
            let dropped = queue?.want(photos) ?? []
            if !dropped.isEmpty { inbox.post(.originalsDropped(dropped)) }
        case let .loadMoreOfFeed(url):   // paged feeds (issue 24): the next page, on the import queue
            let web = self.web, store = self.store
            workers.withLock { $0?.imports }?.submit(Job(key: "feed " + url) { token in
                let cancellation = ImportCancellation()
                token.onCancel { cancellation.cancel() }
                inbox.post(FeedPageLoad.run(url, web: web, store: store, cancellation: cancellation))
            })
        case .refreshFeeds:
            let web = self.web, store = self.store
            startImport { cancellation, progress throws(LibraryStoreError) in
                try web.refresh(store: store, cancellation: cancellation, progress: progress)
            }
        case let .saveEdits(edit, sequence):
            saver.save(edit, sequence: sequence)
        case let .readPaged(read):   // Scale (issue 26)
            let store = self.store
            workers.withLock { $0?.pages }?.submit(Job(key: read) { token in
                guard let paging = store as? any LibraryPaging else { return }
                let result: Result<Library.FolderPage, Failure>
                do {
                    switch read {
                    case let .covers(ids):
                        result = .success(Library.FolderPage(photos: try paging.photos(ids: ids), next: nil))
                    case let .page(_, key, after, limit):
                        result = .success(try paging.photos(withDescriptionKey: key, after: after, limit: limit))
                    }
                } catch {
                    result = .failure(Failure("\(error)"))
                }
                if !token.isCancelled { inbox.post(.pagedRead(read, result)) }
            })
        case let .writeBack(photoIDs):
            let store = self.store, saver = self.saver, thumbnails = self.thumbnails
            DispatchQueue.global(qos: .userInitiated).async {
                // The files get what the user sees: the edits still on their way are saved first.
                let unsaved = saver.waitUntilSaved()
                guard unsaved == 0 else {
                    inbox.post(.wroteBack(.failure(Failure("Nothing written: \(unsaved) edits are not saved yet"))))
                    return
                }
                do {
                    let (library, outcomes) = try LibraryWriteBack(store: store, thumbnails: thumbnails).run(photoIDs)
                    inbox.post(.wroteBack(.success(Msg.WriteBackDone(library: library, outcomes: outcomes))))
                } catch {
                    inbox.post(.wroteBack(.failure(Failure("Nothing written: \(error)"))))
                }
            }
        case let .readDetails(photoID, path):
            DispatchQueue.global(qos: .userInitiated).async {
                inbox.post(.detailsRead(photoID: photoID, FileMetadata.read(path: path)))
            }
        // All the metadata (issue 20).
        case let .readAllTags(photoID, path):
            DispatchQueue.global(qos: .userInitiated).async {
                inbox.post(.allTagsRead(photoID: photoID, FileTags.read(path: path)))
            }
        case let .buildTree(library, kind, revision):
            workers.withLock { $0?.builds }?.buildTree(library, kind, askedAt: revision)
        case let .buildSearchIndex(library, revision):
            workers.withLock { $0?.builds }?.buildIndex(library, askedAt: revision)
        case let .buildMemories(library, day, revision):
            workers.withLock { $0?.builds }?.buildMemories(library, day, askedAt: revision)
        case let .remember(remembered):
            // A convenience: failing to save it must not interrupt what the user is doing.
            // In order, off the loop; flushed when the loop ends, so a choice made just before
            // quitting is kept.
            let file = rememberedFile
            rememberQueue.async { try? remembered.save(to: file) }
        case .reloadLibrary:
            workers.withLock { $0?.follower }?.reload(byAnotherWriter: false)
        case .catchUpWithDisk:
            workers.withLock { $0?.follower }?.reload(byAnotherWriter: true)
        // Videos (issue 21)
        case let .playVideo(request):
            workers.withLock { $0?.player }?.play(request)
        case .stopVideo:
            workers.withLock { $0?.player }?.stop()
        case let .runVideoPlayer(command, path):
            // On the loop's thread: the terminal is handed over and back before the next frame.
            let outcome = TerminalHandover.run([ExternalProgram(arguments: command + [path])], on: terminal).first
            inbox.post(.videoPlayerEnded(failure: outcome?.failureMessage.map { "video-player: \($0)" }))
        case let .changeTrash(work, photoIDs):
            let store = self.store, saver = self.saver, days = config.trashDays
            DispatchQueue.global(qos: .userInitiated).async {
                inbox.post(.trashChanged(Self.changeTrash(work, photoIDs, store: store, saver: saver, trashDays: days)))
            }
        }
    }

    /// Does `work` on the photos (`LibraryTrash`, as the CLI's `trash`), after the edits still
    /// on their way are saved (a trashed photo keeps them).
    static func changeTrash(_ work: TrashWork, _ ids: [String], store: any LibraryStoring, saver: EditSaver,
                            trashDays: Int, environment: [String: String] = ProcessInfo.processInfo.environment)
        -> Result<Msg.TrashDone, Failure> {
        let unsaved = saver.waitUntilSaved()
        guard unsaved == 0 else { return .failure(Failure("Nothing done: \(unsaved) edits are not saved yet")) }
        let trash = LibraryTrash(store: store, environment: environment)
        do {
            switch work {
            case .trash:
                _ = try? trash.empty(before: Date().timeIntervalSince1970 - Double(trashDays) * 86_400)   // trash-days
                let (library, outcomes) = try trash.trash(ids)
                let moved = Set(outcomes.filter { $0.problem == nil }.map(\.photoID))
                let movedBytes = library.trash.filter { moved.contains($0.photo.id) }.map(\.size).reduce(0, +)
                return .success(Msg.TrashDone(work: work, library: library, outcomes: outcomes, bytes: movedBytes))
            case .restore:
                let (library, outcomes) = try trash.restore(ids)
                return .success(Msg.TrashDone(work: work, library: library, outcomes: outcomes))
            case .deletePermanently:
                let (library, outcomes) = try trash.deletePermanently(ids)
                return .success(Msg.TrashDone(work: work, library: library, outcomes: outcomes))
            case .erase:
                let (library, erased) = try trash.erase(ids)
                let outcomes = erased.map { LibraryTrash.Outcome(photoID: $0.photo.id, path: $0.photo.path) }
                return .success(Msg.TrashDone(work: work, library: library, outcomes: outcomes))
            case let .undo(step):
                let (library, outcomes) = try trash.restore(ids, undoing: step)
                return .success(Msg.TrashDone(work: work, library: library, outcomes: outcomes))
            case let .redo(step):
                let (library, outcomes) = try trash.trash(ids, step: step)
                return .success(Msg.TrashDone(work: work, library: library, outcomes: outcomes))
            }
        } catch {
            return .failure(Failure("Nothing done: \(error)"))
        }
    }

    /// The config file's problems in one status line: the first, and how many more (the help
    /// lists them all).
    static func summary(ofProblems problems: [String]) -> String? {
        guard let first = problems.first else { return nil }
        let more = problems.count - 1
        return first + "; defaults kept" + (more > 0 ? " (and \(Counted.text(more, "more problem")): ? lists all)" : "")
    }

    /// A folder's visible entries, folders first, each part in natural order ("d2" before "d10"), ignoring case.
    /// A camera's thumbnail (a JPEG) as character art within `columns` × `rows` cells (issue 25);
    /// nil when it does not decode.
    static func art(_ jpeg: [UInt8], columns: Int, rows: Int, _ colorMode: ColorMode) -> [[Cell]]? {
        guard let image = try? JPEGDecoder.decode(Data(jpeg), atLeast: columns * 2, rows * 4, fast: true) else { return nil }
        let size = ChafaRenderer.fittedCellSize(imageWidth: image.width, imageHeight: image.height, maxCols: columns, maxRows: rows)
        return ChafaRenderer(colorMode: colorMode).render(pixels: image.pixels, width: image.width, height: image.height,
                                                          columns: size.cols, rows: size.rows)
    }

    static func list(_ path: String) -> Result<[FolderEntry], Failure> {
        // readdir keeps each name's exact bytes (FileManager would turn non-UTF-8 bytes into U+FFFD).
        guard let names = PathBytes.folderEntries(path) else {
            if PathBytes.exists(path), !PathBytes.isFolder(path) {
                return .failure(Failure("\(PathBytes.display(path)) is a file, not a folder", pathIsFile: true))
            }
            let reason = PathBytes.exists(path) ? "permission denied" : "no such folder"
            return .failure(Failure("cannot open \(PathBytes.display(path)): \(reason)"))
        }
        let entries = names.filter { !$0.hasPrefix(".") }.map { name in
            FolderEntry(name: name, isFolder: PathBytes.isFolder(path == "/" ? "/" + name : path + "/" + name))
        }
        return .success(entries.sorted {
            $0.isFolder != $1.isFolder ? $0.isFolder
                : $0.name.compare($1.name, options: [.caseInsensitive, .numeric]) == .orderedAscending
        })
    }
}
