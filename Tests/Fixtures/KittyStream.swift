import CPNG
import Foundation

/// Kitty graphics escape sequences read back, the way a terminal reads them: a byte stream
/// split into its APC chunks (`ESC _ G keys ; payload ESC \`), each with its control keys and
/// base64 payload, and the transmitted image decoded from them (base64, then zlib when `o=z`).
///
/// Strict: anything between chunks, a chunk without its `G` or its `ESC \`, or a key without a
/// value is an error naming the byte offset, so a test sees exactly what a terminal would choke on.
public struct KittyStream: Sendable {
    /// One `ESC _ G … ESC \` sequence.
    public struct Chunk: Sendable, Equatable {
        /// The control keys in the order written (`a=T`, `f=24` …).
        public var keys: [(key: String, value: String)]
        /// The bytes after `;` (base64 text), empty when there is no `;`.
        public var payload: [UInt8]
        /// Where the chunk starts in the stream.
        public var offset: Int

        /// The value of `key`, if written.
        public subscript(key: String) -> String? {
            keys.first { $0.key == key }?.value
        }

        /// The value of `key` as a number.
        public func int(_ key: String) -> Int? { self[key].flatMap { Int($0) } }

        public static func == (lhs: Chunk, rhs: Chunk) -> Bool {
            lhs.keys.map(\.key) == rhs.keys.map(\.key) && lhs.keys.map(\.value) == rhs.keys.map(\.value)
                && lhs.payload == rhs.payload && lhs.offset == rhs.offset
        }
    }

    /// An image as the terminal receives it: the first chunk's keys and the decoded pixels.
    public struct Image: Sendable {
        /// The keys of the first chunk (`a`, `f`, `s`, `v`, `i`, `o` …).
        public var control: Chunk
        /// The pixel bytes after base64 decoding and, with `o=z`, inflating.
        public var pixels: [UInt8]
        /// The payload bytes after base64 decoding (before inflating).
        public var transmitted: [UInt8]
    }

    /// Why the bytes are not a well-formed kitty stream.
    public struct Problem: Error, CustomStringConvertible, Equatable {
        public var description: String
        public init(_ description: String) { self.description = description }
    }

    /// The chunks, in order.
    public let chunks: [Chunk]

