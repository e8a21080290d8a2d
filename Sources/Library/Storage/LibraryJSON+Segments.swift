import Foundation

/// Reading a large library file on all cores without holding it whole. Our writer starts each
/// photo on its own line (`{"id":…`), so the photo list can be cut into segments at such lines
/// and each segment read on its own, a block at a time; the segments' photos are joined in
/// file order. Only the blocks being read are in memory, not the file (408 MB at a million photos).
extension LibraryJSON {
    /// Files this large are read in segments; smaller ones whole.
    static let segmentedReadThreshold = 1 << 20
    /// About 40,000 photos: many more segments than cores, so a core slowed by other work
    /// simply reads fewer of them.
    static let segmentLength = 16 << 20
    /// How much of a segment is read at a time.
    static let blockLength = 2 << 20
    /// The start of the file that must hold every key before the photo list.
    static let headLength = 64 << 10
    /// Where a photo starts: at the beginning of a line.
    private static let photoLine: StaticString = "{\"id\":"

    /// The library file at `path`, read in segments when large and whole otherwise: nil when
    /// it is empty, else what it holds or why it cannot be read.
    static func readFile(_ path: String, supported: Int) throws(FileBytes.Failure) -> Result<Contents, Error>? {
        let fd = PathBytes.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw FileBytes.Failure(description: FileBytes.errnoReason(), isMissing: errno == ENOENT) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileBytes.Failure(description: FileBytes.errnoReason()) }
        let size = Int(info.st_size)
        if size >= segmentedReadThreshold, let contents = readSegmented(fd, size: size, supported: supported) {
            return .success(contents)
        }
        let bytes = try FileBytes.read(fd, size: size, maxBytes: Int.max)
        guard !bytes.isEmpty else { return nil }
        return Result { try bytes.withUnsafeBytes { try read($0, supported: supported) } }
    }

    /// Reads the library file open at `fd` (`size` bytes long) in segments on all cores. Nil
    /// when the file does not have our writer's layout (the keys before the photos in its first
    /// 64 KiB, each photo on its own line), when its version is newer than `supported`, or on
    /// any trouble: the caller then reads it whole, which also words the error exactly.
    static func readSegmented(_ fd: Int32, size: Int, supported: Int, segmentLength: Int = segmentLength,
                              blockLength: Int = blockLength) -> Contents? {
        guard case (var contents, let first)? = readHead(fd, size: size),
              (contents.schemaVersion ?? 0) <= supported else { return nil }
        var found = [first]
        while found.last! + segmentLength < size,
              let next = photoStart(fd, near: found.last! + segmentLength, size: size) {
            found.append(next)
        }
        let starts = found
        let segments = Segments(count: starts.count)
        DispatchQueue.concurrentPerform(iterations: starts.count) { index in
            let isLast = index == starts.count - 1
            segments.results[index] = Result {
                try readSegment(fd, from: starts[index], to: isLast ? size : starts[index + 1], isLast: isLast,
                                blockLength: blockLength)
            }
        }
        do {
            guard let tail = try segments.results.last!.get().tail else { return nil }
            try readTail(fd, from: tail, size: size, into: &contents)
        } catch {
            return nil
        }
        var parts: [[Photo]] = []
        for index in segments.results.indices {
            guard let part = try? segments.results[index].get() else { return nil }
            parts.append(part.photos)
            segments.results[index] = .success(([], nil))
        }
        contents.photos = joined(&parts)
        return contents
    }

    /// The parts' photos in one array, moved rather than copied (a copy retains every string of
    /// every photo, then releases it again): each part is left holding blank photos, and freed
    /// as soon as it is moved, so the join needs one part's memory more, not the whole list's.
    private static func joined(_ parts: inout [[Photo]]) -> [Photo] {
        let total = parts.reduce(0) { $0 + $1.count }
        return [Photo](unsafeUninitializedCapacity: total) { buffer, count in
            for index in parts.indices {
                parts[index].withUnsafeMutableBufferPointer { part in
                    guard let source = part.baseAddress else { return }
                    (buffer.baseAddress! + count).moveInitialize(from: source, count: part.count)
                    source.initialize(repeating: PhotoCodec.blank, count: part.count)
                    count += part.count
                }
                parts[index] = []
            }
        }
    }

    /// What each segment read, each slot written by the one thread that read its segment
    /// (through a pointer: no array shared between threads).
    // @unchecked: a raw buffer (a C pointer), each slot written by one worker, read after all end.
    private final class Segments: @unchecked Sendable {
        typealias Read = Result<(photos: [Photo], tail: Int?), Error>
        let results: UnsafeMutableBufferPointer<Read>

        init(count: Int) {
            results = .allocate(capacity: count)
            results.initialize(repeating: .success(([], nil)))
        }

        deinit {
            results.deinitialize()
            results.deallocate()
        }
    }

    /// The keys before the photo list, and the offset of its first photo; nil when they are not
    /// all in the head, or the list is empty.
    private static func readHead(_ fd: Int32, size: Int) -> (Contents, first: Int)? {
        guard let head = try? FileBytes.read(fd, size: min(size, headLength)) else { return nil }
        struct PhotosFound: Error { let first: Int }
        var contents = Contents()
        return head.withUnsafeBytes { raw in
            var scanner = JSONScanner(raw)
            do {
                try scanner.readObject { s, key in
                    guard key.equals("photos") else { return try readMember(key, &s, into: &contents) }
                    if try s.beginArray() { throw PhotosFound(first: s.offset) }
                }
            } catch let found as PhotosFound {
                return (contents, found.first)
            } catch {}
            return nil
        }
    }

    /// The start of the first photo line at or a little after `offset`; nil when there is none
    /// near it (the last segment then runs on to the end).
    private static func photoStart(_ fd: Int32, near offset: Int, size: Int) -> Int? {
        guard let window = try? FileBytes.read(fd, size: min(headLength, size - offset), from: offset) else { return nil }
        return window.withUnsafeBytes { raw in
            JSONScanner(raw).firstLineStarting(with: photoLine, from: 0).map { offset + $0 }
        }
    }

    /// The photos from `start` (a photo's first byte) to `end` (the next segment's first photo,
    /// or the file's end), read a block at a time; `tail` is where the list's `]` left off,
    /// for the last segment.
    private static func readSegment(_ fd: Int32, from start: Int, to end: Int, isLast: Bool, blockLength: Int) throws
        -> (photos: [Photo], tail: Int?) {
        var photos: [Photo] = []
        photos.reserveCapacity((end - start) / 300)   // our writer's photos take 300–450 bytes
        let strings = StringInterner()
        var position = start, length = blockLength
        while position < end {
            let count = min(length, end - position)
            let block = try FileBytes.read(fd, size: count, from: position)
            guard block.count == count else { throw ReadError(description: "the file shrank while being read") }
            let isFinal = position + count == end
            let read: (consumed: Int, ended: Bool)? = try block.withUnsafeBytes { raw in
                var scanner = JSONScanner(raw)
                var stop: Int? = count
                if !isFinal {
                    guard let cut = scanner.lastLineStarting(with: photoLine), cut > 0 else { return nil }
                    stop = cut
                } else if isLast {
                    stop = nil
                }
                let ended = try readElements(&scanner, stoppingAt: stop, into: &photos, strings: strings)
                return (scanner.offset, ended)
            }
            guard let read else {
                length *= 2   // one photo longer than a block: read more at once
                continue
            }
            if read.ended {
                guard isLast else { throw ReadError(description: "the photo list ended early") }
                return (photos, position + read.consumed)
            }
            position += read.consumed
        }
        guard !isLast else { throw ReadError(description: "the photo list does not end") }
        return (photos, nil)
    }

    /// The keys after the photo list, from `offset` (just after its `]`) to the end of the file.
    private static func readTail(_ fd: Int32, from offset: Int, size: Int, into contents: inout Contents) throws {
        let tail = try FileBytes.read(fd, size: size - offset, from: offset)
        try tail.withUnsafeBytes { raw in
            var scanner = JSONScanner(raw)
            try scanner.readRestOfObject { s, key in
                guard !key.equals("photos") else { throw ReadError(description: "a second photo list") }
                try readMember(key, &s, into: &contents)
            }
            try scanner.expectEnd()
        }
    }
}
