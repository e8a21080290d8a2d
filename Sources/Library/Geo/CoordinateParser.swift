/// Reads a latitude and a longitude typed by a user.
///
/// Accepted: decimal degrees (`-22.9068, -43.1729`, `-22.9068 -43.1729`), degrees, minutes and
/// seconds with or without symbols (`22°54'24"S 43°10'22"W`, `22 54 24 S 43 10 22 W`), degrees
/// and decimal minutes (`22°54.408'S, 43°10.367'W`), hemisphere letters before or after each
/// coordinate, and the longitude first when the letters say so (`43.17 W 22.9 S`). Typographic
/// primes (′ ″ ’ ”) and º count as ' " °.
public enum CoordinateParser {
    /// The position `text` describes.
    /// - Throws: ``CoordinateParseError`` saying what is wrong.
    public static func parse(_ text: String) throws(CoordinateParseError) -> GPSPosition {
        let tokens = try tokenize(text)
        if tokens.isEmpty { throw .empty }
        let parts: [Part]
        let plain = tokens.compactMap { token -> Number? in
            if case let .number(number) = token, number.unit == nil { return number }
            return nil
        }
        if plain.count == tokens.count {
            // Numbers only, without letters, symbols or commas: two equal halves.
            switch plain.count {
            case 1: throw .missingLongitude
            case 2, 4, 6:
                parts = [Part(numbers: Array(plain[..<(plain.count / 2)])),
                         Part(numbers: Array(plain[(plain.count / 2)...]))]
            default: throw .tooManyCoordinates
            }
        } else {
            parts = try group(tokens)
        }
        if parts.isEmpty { throw .empty }
        guard parts.count >= 2 else { throw .missingLongitude }
        guard parts.count == 2 else { throw .tooManyCoordinates }
        let isLatitude = parts.map { $0.hemisphere.map { "NS".contains($0) } }
        var (latitudePart, longitudePart) = (parts[0], parts[1])
        switch (isLatitude[0], isLatitude[1]) {
        case (true, true): throw .twoLatitudes
        case (false, false): throw .twoLongitudes
        case (false, _), (_, true): (latitudePart, longitudePart) = (parts[1], parts[0])
        default: break
        }
        let latitude = try latitudePart.degrees()
        let longitude = try longitudePart.degrees()
        guard abs(latitude) <= 90 else { throw .latitudeOutOfRange(latitude) }
        guard abs(longitude) <= 180 else { throw .longitudeOutOfRange(longitude) }
        return GPSPosition(latitude: latitude, longitude: longitude)
    }

    // MARK: - Tokens

    enum Unit { case degrees, minutes, seconds }

    struct Number {
        var value: Double
        var negative: Bool
        var signed: Bool
        var hasDecimals: Bool
        var unit: Unit?
    }

    enum Token {
        case number(Number)
        case hemisphere(Character)
        case comma
    }

    static func tokenize(_ text: String) throws(CoordinateParseError) -> [Token] {
        let characters = Array(text)
        var tokens: [Token] = []
        var i = 0
        while i < characters.count {
            let c = characters[i]
            if c.isWhitespace { i += 1; continue }
            if c == "," || c == ";" { tokens.append(.comma); i += 1; continue }
            if let unit = unit(of: c, next: i + 1 < characters.count ? characters[i + 1] : nil) {
                guard case var .number(number)? = tokens.last, number.unit == nil else {
                    throw .unexpected(String(c))
                }
                number.unit = unit.unit
                tokens[tokens.count - 1] = .number(number)
                i += unit.length
                continue
            }
            if c.isNumber || c == "." || c == "-" || c == "+" || c == "−" {
                var j = i
                var negative = false, signed = false
                if c == "-" || c == "+" || c == "−" { negative = c != "+"; signed = true; j += 1 }
                let digitsStart = j
                var sawPoint = false
                while j < characters.count, characters[j].isASCII,
                      characters[j].isNumber || (characters[j] == "." && !sawPoint) {
                    if characters[j] == "." { sawPoint = true }
                    j += 1
                }
                let digits = String(characters[digitsStart..<j])
                guard let value = Double(digits), digits.contains(where: \.isNumber) else {
                    throw .unexpected(String(characters[i..<max(j, i + 1)]))
                }
                tokens.append(.number(Number(value: value, negative: negative, signed: signed,
                                             hasDecimals: sawPoint, unit: nil)))
                i = j
                continue
            }
            // A word: a hemisphere letter, or something unexpected.
            var j = i
            while j < characters.count, characters[j].isLetter { j += 1 }
            let word = String(characters[i..<max(j, i + 1)])
            guard word.count == 1, let letter = word.uppercased().first, "NSEW".contains(letter) else {
                throw .unexpected(word)
            }
            tokens.append(.hemisphere(letter))
            i = j
        }
        return tokens
    }

