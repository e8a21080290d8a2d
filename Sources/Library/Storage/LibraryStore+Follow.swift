import Foundation

/// How far a reader has read a library's journal: the snapshot's generation, the last line's
/// sequence and where the next line starts. A browser keeps one to pick up what other
/// writers (a CLI `edit`, a second browser) append after it loaded, and a writer keeps one with
/// its copy of the library (`LibraryCopy`) to catch up by reading only the journal's tail.
///
/// `generation` and `sequence` are every backend's (a database keeps its own counterpart of the
/// generation and the last change's number); the rest is the file store's.
public struct JournalPosition: Sendable, Equatable {
    /// The snapshot the journal lines apply to (nil for a library without a journal yet).
    public var generation: String?
    public var sequence: Int
    /// Bytes of whole lines read: the next line starts here.
    public var offset: Int
    /// The journal file the offset is in (a compaction replaces the file).
    var inode: UInt64
    var size: Int
    /// The journal's format (its header's `photoryJournal`; 0 when there was no journal).
    var format = 0
    /// The schema its header names (0 when there was no journal): an older one's journal is
    /// not appended to (`LibraryStore.schemaVersion`).
    var schemaVersion = 0
    /// Lines up to `offset`, the header included: the next line is number `lineCount + 1`.
    var lineCount = 0
    /// The journal belonged to another snapshot (none of its lines was read): the library was
    /// the snapshot alone.
    var staleJournal = false
    /// The snapshot file as stated before it was read: while it is the same file, unchanged,
    /// its generation is too, and nothing needs reading to know it.
    var snapshot: FileIdentity?
}

/// A file's inode, size and modification time: when all three are the same, so is the file
/// (every whole write is a new file renamed into place, or at least a new mtime).
struct FileIdentity: Sendable, Equatable {
    var inode: UInt64
    var size: Int
    var modified: Int

    init?(path: String) {
        var info = stat()
        guard PathBytes.stat(path, &info) == 0 else { return nil }
        inode = UInt64(info.st_ino)
        size = Int(info.st_size)
        modified = Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec)
    }
}

/// What changed in the journal since a `JournalPosition`.
public enum JournalNews: Sendable {
    case unchanged
    /// Lines appended to the same snapshot's journal, oldest first, and the position after them:
    /// edits, or an import's batch of photos (`photos`, then `edits` is empty).
    case appended([(sequence: Int, edits: [LibraryEdit], photos: ImportedPhotos?)], JournalPosition)
    /// A new snapshot (a compaction, the end of an import, a write-back): the library must be
    /// read again.
    case rewritten
}

extension LibraryStore {
    /// Where a reader of `state` stands in the journal; `inode` and `size` are the journal
    /// file's, and `snapshot` the snapshot file's, when `state` was read (stated before the
    /// read: a later change then shows as news).
    func position(after state: State, inode: UInt64, size: Int, snapshot: FileIdentity?) -> JournalPosition {
        JournalPosition(generation: state.generation, sequence: state.journal.lastSeq,
                        offset: state.journal.validLength, inode: inode, size: size,
                        format: state.journal.header?.format ?? 0, schemaVersion: state.journal.header?.schemaVersion ?? 0,
                        lineCount: state.journal.lineCount, staleJournal: state.journal.isStale, snapshot: snapshot)
    }

    /// The journal file's inode and size (0, 0 when there is none).
    func journalFileIdentity() -> (inode: UInt64, size: Int) {
        guard let identity = FileIdentity(path: journal.path) else { return (0, 0) }
        return (identity.inode, identity.size)
    }

    /// What other writers did since `position`. Costs one `stat` when nothing changed; when the
    /// journal grew, only the bytes after `position.offset` are read. Lines at or before
    /// `position.sequence` are never returned twice; an unfinished or unreadable last line (an
    /// append under way, or torn) is left for the next call; an unreadable line before the last
    /// throws naming it.
    public func news(since position: JournalPosition) throws(LibraryStoreError) -> JournalNews {
        let (inode, size) = journalFileIdentity()
        if inode == position.inode && size == position.size { return .unchanged }
        guard let (contents, next) = try journal(since: position) else { return .rewritten }
        if contents.entries.isEmpty && next == position { return .unchanged }
        return .appended(contents.entries.map { ($0.seq, $0.edits, $0.photos) }, next)
    }

