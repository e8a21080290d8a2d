import Foundation
import Library

/// The run loop: reads keys, applies messages to the state, performs effects, keeps the
/// preview workers busy with what the screen needs, and draws at most once per batch.
/// Only this loop's thread touches the terminal.
public final class BrowserApp {
    private let store: LibraryStore
    private let thumbnails: ThumbnailStore
    private let inbox = Inbox()
    private var importCancellation: ImportCancellation?

    private let config: Config
    private let rememberedFile: String

    public init(store: LibraryStore, thumbnails: ThumbnailStore, config: Config = .load(),
                rememberedFile: String = RememberedState.defaultFile()) {
        self.store = store
        self.thumbnails = thumbnails
        self.config = config
        self.rememberedFile = rememberedFile
    }

    /// Runs until the user quits. The library must have been loaded by the caller (so a bad
    /// library file is reported before the screen is taken over).
    public func run(library: PhotoLibrary, colorModeOverride: ColorMode? = nil) throws {
        let terminal = try Terminal(colorModeOverride: colorModeOverride)
        defer { terminal.restore() }
        let size = terminal.size
        var state = AppState(
            library: library, columns: size.cols, rows: size.rows, colorMode: terminal.colorMode,
            startFolder: LibraryPaths.currentFolder(), homeFolder: NSHomeDirectory(),
            keyMap: config.keyMap, remembered: RememberedState.load(from: rememberedFile),
            status: Self.summary(ofProblems: config.problems))
        let inbox = self.inbox
        let maker = PreviewMaker(thumbnails: thumbnails)
        let loader = PreviewLoader(workers: ProcessInfo.processInfo.activeProcessorCount, make: maker.make) { key, result in
            inbox.post(.previewReady(key, result))
        }
        defer { loader.stop() }
        DispatchQueue.global(qos: .utility).async {
            inbox.post(.missingChecked(missing: library.missingPaths(), checked: Set(library.photos.map(\.path))))
        }

        var dirty = true
        while !state.shouldQuit {
            if dirty {
                let wanted = state.wantedPreviews()
                state.previews.touch(wanted.map(\.key))
                loader.want(wanted.filter { !state.previews.contains($0.key) })
                terminal.draw(AppView.render(state))
                dirty = false
            }
            let waiting = loader.isBusy || state.isImporting
            var messages: [Msg] = []
            for key in terminal.readKeys(timeoutMs: waiting ? 20 : 500) {
                if key == .resize {
                    terminal.resized()
                    let size = terminal.size
                    messages.append(.resized(columns: size.cols, rows: size.rows))
                } else {
                    messages.append(.key(key))
                }
            }
            messages += inbox.drain()
            guard !messages.isEmpty else { continue }
            var effects: [Effect] = []
            for message in messages {
                effects += state.update(message)
                if state.shouldQuit { break }
            }
            effects.forEach(perform)
            dirty = true
        }
        importCancellation?.cancel()
    }

    // MARK: - Effects

    private func perform(_ effect: Effect) {
        let inbox = self.inbox
        switch effect {
        case let .listFolder(path):
            DispatchQueue.global(qos: .userInitiated).async {
                inbox.post(.folderListed(path: path, Self.list(path)))
            }
        case let .startImport(paths):
            let cancellation = ImportCancellation()
            importCancellation = cancellation
            let store = self.store
            let thumbnails = self.thumbnails
            let throttle = ProgressThrottle()
            Thread {
                let result: Result<Msg.ImportDone, Failure>
                defer { thumbnails.trim() }
                do {
                    let importer = Importer(thumbnails: thumbnails)
                    let (library, summary) = try importer.run(paths, store: store, cancellation: cancellation) { progress in
                        if throttle.shouldPost(progress) { inbox.post(.importProgress(progress)) }
                    }
                    result = .success(Msg.ImportDone(library: library, summary: summary))
                } catch {
                    result = .failure(Failure("\(error)"))
                }
                inbox.post(.importFinished(result))
            }.start()
        case .cancelImport:
            importCancellation?.cancel()
        case let .remember(remembered):
            // A convenience: failing to save it must not interrupt what the user is doing.
            let file = rememberedFile
            DispatchQueue.global(qos: .utility).async { try? remembered.save(to: file) }
        case .reloadLibrary:
            let store = self.store
            DispatchQueue.global(qos: .userInitiated).async {
                do {
                    var library = try store.load()
                    library.refreshMissing()
                    inbox.post(.libraryLoaded(.success(library)))
                } catch {
                    inbox.post(.libraryLoaded(.failure(Failure("\(error)"))))
                }
            }
        }
    }

    /// The config file's problems in one status line: the first, and how many more.
    static func summary(ofProblems problems: [String]) -> String? {
        guard let first = problems.first else { return nil }
        let more = problems.count - 1
        return first + (more > 0 ? " (and \(more) more problem\(more == 1 ? "" : "s"))" : "") + "; defaults kept"
    }

    /// A folder's visible entries, folders first, each part in natural order ("d2" before "d10"), ignoring case.
    static func list(_ path: String) -> Result<[FolderEntry], Failure> {
        // readdir keeps each name's exact bytes (FileManager would turn non-UTF-8 bytes into U+FFFD).
        guard let names = PathBytes.folderEntries(path) else {
            let reason = PathBytes.exists(path) ? "permission denied or not a folder" : "no such folder"
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

/// Lets through at most ~30 progress updates a second (and every phase change).
private final class ProgressThrottle: @unchecked Sendable {
    private let lock = NSLock()
    private var last: TimeInterval = 0
    private var phase: ImportProgress.Phase?

    func shouldPost(_ progress: ImportProgress) -> Bool {
        lock.withLock {
            let now = ProcessInfo.processInfo.systemUptime
            guard progress.phase != phase || now - last >= 0.033 || progress.done == progress.total else { return false }
            phase = progress.phase
            last = now
            return true
        }
    }
}
