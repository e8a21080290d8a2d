/// By place: country, then city, from the photo's location and the injected place lookup;
/// photos with a location no place is known for in "Unknown place", photos without one in
/// "No location", last.
public struct PlaceGrouping: Grouping {
    private let places: PlaceNames

    public init(places: PlaceLookup?) {
        self.places = PlaceNames(places)
    }

    public func keys(of photo: Photo) -> [String] {
        guard let position = photo.gps else { return [""] }
        guard let place = places.place(at: position) else { return ["?"] }
        return [place.country, place.city]
    }

    /// The place lookup names each place one way.
    public var namesFollowIDs: Bool { true }

    public func folder(for keys: [String]) -> FolderStep {
        switch keys[0] {
        case "": return FolderStep(id: "noplace", name: "No location", rank: 2)
        case "?": return FolderStep(id: "unknownplace", name: "Unknown place", rank: 1)
        default: return FolderStep(id: FolderStep.id("p", keys.map(SearchText.fold).joined(separator: "\n")), name: keys[keys.count - 1])
        }
    }
}
