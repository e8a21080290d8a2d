@testable import Library

/// A photo for search, grouping and sort tests, with every field they look at.
func photo(_ id: String, path: String? = nil, description: String? = nil, takenAt: String = "2024-01-01T10:00:00",
           make: String? = nil, model: String? = nil, gps: GPSPosition? = nil, size: Int64 = 100,
           favourite: Bool = false, missing: Bool = false, importedAt: Double = 0) -> Photo {
    var photo = Photo(id: id, path: path ?? "/photos/\(id).jpg", fileSize: size, fileModified: 0, width: 40, height: 30,
                      takenAt: takenAt, takenAtSource: .dateTimeOriginal, cameraMake: make, cameraModel: model, gps: gps,
                      description: description, descriptionSource: description == nil ? nil : .exif,
                      missing: missing, importedAt: importedAt)
    photo.edits.favourite = favourite
    return photo
}

/// Rio, Lisbon and São Paulo, for the place lookup the tests inject.
let rio = GPSPosition(latitude: -22.9068, longitude: -43.1729)
let lisbon = GPSPosition(latitude: 38.7223, longitude: -9.1393)
let saoPaulo = GPSPosition(latitude: -23.5505, longitude: -46.6333)

/// A lookup that knows the three places above (the real table is injected by the app).
let testPlaces: PlaceLookup = { position in
    switch position {
    case rio: PlaceName(city: "Rio de Janeiro", country: "Brazil")
    case lisbon: PlaceName(city: "Lisbon", country: "Portugal")
    case saoPaulo: PlaceName(city: "São Paulo", country: "Brazil")
    default: nil
    }
}
