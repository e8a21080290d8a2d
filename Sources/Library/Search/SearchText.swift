import Foundation

/// Text as search compares it: case, accents and letter width ignored ("Café São Paulo" →
/// "cafe sao paulo", "Łódź" → "lodz"), runs of whitespace and control characters made one
/// space, ends trimmed. Queries and the texts they are matched against are folded the same way.
public enum SearchText {
    /// `text` folded for matching.
    public static func fold(_ text: String) -> String {
        let ascii = text.utf8.allSatisfy { $0 < 0x80 }
        let folded = ascii ? text : foldUnicode(text)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(folded.utf8.count)
        var pendingSpace = false
        for byte in folded.utf8 {
            if byte <= 0x20 || byte == 0x7F {   // whitespace and C0 controls: one space between words
                pendingSpace = !bytes.isEmpty
                continue
            }
            if pendingSpace {
                bytes.append(0x20)
                pendingSpace = false
            }
            bytes.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Letters Foundation's diacritic folding keeps whole, because they are letters of their
    /// own rather than a letter with a mark; people type them without.
    private static let letters: [Character: String] = [
        "ł": "l", "ø": "o", "đ": "d", "ð": "d", "ħ": "h", "ı": "i", "æ": "ae", "œ": "oe", "þ": "th",
    ]

    private static func foldUnicode(_ text: String) -> String {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        guard folded.contains(where: { letters[$0] != nil || ($0.isWhitespace && !$0.isASCII) }) else { return folded }
        return folded.reduce(into: "") { result, character in
            if let plain = letters[character] {
                result += plain
            } else {
                result.append(character.isWhitespace ? " " : character)
            }
        }
    }
}
