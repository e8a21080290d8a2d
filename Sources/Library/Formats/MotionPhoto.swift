/// Where the video of a Motion Photo is: a JPEG (Google Pixel, Samsung Galaxy) with an MP4
/// appended after its image, found by what the file announces, never by guessing:
///
/// - XMP `Container:Directory` (Google's Motion Photo format 1, Samsung's newer phones): a
///   sequence of `Container:Item`s, the primary image first; the one whose `Item:Semantic` is
///   `MotionPhoto` is the video. Items are laid out one after the other up to the end of the
///   file, each `Item:Length` bytes followed by `Item:Padding` bytes, so the video's place is
///   counted back from the end (as ExoPlayer's `MotionPhotoDescription` does).
/// - XMP `GCamera:MicroVideo` = 1 with `GCamera:MicroVideoOffset`: the video is the file's last
///   `MicroVideoOffset` bytes (older Google Camera).
/// - Samsung's trailer, when the XMP says neither: the file ends with "SEFT" after a directory
///   ("SEFH") of records, one of them named `MotionPhoto_Data`, whose data is the video.
///
/// The walk is bounded and linear: the XMP packet is scanned as text once (only when it names
/// one of the keys), the trailer's directory is read from the end by its counts, every offset is
/// checked against the file before it is used. What is announced but cannot be (an offset past
/// either end of the file, no MP4 where it points) is `broken` with the reason; the file is
/// then still a photo. The file is never copied: the result is a byte range of it, which
/// `VideoSource` reads in place.
public enum MotionPhoto: Sendable, Equatable {
    /// The video's bytes in the file (they start with an MP4 `ftyp` box).
    case clip(Range<Int>)
    /// The file says it is a Motion Photo, but its video cannot be where it says: why, in words.
    case broken(String)

    /// The Motion Photo video of `file` (a whole JPEG) from its XMP packet at `xmpPacket` (as
    /// `Metadata.xmpPacket` gives it) or Samsung's trailer; nil when the file announces none.
    public static func locate(in file: UnsafeRawBufferPointer, xmpPacket: Range<Int>?) -> MotionPhoto? {
        if let packet = xmpPacket, packet.lowerBound >= 0, packet.upperBound <= file.count,
           let found = fromXMP(UnsafeRawBufferPointer(rebasing: file[packet]), fileSize: file.count) {
            return checked(found, in: file)
        }
        return samsungTrailer(file).map { checked($0, in: file) }
    }

    // MARK: - XMP

    /// Byte strings whose presence makes a packet worth reading as text.
    private static let hints = ["MicroVideo", "MotionPhoto"].map { Array($0.utf8) }

    /// What the packet announces, as a range still to check; nil when it announces nothing.
    static func fromXMP(_ packet: UnsafeRawBufferPointer, fileSize: Int) -> Found? {
        let bytes = Array(packet)
        guard hints.contains(where: { find($0, in: bytes, from: 0) != nil }) else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        let items = containerItems(text)
        if let video = items.lastIndex(where: { $0.semantic?.lowercased() == "motionphoto" }) {
            return fromDirectory(items, video: video, fileSize: fileSize)
        }
        let flag = value(of: "MicroVideo", in: text)
        guard let offsetText = value(of: "MicroVideoOffset", in: text) else {
            return flag == "1" ? .broken("its XMP says GCamera:MicroVideo but gives no MicroVideoOffset") : nil
        }
        guard flag != "0" else { return nil }
        guard let offset = Int(offsetText), offset > 0 else {
            // Quoted only when short and safe for a terminal (`make fuzz` found control characters).
            let text = MetadataText.clean(offsetText) ?? ""
            let quoted = text.count <= 24 && text.strippingControlCharacters == text ? "\"\(text)\" " : ""
            return .broken("its XMP MicroVideoOffset \(quoted)is not a length")
        }
        guard offset < fileSize else {
            return .broken("its XMP MicroVideoOffset (\(offset) bytes from the end) points before the start of the \(fileSize)-byte file")
        }
        return .range(fileSize - offset..<fileSize, "GCamera:MicroVideoOffset")
    }

