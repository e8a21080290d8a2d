import Foundation

/// The edit journal beside the library snapshot (`library.journal.jsonl` beside `library.json`):
/// JSON Lines, one saved batch of edits a line, appended and synced under the library lock so an
/// edit costs one short write instead of a rewrite of the whole library.
///
///     {"photoryJournal":2,"schemaVersion":3,"generation":"…"}
///     {"seq":1,"at":1732520000.5,"edits":[{"apply":{"id":"…","label":"…","at":…,"changes":[…]}}]}
///     {"seq":2,"at":1732520007.1,"edits":[{"undo":"<step id>"},{"redo":"<step id>"}]}
///     {"seq":3,"at":1732520009.8,"photos":[{"id":"…",…}],"renamed":[{"from":"…","to":"…"}]}
///
/// A `photos` line is one batch of an import (`ImportedPhotos`, each photo in the snapshot's
/// own encoding): replayed by inserting or replacing photos by id.
///
/// The header's `generation` names the snapshot the lines apply to: a compaction writes a new
/// snapshot with a new generation, then a fresh journal; a journal left from before (a crash
/// between the two) names the old generation and is ignored, so no edit is applied twice.
/// A last line without its newline, or unreadable, is a torn append (a crash mid-write): it is
/// dropped and the next append cuts it off. An unreadable line before the last is damage, and
/// the library refuses to open (`photory-tui compact --repair` keeps the rest).
public struct LibraryJournal: Sendable {
    /// The journal format this build writes and the newest it reads (2 added `photos` lines: a
    /// build that knew only 1 would take one for a torn or damaged line, and cut it off).
    public static let format = 2
    /// The oldest format that may hold `photos` lines.
    static let photosFormat = 2

    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// The journal of the library file at `libraryPath`: `x.json` → `x.journal.jsonl`.
    public init(libraryPath: String) {
        let base = libraryPath.hasSuffix(".json") ? String(libraryPath.dropLast(5)) : libraryPath
        self.init(path: base + ".journal.jsonl")
    }

    /// Where `compact --repair` keeps the damaged journal it folded in.
    public var damagedCopyPath: String { path + ".damaged" }
    /// Where a journal of another snapshot is kept before a new one replaces it.
    public var staleCopyPath: String { path + ".stale" }

    struct Header: Equatable {
        var format: Int
        var schemaVersion: Int
        var generation: String
    }

    /// One saved batch of edits; undo and redo name their step, so replaying is deterministic.
    struct Entry: Equatable {
        var seq: Int
        var at: Double
        var edits: [LibraryEdit]
        /// An import's batch (a `photos` line).
        var photos: ImportedPhotos?

        init(seq: Int, at: Double, edits: [LibraryEdit] = [], photos: ImportedPhotos? = nil) {
            (self.seq, self.at, self.edits, self.photos) = (seq, at, edits, photos)
        }
    }

    /// What the file holds.
    struct Contents {
        /// These contents after `entry` was appended, the file now ending at `length` (only
        /// the new line is kept in `entries`).
        func appending(_ entry: Entry, endingAt length: Int) -> Contents {
            var after = self
            after.entries = [entry]
            (after.lastSeq, after.validLength, after.fileLength, after.tornLine) = (entry.seq, length, length, nil)
            after.lineCount += 1
            return after
        }

        /// nil when there is no journal (or only a torn header).
        var header: Header?
        /// The journal belongs to another snapshot: its lines were not read and must not be replayed.
        var isStale = false
        /// A stale journal holds edit lines, not only its header (see `LibraryStore.setAsideStale`).
        var staleHasLines = false
        var entries: [Entry] = []
        /// Bytes of the whole, readable lines: where the next append goes.
        var validLength = 0
        /// The file's size (more than `validLength` when the last line is torn).
        var fileLength = 0
        /// The number of a torn last line that was dropped.
        var tornLine: Int?
        /// Damaged lines skipped (only when read for a repair).
        var droppedLines: [Int] = []

        /// The last line's sequence (0 before any); read from `entries`, or known from a
        /// `JournalPosition` when only the tail was read.
        var lastSeq = 0
        /// Lines read, the header and blank lines included (the next line's number is one more).
        var lineCount = 0

