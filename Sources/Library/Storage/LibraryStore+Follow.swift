import Foundation

/// How far a reader has read a library's journal: the snapshot's generation, the last line's
/// sequence and where the next line starts. A browser keeps one to pick up what other
/// writers (a CLI `edit`, a second browser) append after it loaded.
public struct JournalPosition: Sendable, Equatable {
    /// The snapshot the journal lines apply to (nil for a library without a journal yet).
    public var generation: String?
    public var sequence: Int
    /// Bytes of whole lines read: the next line starts here.
    public var offset: Int
    /// The journal file the offset is in (a compaction replaces the file).
    var inode: UInt64
    var size: Int
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
    /// Where a reader of `state` stands in the journal; `inode` and `size` are the file's when
    /// `state` was read (stated before the read: a later change then shows as news).
    func position(after state: State, inode: UInt64, size: Int) -> JournalPosition {
        JournalPosition(generation: state.generation, sequence: state.journal.lastSeq,
                        offset: state.journal.validLength, inode: inode, size: size)
    }

    /// The journal file's inode and size (0, 0 when there is none).
    func journalFileIdentity() -> (inode: UInt64, size: Int) {
        var info = stat()
        guard PathBytes.stat(journal.path, &info) == 0 else { return (0, 0) }
        return (UInt64(info.st_ino), Int(info.st_size))
    }

    /// What other writers did since `position`. Costs one `stat` when nothing changed; when the
    /// journal grew, only the bytes after `position.offset` are read. Lines at or before
    /// `position.sequence` are never returned twice; an unfinished or unreadable last line (an
    /// append under way, or torn) is left for the next call; an unreadable line before the last
    /// throws naming it.
    public func news(since position: JournalPosition) throws(LibraryStoreError) -> JournalNews {
        let (inode, size) = journalFileIdentity()
        if inode == position.inode && size == position.size { return .unchanged }
        guard inode == position.inode, size >= position.offset, position.offset > 0 else {
            // A new journal file: the same snapshot's (a stale journal replaced) or a new one's.
            let contents = try journal.parse(try journal.readBytes(), generation: position.generation)
            guard contents.header != nil, !contents.isStale else {
                return contents.header == nil && position.generation == nil && inode == 0 ? .unchanged : .rewritten
            }
            let lines = contents.entries.filter { $0.seq > position.sequence }.map { ($0.seq, $0.edits, $0.photos) }
            return .appended(lines, JournalPosition(generation: position.generation,
                                                    sequence: max(position.sequence, contents.lastSeq),
                                                    offset: contents.validLength, inode: inode, size: contents.fileLength))
        }
        let tail = try readJournal(from: position.offset, to: size)
        var lines: [(sequence: Int, edits: [LibraryEdit], photos: ImportedPhotos?)] = []
        var next = position
        next.size = size
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
                    // Counted only now: the lines before the tail were not read.
                    let before = (try? journal.readBytes().prefix(position.offset + start)) ?? []
                    throw .damagedJournal(path: journal.path, line: before.count { $0 == UInt8(ascii: "\n") } + 1,
                                          reason: "\(error)")
                }
                if entry.seq > next.sequence {
                    lines.append((entry.seq, entry.edits, entry.photos))
                    next.sequence = entry.seq
                }
            }
            start = newline + 1
            next.offset = position.offset + start
        }
        if start < tail.count { next.size = -1 }  // an append under way: look again next time
        return .appended(lines, next)
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