    /// The video's range by the directory's items, counted back from the end of the file.
    private static func fromDirectory(_ items: [ContainerItem], video: Int, fileSize: Int) -> Found {
        guard video > 0 else { return .broken("its XMP Container:Directory names the video first, where the photo must be") }
        // Lengths and paddings are any numbers the file says: each is checked against what is
        // left before it is taken away, so nothing overflows.
        let tooLong = Found.broken("its XMP Container:Directory lays out \(items.count) items of more bytes than the \(fileSize)-byte file holds: the video's offset points past the file")
        var end = fileSize
        for index in items.indices.reversed() {
            let item = items[index]
            guard let padding = item.padding ?? 0, padding >= 0 else {
                return .broken("its XMP Container:Directory gives item \(index + 1) a padding that is not a length")
            }
            guard padding <= end else { return tooLong }
            end -= padding
            let start: Int
            if index == 0 {
                start = 0
            } else {
                guard let length = item.length ?? nil, length >= 0 else {
                    return .broken("its XMP Container:Directory gives item \(index + 1) no Item:Length")
                }
                guard length <= end else { return tooLong }
                start = end - length
            }
            if index == video { return .range(start..<end, "Container:Directory") }
            end = start
        }
        return .broken("its XMP Container:Directory lists no video")   // not reached: `video` is one of `items`
    }

    /// One `Container:Item` of the directory: its attributes (or child elements) as written.
    struct ContainerItem {
        var semantic: String?
        var length: Int??
        var padding: Int??
    }

    /// The items of the packet's `Container:Directory`, in order (any namespace prefix).
    static func containerItems(_ text: String) -> [ContainerItem] {
        // Each item runs from its start tag to the next item's (or the end of the packet).
        let utf8 = Array(text.utf8)
        var starts: [Int] = []
        var index = 0
        let needle = Array(":Item".utf8)
        while let found = find(needle, in: utf8, from: index) {
            let after = found + needle.count
            if after < utf8.count, [0x20, 0x09, 0x0A, 0x0D, 0x2F, 0x3E].contains(utf8[after]),
               let open = utf8[..<found].lastIndex(where: { !isNameByte($0) }), utf8[open] == 0x3C {
                starts.append(found)
            }
            index = after
        }
        return starts.indices.map { position in
            let end = position + 1 < starts.count ? starts[position + 1] : utf8.count
            let chunk = String(decoding: utf8[starts[position]..<end], as: UTF8.self)
            func number(_ name: String) -> Int?? { value(of: name, in: chunk).map { Int($0) } }
            return ContainerItem(semantic: value(of: "Semantic", in: chunk), length: number("Length"), padding: number("Padding"))
        }
    }