    /// The unit symbol at a character (and how many characters it takes: '' is seconds).
    private static func unit(of c: Character, next: Character?) -> (unit: Unit, length: Int)? {
        switch c {
        case "°", "º", "˚": (.degrees, 1)
        case "'", "′", "’", "‘", "´":
            next.map { "'′’".contains($0) } == true ? (.seconds, 2) : (.minutes, 1)
        case "\"", "″", "”", "“": (.seconds, 1)
        default: nil
        }
    }

    // MARK: - Coordinates

    /// One coordinate: up to three numbers (degrees, minutes, seconds) and maybe a hemisphere.
    struct Part {
        var numbers: [Number] = []
        var hemisphere: Character?

        /// Signed decimal degrees.
        func degrees() throws(CoordinateParseError) -> Double {
            let expected: [Unit] = [.degrees, .minutes, .seconds]
            for (index, number) in numbers.enumerated() {
                if let unit = number.unit, unit != expected[index] {
                    throw .unexpected(index == 0 ? "\(Self.format(number.value))\(Self.symbol(unit))"
                                                 : Self.symbol(unit))
                }
                if index > 0, number.signed { throw .unexpected(number.negative ? "-" : "+") }
                if number.hasDecimals, index < numbers.count - 1 { throw .decimalsBeforeLast }
            }
            if numbers.count > 1, numbers[1].value >= 60 { throw .minutesOutOfRange(numbers[1].value) }
            if numbers.count > 2, numbers[2].value >= 60 { throw .secondsOutOfRange(numbers[2].value) }
            var value = numbers[0].value
            if numbers.count > 1 { value += numbers[1].value / 60 }
            if numbers.count > 2 { value += numbers[2].value / 3600 }
            let negative = numbers[0].negative
            if let hemisphere {
                if numbers[0].signed, negative { throw .signAndHemisphere }
                return "SW".contains(hemisphere) ? -value : value
            }
            return negative ? -value : value
        }

        private static func symbol(_ unit: Unit) -> String {
            switch unit {
            case .degrees: "°"
            case .minutes: "'"
            case .seconds: "\""
            }
        }

        private static func format(_ value: Double) -> String {
            value == value.rounded() ? String(Int(value)) : String(value)
        }
    }

    /// Splits tokens into coordinates: a comma, a hemisphere letter after numbers, a signed
    /// number, a number marked as degrees, a number after seconds or after decimals, or a fourth
    /// number starts the next one.
    static func group(_ tokens: [Token]) throws(CoordinateParseError) -> [Part] {
        var parts: [Part] = []
        var current = Part()
        var prefix: Character?
        func close() {
            if !current.numbers.isEmpty { parts.append(current) }
            current = Part()
        }
        for token in tokens {
            switch token {
            case let .number(number):
                if let last = current.numbers.last,
                   number.signed || number.unit == .degrees || current.numbers.count == 3
                    || last.unit == .seconds || (last.hasDecimals && number.unit == nil && last.unit == nil) {
                    close()
                }
                if current.numbers.isEmpty, let letter = prefix {
                    current.hemisphere = letter
                    prefix = nil
                }
                current.numbers.append(number)
            case let .hemisphere(letter):
                if !current.numbers.isEmpty, current.hemisphere == nil {
                    current.hemisphere = letter
                    close()
                } else if prefix == nil {
                    close()
                    prefix = letter
                } else {
                    throw .unexpected(String(letter))
                }
            case .comma:
                if current.numbers.isEmpty, prefix == nil, parts.isEmpty { throw .unexpected(",") }
                close()
            }
        }
        close()
        if let prefix { throw parts.isEmpty ? .unexpected(String(prefix)) : .missingLongitude }
        return parts
    }
}