    /// The journal lines after `position` (in `entries`, with what an append needs to know:
    /// the header, the last sequence, where the whole lines end, an unfinished last line as
    /// `tornLine`), and the position after them; nil when the journal is not the one of
    /// `position.generation` any more (a new snapshot: the library must be read whole).
    func journal(since position: JournalPosition)
        throws(LibraryStoreError) -> (contents: LibraryJournal.Contents, next: JournalPosition)? {
        let (inode, size) = journalFileIdentity()
        if position.staleJournal && inode == position.inode && size == position.size {
            // Still the journal of another snapshot: read whole (it is what an append replaces).
            let contents = try journal.parse(try journal.readBytes(), generation: position.generation)
            if contents.isStale { return (contents, position) }
        }
        guard inode == position.inode, size >= position.offset, position.offset > 0, !position.staleJournal else {
            // A new journal file: the same snapshot's (a stale journal replaced) or a new one's.
            var contents = try journal.parse(try journal.readBytes(), generation: position.generation)
            if contents.header == nil && inode == 0 && position.generation == nil {
                return (contents, position)  // no library yet
            }
            if contents.isStale { return nil }
            if contents.header == nil && position.inode != 0 { return nil }  // a journal removed
            contents.entries.removeAll { $0.seq <= position.sequence }
            contents.lastSeq = max(position.sequence, contents.lastSeq)
            var next = position
            (next.sequence, next.offset, next.inode, next.size) = (contents.lastSeq, contents.validLength, inode,
                                                                   contents.fileLength)
            (next.format, next.lineCount) = (contents.header?.format ?? 0, contents.lineCount)
            next.schemaVersion = contents.header?.schemaVersion ?? 0
            return (contents, next)
        }
        var contents = LibraryJournal.Contents(
            header: LibraryJournal.Header(format: position.format, schemaVersion: position.schemaVersion,
                                          generation: position.generation ?? ""),
            validLength: position.offset, fileLength: size)
        contents.lastSeq = position.sequence
        contents.lineCount = position.lineCount
        var next = position
        next.size = size
        guard size != position.size || size != position.offset else { return (contents, next) }
        let tail = try readJournal(from: position.offset, to: size)
        var start = 0
        while let newline = tail[start...].firstIndex(of: UInt8(ascii: "\n")) {
            let line = tail[start..<newline]
            if !line.allSatisfy({ $0 == 0x20 || $0 == 0x0D }) {
                let entry: LibraryJournal.Entry
                do {
                    entry = try LibraryJournal.parseEntry(line)
                } catch where newline + 1 == tail.count {
                    // A torn last line, as loading sees it: the next append cuts it off.
                    break
                } catch {
                    throw .damagedJournal(path: journal.path, line: next.lineCount + 1, reason: "\(error)")
                }
                if entry.seq > next.sequence {
                    contents.entries.append(entry)
                    next.sequence = entry.seq
                }
            }
            start = newline + 1
            next.offset = position.offset + start
            next.lineCount += 1
        }
        (contents.lastSeq, contents.validLength, contents.lineCount) = (next.sequence, next.offset, next.lineCount)
        if next.offset < size {
            contents.tornLine = next.lineCount + 1
            next.size = -1  // an append under way: look again next time
        }
        return (contents, next)
    }

    /// The snapshot's generation, read from the start of the file only (it is written before the
    /// photos); the whole file is read only when the start does not say (a file written by hand).
    func snapshotGeneration() throws(LibraryStoreError) -> String? {
        if let generation = Self.headGeneration(of: path) { return generation }
        return try readSnapshot().generation
    }

    /// The generation a snapshot file names at its start (before its photos); nil when the file
    /// cannot be read or its start does not tell, `.some(nil)` when it names none.
    static func headGeneration(of file: String) -> String?? {
        let fd = PathBytes.open(file, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard let head = try? FileBytes.read(fd, size: 4096, from: 0, maxBytes: 4096) else { return nil }
        return generation(inHead: head)
    }

    /// The generation named before `"photos"` at the start of a snapshot; nil when the start does
    /// not tell (`.some(nil)`: a snapshot without one).
    static func generation(inHead head: [UInt8]) -> String?? {
        struct ReachedPhotos: Error {}
        var generation: String?
        let reached: Bool = head.withUnsafeBytes { raw in
            var scanner = JSONScanner(raw)
            do {
                try scanner.readObject { s, key in
                    if key.equals("photos") { throw ReachedPhotos() }
                    if key.equals("generation") { generation = try s.readString() } else { try s.skipValue() }
                }
            } catch is ReachedPhotos {
                return true
            } catch {}
            return false
        }
        return reached ? .some(generation) : nil
    }

    /// The journal's bytes from `offset` up to `end`.
    private func readJournal(from offset: Int, to end: Int) throws(LibraryStoreError) -> [UInt8] {
        let fd = PathBytes.open(journal.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .unreadable(path: journal.path, reason: FileBytes.errnoReason(), backup: nil) }
        defer { close(fd) }
        do {
            return try FileBytes.read(fd, size: end - offset, from: offset, maxBytes: Int.max)
        } catch {
            throw .unreadable(path: journal.path, reason: error.description, backup: nil)
        }
    }
}
