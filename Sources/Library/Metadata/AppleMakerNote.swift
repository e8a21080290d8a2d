/// Reads Apple's maker note (EXIF MakerNote of iPhone photos, which libexif does not name): the
/// signature "Apple iOS\0", a version (2 bytes), the byte order ("MM" or "II"), then one IFD
/// whose value offsets count from the start of the note. Bounds-checked throughout: a note
/// that lies gives nil.
enum AppleMakerNote {
    static let signature: [UInt8] = Array("Apple iOS".utf8) + [0]
    /// ContentIdentifier: the ASCII id shared by a Live Photo's still and its movie.
    static let contentIdentifierTag: UInt16 = 0x0011

    /// The ContentIdentifier in `note` (the MakerNote's bytes), cleaned; nil when absent.
    static func contentIdentifier(in note: UnsafeRawBufferPointer) -> String? {
        let header = signature.count + 4
        guard note.count >= header + 2, note.prefix(signature.count).elementsEqual(signature) else { return nil }
        let bigEndian: Bool
        switch (note[signature.count + 2], note[signature.count + 3]) {
        case (0x4D, 0x4D): bigEndian = true
        case (0x49, 0x49): bigEndian = false
        default: return nil
        }
        func number(_ at: Int, _ size: Int) -> Int? {
            guard at >= 0, at + size <= note.count else { return nil }
            return (0..<size).reduce(0) { value, i in
                value << 8 | Int(note[bigEndian ? at + i : at + size - 1 - i])
            }
        }
        guard let count = number(header, 2) else { return nil }
        for entry in 0..<count {
            let at = header + 2 + entry * 12
            guard let tag = number(at, 2), let type = number(at + 2, 2), let length = number(at + 4, 4) else { return nil }
            guard tag == Int(contentIdentifierTag), type == 2, length > 0, length < 256 else { continue }
            let start = length <= 4 ? at + 8 : number(at + 8, 4) ?? -1
            guard start >= 0, start + length <= note.count else { return nil }
            let bytes = UnsafeRawBufferPointer(rebasing: note[start..<(start + length)])
            return MetadataText.cleaned(UnsafeRawBufferPointer(rebasing: bytes.prefix { $0 != 0 }))
        }
        return nil
    }
}
