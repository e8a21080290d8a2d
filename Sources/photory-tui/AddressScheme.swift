/// Arguments written as addresses (`ftp://host/x`, `postgresql://db`) rather than file paths.
enum AddressScheme {
    /// The scheme of an argument that starts like an address ("ftp" for "ftp://host/x"), or nil.
    static func of(_ argument: String) -> String? {
        guard let colon = argument.firstIndex(of: ":"), argument[colon...].hasPrefix("://") else { return nil }
        let scheme = argument[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter,
              scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        else { return nil }
        return String(scheme)
    }
}