    /// Splits `bytes` into chunks; throws on anything else.
    public init(_ bytes: [UInt8]) throws(Problem) {
        var chunks: [Chunk] = []
        var index = 0
        while index < bytes.count {
            let start = index
            guard bytes.count - index >= 3, bytes[index] == 0x1B, bytes[index + 1] == UInt8(ascii: "_"),
                  bytes[index + 2] == UInt8(ascii: "G") else {
                throw Problem("kitty stream: byte \(index) (0x\(String(bytes[index], radix: 16))) does not start ESC _ G")
            }
            index += 3
            var end = index
            while end + 1 < bytes.count, !(bytes[end] == 0x1B && bytes[end + 1] == UInt8(ascii: "\\")) { end += 1 }
            guard end + 1 < bytes.count else {
                throw Problem("kitty stream: the chunk at byte \(start) has no ESC \\ terminator")
            }
            let body = bytes[index..<end]
            let separator = body.firstIndex(of: UInt8(ascii: ";"))
            let keyText = String(decoding: body[..<(separator ?? body.endIndex)], as: UTF8.self)
            var keys: [(key: String, value: String)] = []
            for pair in keyText.split(separator: ",", omittingEmptySubsequences: false) {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                    throw Problem("kitty stream: chunk at byte \(start) has a malformed key \"\(pair)\"")
                }
                keys.append((String(parts[0]), String(parts[1])))
            }
            let payload = separator.map { Array(body[($0 + 1)...]) } ?? []
            chunks.append(Chunk(keys: keys, payload: payload, offset: start))
            index = end + 2
        }
        self.chunks = chunks
    }

    /// What breaks kitty's rules for one chunked transmission (`a=T` or `a=t`), in words; empty
    /// when nothing does. Each payload holds at most 4096 base64 bytes and all but the last a
    /// multiple of 4; every chunk but the last says `m=1` and the last `m=0` (or nothing); the
    /// first carries `a`, `f`, `s`, `v` and `i`, later ones only `m` (and `q`); the pixels, once
    /// decoded, are exactly `s × v × 3` (`f=24`) or `s × v × 4` (`f=32`) bytes.
    public var violations: [String] {
        guard let first = chunks.first else { return ["no chunks"] }
        var problems: [String] = []
        for (n, chunk) in chunks.enumerated() {
            let last = n == chunks.count - 1
            if chunk.payload.count > 4096 { problems.append("chunk \(n): \(chunk.payload.count) payload bytes > 4096") }
            if !last, chunk.payload.count % 4 != 0 {
                problems.append("chunk \(n): \(chunk.payload.count) payload bytes, not a multiple of 4")
            }
            if !last, chunk["m"] != "1" { problems.append("chunk \(n): m=\(chunk["m"] ?? "nothing") before the last") }
            if last, let m = chunk["m"], m != "0" { problems.append("last chunk: m=\(m)") }
            if n > 0, let extra = chunk.keys.map(\.key).first(where: { $0 != "m" && $0 != "q" }) {
                problems.append("chunk \(n): key \(extra)= after the first chunk")
            }
        }
        for key in ["a", "f", "s", "v", "i"] where first[key] == nil { problems.append("first chunk: no \(key)=") }
        if let a = first["a"], a != "T", a != "t" { problems.append("first chunk: a=\(a) is not a transmission") }
        guard let width = first.int("s"), let height = first.int("v"), width > 0, height > 0 else {
            return problems + ["first chunk: no positive s= and v="]
        }
        let bytesPerPixel: Int
        switch first["f"] {
        case "24": bytesPerPixel = 3
        case "32": bytesPerPixel = 4
        default: return problems + ["first chunk: f=\(first["f"] ?? "nothing") is neither 24 nor 32"]
        }
        do {
            let count = try image().pixels.count
            if count != width * height * bytesPerPixel {
                problems.append("\(count) pixel bytes for s=\(width) v=\(height) f=\(bytesPerPixel * 8)")
            }
        } catch {
            problems.append(error.description)
        }
        return problems
    }

    /// The image carried by the chunks: base64 of all payloads joined (as kitty joins them),
    /// inflated when the first chunk says `o=z`.
    public func image() throws(Problem) -> Image {
        guard let first = chunks.first else { throw Problem("kitty stream: no chunks") }
        let text = chunks.flatMap(\.payload)
        guard let decoded = Data(base64Encoded: Data(text)) else {
            throw Problem("kitty stream: the payload (\(text.count) bytes) is not base64")
        }
        let transmitted = [UInt8](decoded)
        var pixels = transmitted
        switch first["o"] {
        case nil: break
        case "z":
            guard let inflated = Self.inflate(transmitted) else {
                throw Problem("kitty stream: o=z payload (\(transmitted.count) bytes) does not inflate")
            }
            pixels = inflated
        case let other?:
            throw Problem("kitty stream: unknown compression o=\(other)")
        }
        return Image(control: first, pixels: pixels, transmitted: transmitted)
    }

    /// The whole of a zlib stream, or nil when it is corrupt or cut short.
    static func inflate(_ compressed: [UInt8]) -> [UInt8]? {
        guard !compressed.isEmpty else { return nil }
        var stream = z_stream()
        guard photory_inflate_init(&stream) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        return compressed.withUnsafeBufferPointer { input -> [UInt8]? in
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.avail_in = uInt(input.count)
            while true {
                let status: Int32 = buffer.withUnsafeMutableBufferPointer { out in
                    stream.next_out = out.baseAddress
                    stream.avail_out = uInt(out.count)
                    return CPNG.inflate(&stream, Z_NO_FLUSH)
                }
                output += buffer.prefix(buffer.count - Int(stream.avail_out))
                switch status {
                case Z_STREAM_END: return stream.avail_in == 0 ? output : nil
                case Z_OK: continue
                default: return nil
                }
            }
        }
    }
}
