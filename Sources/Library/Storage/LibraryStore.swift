import Foundation

/// Reads and writes the library's JSON file (the snapshot) and the edit journal beside it
/// (`LibraryJournal`; see LibraryStore+Journal.swift for loading, appending and compacting).
///
/// Writes are atomic (`AtomicFile`: temporary file, fsync, rename, fsync of the folder) and keep
/// the previous good file as `<file>.bak`. A file that cannot be read is never overwritten:
/// `load` throws and callers must not save after a failed load.
public struct LibraryStore: Sendable {
    /// The schema this build writes and the newest it reads (2 added the user's edits and undo
    /// history: a build that knew only 1 would drop them on save, so it must refuse the file;
    /// 3 added the edit journal, whose edits a build that knew only 2 would not see; 4 added
    /// albums, the trash list and perceptual hashes (issues 22–23), which a build that knew only
    /// 3 would read past and then drop when it folds its journal into a new snapshot).
    /// A library written by an older schema is written whole in this one at its first edit
    /// (`append`), so its journal never holds lines an older build would misread.
    public static let schemaVersion = 4

    public let path: String
    public var backupPath: String { path + ".bak" }
    /// The edit journal beside the library file.
    public var journal: LibraryJournal { LibraryJournal(libraryPath: path) }

    public init(path: String) {
        self.path = path
    }

    /// The library in the snapshot file alone (without the journal) and its generation, or an
    /// empty library when the file does not exist yet.
    func readSnapshot() throws(LibraryStoreError) -> (library: PhotoLibrary, generation: String?) {
        // Only a file that does not exist means "no library yet"; any other failure (an I/O
        // error on a network share, say) must not look like an empty library that a save
        // would then write over the real one.
        // Opening a named pipe (or a device) to read would wait for a writer forever.
        var info = stat()
        if PathBytes.stat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG {
            throw .notAFile(path: path, kind: Self.kindName(info.st_mode))
        }
        let file: Result<LibraryJSON.Contents, Error>?
        do {
            file = try LibraryJSON.readFile(path, supported: Self.schemaVersion)
        } catch {
            if error.isMissing { return (PhotoLibrary(), nil) }
            throw .unreadable(path: path, reason: error.description, backup: nil)
        }
        let backup = access(backupPath, R_OK) == 0 ? backupPath : nil
        guard let file else { throw .unreadable(path: path, reason: "the file is empty", backup: backup) }
        let contents: Result<([Photo], EditHistory, [TrashedPhoto], [Album], [LibraryFeed], String?), LibraryStoreError> = {
            do {
                let contents = try file.get()
                guard let version = contents.schemaVersion else {
                    return .failure(.unreadable(path: path, reason: "no schemaVersion: not a photory library", backup: backup))
                }
                guard version <= Self.schemaVersion else {
                    return .failure(.unsupportedVersion(path: path, found: version, supported: Self.schemaVersion))
                }
                guard let photos = contents.photos else {
                    return .failure(.unreadable(path: path, reason: "no \"photos\" list", backup: backup))
                }
                return .success((photos, contents.history, contents.trash, contents.albums, contents.feeds, contents.generation))
            } catch {
                return .failure(.unreadable(path: path, reason: "\(error)", backup: backup))
            }
        }()
        let (photos, history, trash, albums, feeds, generation) = try contents.get()
        return (PhotoLibrary(photos: photos, history: history, trash: trash, albums: albums, feeds: feeds), generation)
    }

    /// Writes `library` as the snapshot atomically, keeping the file it replaces as the backup.
    func writeSnapshot(_ library: PhotoLibrary, generation: String) throws(LibraryStoreError) {
        let data = LibraryJSON.encode(schemaVersion: Self.schemaVersion, photos: library.photos, history: library.history,
                                      trash: library.trash, albums: library.albums, feeds: library.feeds,
                                      generation: generation)
        do {
            try AtomicFile.write(data, to: path, options: AtomicFile.Options(createFolder: true, backup: backupPath))
        } catch {
            throw .writeFailed(path: path, reason: error.reason)
        }
    }

    // MARK: - Helpers

    /// "a named pipe (FIFO)", "a folder"…: what a path that is not a regular file is.
    static func kindName(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "a named pipe (FIFO)"
        case S_IFDIR: "a folder"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFSOCK: "a socket"
        default: "not a regular file"
        }
    }
}