    /// The value of the property `localName` (any prefix) in `text`: an attribute
    /// (`GCamera:MicroVideoOffset="123"`) or an element (`<GCamera:MicroVideoOffset>123</…>`),
    /// trimmed; nil when absent.
    static func value(of localName: String, in text: String) -> String? {
        let utf8 = Array(text.utf8)
        let needle = Array((":" + localName).utf8)
        var index = 0
        while let found = find(needle, in: utf8, from: index) {
            var cursor = found + needle.count
            index = cursor
            guard found > 0, isNameByte(utf8[found - 1]) else { continue }
            while cursor < utf8.count, utf8[cursor] == 0x20 || utf8[cursor] == 0x09 || utf8[cursor] == 0x0A || utf8[cursor] == 0x0D { cursor += 1 }
            guard cursor < utf8.count else { return nil }
            let closing: UInt8
            switch utf8[cursor] {
            case 0x3D:   // = "value" or 'value'
                cursor += 1
                while cursor < utf8.count, utf8[cursor] == 0x20 || utf8[cursor] == 0x09 { cursor += 1 }
                guard cursor < utf8.count, utf8[cursor] == 0x22 || utf8[cursor] == 0x27 else { continue }
                closing = utf8[cursor]
                cursor += 1
            case 0x3E:   // >value<
                guard utf8[found - 1] != 0x2F else { continue }
                cursor += 1
                closing = 0x3C
            default:
                continue
            }
            guard let end = utf8[cursor...].firstIndex(of: closing) else { return nil }
            return String(decoding: utf8[cursor..<end], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return nil
    }

    // MARK: - Samsung's trailer

    /// The `MotionPhoto_Data` record of a file ending in Samsung's "SEFT" trailer: the directory
    /// ("SEFH", version, count, then per record 2 bytes of padding, its type, its offset back
    /// from the directory and its length) is read from the end; each record starts with 2 bytes
    /// of padding, its type, its name's length and its name, then its data.
    static func samsungTrailer(_ file: UnsafeRawBufferPointer) -> Found? {
        let count = file.count
        guard count >= 8, Array(file[(count - 4)...]) == Array("SEFT".utf8) else { return nil }
        let directoryLength = Int(littleEndian32(file, at: count - 8))
        let directory = count - 8 - directoryLength
        guard directoryLength >= 12, directory >= 0, Array(file[directory..<directory + 4]) == Array("SEFH".utf8) else {
            return .broken("its Samsung trailer (SEFT) has no directory where it says")
        }
        let records = Int(littleEndian32(file, at: directory + 8))
        let name = Array("MotionPhoto_Data".utf8)
        for record in 0..<min(records, (directoryLength - 12) / 12) {
            let entry = directory + 12 + record * 12
            let back = Int(littleEndian32(file, at: entry + 4)), length = Int(littleEndian32(file, at: entry + 8))
            let start = directory - back
            guard start >= 0, length >= 8, start + length <= directory else { continue }
            let nameLength = Int(littleEndian32(file, at: start + 4))
            guard nameLength == name.count, start + 8 + nameLength <= start + length,
                  Array(file[(start + 8)..<(start + 8 + nameLength)]) == name else { continue }
            return .range((start + 8 + nameLength)..<(start + length), "Samsung's MotionPhoto_Data")
        }
        return nil
    }

    private static func littleEndian32(_ file: UnsafeRawBufferPointer, at offset: Int) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { $0 | UInt32(file[offset + $1]) << (8 * UInt32($1)) }
    }

    // MARK: - Checking what was found

    /// What the file announces: a range and who announced it, or why it cannot be one.
    enum Found: Equatable {
        case range(Range<Int>, String)
        case broken(String)
    }

    /// The clip when `found` lies inside the file and starts with an MP4 `ftyp` box.
    static func checked(_ found: Found, in file: UnsafeRawBufferPointer) -> MotionPhoto {
        switch found {
        case let .broken(reason): return .broken("not a Motion Photo: " + reason)
        case let .range(range, source):
            guard range.lowerBound > 0, range.upperBound <= file.count else {
                return .broken("not a Motion Photo: its \(source) points past the end of the \(file.count)-byte file")
            }
            guard range.count >= 8, Array(file[(range.lowerBound + 4)..<(range.lowerBound + 8)]) == Array("ftyp".utf8) else {
                return .broken("not a Motion Photo: there is no MP4 video where its \(source) points (byte \(range.lowerBound))")
            }
            return .clip(range)
        }
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            || byte == 0x5F || byte == 0x2D || byte == 0x2E || byte >= 0x80
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, haystack.count >= needle.count else { return nil }
        var index = start
        while index <= haystack.count - needle.count {
            if haystack[index] == first, needle.indices.allSatisfy({ haystack[index + $0] == needle[$0] }) { return index }
            index += 1
        }
        return nil
    }
}
