/// One tag of a file as `FileTags` lists it: the group it belongs to (named as `exiftool -G1`
/// names them where we can: "IFD0", "ExifIFD", "GPS", "InteropIFD", "IFD1", "MakerNotes",
/// "XMP-dc", "IPTC", "File"), its name, and its value as text. Name and value are as the file
/// has them (decoded, trimmed): whatever shows them strips controls (`strippingControlCharacters`).
public struct MetadataTag: Sendable, Equatable, Codable {
    public var group: String
    public var name: String
    public var value: String

    public init(group: String, name: String, value: String) {
        self.group = group
        self.name = name
        self.value = value
    }

    /// Whether `query` (already lowercased) is in the name, the group or the value.
    public func matches(_ query: String) -> Bool {
        query.isEmpty || [group, name, value].contains { $0.lowercased().contains(query) }
    }
}