        /// "dropped the unfinished last line 7 of …": what a reader should be told, if anything.
        func tornNote(path: String, verb: String = "ignored") -> String? {
            tornLine.map { "\(verb) the unfinished last line \($0) of the edit journal \(path) (an edit interrupted while it was being saved)" }
        }
    }

    // MARK: - Reading

    /// The journal's bytes (empty when there is none). Read BEFORE the snapshot by a reader
    /// without the lock: a compaction that runs in between then shows as a stale journal beside
    /// a snapshot that already holds its edits, never as a new journal beside the old snapshot.
    func readBytes() throws(LibraryStoreError) -> [UInt8] {
        do {
            return try FileBytes.read(path, maxBytes: Int.max)
        } catch {
            if error.isMissing { return [] }
            throw .unreadable(path: path, reason: error.description, backup: nil)
        }
    }

    /// Reads the journal's lines for the snapshot of `generation`: a journal of another
    /// generation is stale (its edits are in the snapshot already) and none of its lines is read.
    /// A newer format or schema is refused; a damaged line before the last throws naming it,
    /// unless `repair` (then it is skipped and listed in `droppedLines`).
    func parse(_ data: [UInt8], generation: String?, repair: Bool = false) throws(LibraryStoreError) -> Contents {
        var contents = Contents(fileLength: data.count)
        var lineStart = 0
        var number = 0
        var damagedHeader = false
        while lineStart < data.count {
            number += 1
            let newline = data[lineStart...].firstIndex(of: UInt8(ascii: "\n"))
            let end = newline ?? data.count
            let isLast = newline == nil || end + 1 >= data.count
            let next = newline.map { $0 + 1 } ?? data.count
            defer { lineStart = next }
            let line = data[lineStart..<end]
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x0D }) && newline != nil {
                contents.validLength = next
                contents.lineCount = number
                continue
            }
            do {
                guard newline != nil else { throw LibraryJSON.ReadError(description: "no newline at its end") }
                if number == 1 {
                    let header = try Self.parseHeader(line)
                    guard header.format <= Self.format else {
                        throw LibraryStoreError.unsupportedVersion(path: path, found: header.format, supported: Self.format)
                    }
                    guard header.schemaVersion <= LibraryStore.schemaVersion else {
                        throw LibraryStoreError.unsupportedVersion(path: path, found: header.schemaVersion,
                                                                   supported: LibraryStore.schemaVersion)
                    }
                    contents.header = header
                    if header.generation != generation {
                        contents.isStale = true
                        contents.staleHasLines = data[next...].contains { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D }
                        contents.validLength = data.count
                        return contents
                    }
                } else if damagedHeader {
                    // Lines after a damaged header belong to an unknown generation: never replayed.
                    contents.droppedLines.append(number)
                } else {
                    let entry = try Self.parseEntry(line)
                    contents.entries.append(entry)
                    contents.lastSeq = entry.seq
                }
                contents.validLength = next
                contents.lineCount = number
            } catch let error as LibraryStoreError {
                throw error
            } catch {
                if isLast {
                    contents.tornLine = number
                    break
                }
                guard repair else { throw .damagedJournal(path: path, line: number, reason: "\(error)") }
                contents.droppedLines.append(number)
                if number == 1 { damagedHeader = true }
                contents.validLength = next
                contents.lineCount = number
            }
        }
        return contents
    }

    static func parseHeader(_ line: ArraySlice<UInt8>) throws -> Header {
        var format: Int?, schemaVersion: Int?, generation: String?
        try scan(line) { scanner in
            try scanner.readObject { s, key in
                if key.equals("photoryJournal") { format = try s.readInt() }
                else if key.equals("schemaVersion") { schemaVersion = try s.readInt() }
                else if key.equals("generation") { generation = try s.readString() }
                else { try s.skipValue() }
            }
        }
        guard let format, let schemaVersion, let generation else {
            throw LibraryJSON.ReadError(description: "not a journal header (photoryJournal, schemaVersion and generation)")
        }
        return Header(format: format, schemaVersion: schemaVersion, generation: generation)
    }

    static func parseEntry(_ line: ArraySlice<UInt8>) throws -> Entry {
        var seq: Int?, at = 0.0, edits: [LibraryEdit]?, photos: [Photo]?, renamed: [ImportedPhotos.Rename] = []
        try scan(line) { scanner in
            try scanner.readObject { s, key in
                if key.equals("seq") { seq = try s.readInt() }
                else if key.equals("at") { at = try s.readDouble() }
                else if key.equals("edits") {
                    var list: [LibraryEdit] = []
                    try s.readArray { s in list.append(try readEdit(&s)) }
                    edits = list
                } else if key.equals("photos") {
                    var list: [Photo] = []
                    try s.readArray { s in list.append(try PhotoCodec.shared.read(&s, number: list.count + 1)) }
                    photos = list
                } else if key.equals("renamed") {
                    try s.readArray { s in renamed.append(try readRename(&s)) }
                } else { try s.skipValue() }
            }
        }
        guard let seq, edits != nil || photos != nil else {
            throw LibraryJSON.ReadError(description: "no \"seq\", or neither \"edits\" nor \"photos\"")
        }
        return Entry(seq: seq, at: at, edits: edits ?? [],
                     photos: photos.map { ImportedPhotos(photos: $0, renamed: renamed) })
    }

    private static func readRename(_ scanner: inout JSONScanner) throws -> ImportedPhotos.Rename {
        var from: String?, to: String?
        try scanner.readObject { s, key in
            if key.equals("from") { from = try s.readString() }
            else if key.equals("to") { to = try s.readString() }
            else { try s.skipValue() }
        }
        guard let from, let to else { throw LibraryJSON.ReadError(description: "a rename without \"from\" and \"to\"") }
        return ImportedPhotos.Rename(from: from, to: to)
    }

    private static func readEdit(_ scanner: inout JSONScanner) throws -> LibraryEdit {
        var edit: LibraryEdit?
        try scanner.readObject { s, key in
            if key.equals("apply") { edit = .apply(try LibraryJSON.readStep(&s)) }
            else if key.equals("undo") { edit = .undo(stepID: try s.readString()) }
            else if key.equals("redo") { edit = .redo(stepID: try s.readString()) }
            else if key.equals("trash") { edit = .trash(try LibraryJSON.readTrashChange(&s)) }
            else { try s.skipValue() }
        }
        guard let edit else { throw LibraryJSON.ReadError(description: "an edit that is not apply, undo or redo") }
        return edit
    }

    /// Runs `body` on a scanner over `line`, which must hold one JSON value and nothing else.
    private static func scan(_ line: ArraySlice<UInt8>, _ body: (inout JSONScanner) throws -> Void) throws {
        try line.withUnsafeBytes { raw in
            var scanner = JSONScanner(raw)
            do {
                try body(&scanner)
                try scanner.expectEnd()
            } catch let error as JSONScanner.SyntaxError {
                throw LibraryJSON.ReadError(description: "not valid JSON: \(error)")
            }
        }
    }

    // MARK: - Writing

    static func encode(_ header: Header) -> [UInt8] {
        var out = Array("{\"photoryJournal\":\(header.format),\"schemaVersion\":\(header.schemaVersion),".utf8)
        LibraryJSON.field("generation", header.generation, &out, first: true)
        out.append(contentsOf: "}\n".utf8)
        return out
    }

    /// One line, newline included. Only concrete edits are written (never undoLatest/redoLatest).
    static func encode(_ entry: Entry) -> [UInt8] {
        var out: [UInt8] = []
        out.append(UInt8(ascii: "{"))
        LibraryJSON.number("seq", Double(entry.seq), &out, first: true)
        LibraryJSON.number("at", entry.at, &out)
        if let photos = entry.photos {
            encode(photos, &out)
            out.append(contentsOf: "}\n".utf8)
            return PathBytes.surrogateEscaped(json: out)
        }
        out.append(contentsOf: ",\"edits\":[".utf8)
        for (index, edit) in entry.edits.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            switch edit {
            case let .apply(step):
                out.append(contentsOf: "{\"apply\":".utf8)
                LibraryJSON.appendStep(step, &out)
                out.append(UInt8(ascii: "}"))
            case let .undo(id):
                out.append(UInt8(ascii: "{"))
                LibraryJSON.field("undo", id, &out, first: true)
                out.append(UInt8(ascii: "}"))
            case let .redo(id):
                out.append(UInt8(ascii: "{"))
                LibraryJSON.field("redo", id, &out, first: true)
                out.append(UInt8(ascii: "}"))
            case let .trash(change):
                out.append(contentsOf: "{\"trash\":".utf8)
                LibraryJSON.appendTrashChange(change, &out)
                out.append(UInt8(ascii: "}"))
            case .undoLatest, .redoLatest:
                preconditionFailure("the journal holds steps by id: resolve undoLatest/redoLatest first")
            }
        }
        out.append(contentsOf: "]}\n".utf8)
        return PathBytes.surrogateEscaped(json: out)
    }

    /// `,"photos":[…],"renamed":[…]`: the photos in the snapshot's encoding, on the one line.
    private static func encode(_ imported: ImportedPhotos, _ out: inout [UInt8]) {
        out.append(contentsOf: ",\"photos\":[".utf8)
        var writer = PhotoCodec.Writer(bytes: [])
        swap(&out, &writer.bytes)
        for (index, photo) in imported.photos.enumerated() {
            if index > 0 { writer.bytes.append(UInt8(ascii: ",")) }
            PhotoCodec.shared.write(photo, &writer)
        }
        swap(&out, &writer.bytes)
        out.append(UInt8(ascii: "]"))
        guard !imported.renamed.isEmpty else { return }
        out.append(contentsOf: ",\"renamed\":[".utf8)
        for (index, rename) in imported.renamed.enumerated() {
            out.append(contentsOf: index > 0 ? ",{".utf8 : "{".utf8)
            LibraryJSON.field("from", rename.from, &out, first: true)
            LibraryJSON.field("to", rename.to, &out)
            out.append(UInt8(ascii: "}"))
        }
        out.append(UInt8(ascii: "]"))
    }

    /// Starts the journal afresh with only `header` (atomically: a reader sees the old journal
    /// or the new one).
    func reset(_ header: Header) throws(LibraryStoreError) {
        try write(Self.encode(header))
    }

    /// Replaces the file with `bytes` atomically.
    func write(_ bytes: [UInt8]) throws(LibraryStoreError) {
        do {
            try AtomicFile.write(bytes, to: path)
        } catch {
            throw .writeFailed(path: path, reason: error.reason)
        }
    }

    /// Appends concrete `edits` (no undoLatest/redoLatest) as line `seq` at the journal's end,
    /// without reading it or taking the lock: `bench` times the durable write alone with it.
    /// Writers go through `LibraryStore.append`.
    public func appendWithoutChecks(_ edits: [LibraryEdit], seq: Int) throws(LibraryStoreError) {
        var info = stat()
        guard PathBytes.stat(path, &info) == 0 else { throw .writeFailed(path: path, reason: FileBytes.errnoReason()) }
        let end = Contents(validLength: Int(info.st_size), fileLength: Int(info.st_size))
        try append(Entry(seq: seq, at: Date().timeIntervalSince1970, edits: edits), after: end)
    }

    /// Appends `entry` as one line and syncs it: once this returns the edit survives a crash.
    /// Anything past `validLength` (a torn last line) is cut off first.
    /// - Returns: the journal's length now.
    @discardableResult
    func append(_ entry: Entry, after contents: Contents) throws(LibraryStoreError) -> Int {
        let line = Self.encode(entry)
        let fd = PathBytes.withCString(path) { open($0, O_WRONLY | O_CLOEXEC) }
        guard fd >= 0 else { throw .writeFailed(path: path, reason: FileBytes.errnoReason()) }
        defer { close(fd) }
        func fail() -> LibraryStoreError {
            let reason = FileBytes.errnoReason()
            _ = ftruncate(fd, off_t(contents.validLength))  // never leave half a line behind
            return .writeFailed(path: path, reason: reason)
        }
        if contents.fileLength != contents.validLength {
            guard ftruncate(fd, off_t(contents.validLength)) == 0 else { throw fail() }
        }
        let failed: Bool = line.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = pwrite(fd, raw.baseAddress! + offset, raw.count - offset, off_t(contents.validLength + offset))
                if written < 0 {
                    if errno == EINTR { continue }
                    return true
                }
                offset += written
            }
            return false
        }
        if failed { throw fail() }
        guard fsync(fd) == 0 else { throw fail() }
        return contents.validLength + line.count
    }
}
