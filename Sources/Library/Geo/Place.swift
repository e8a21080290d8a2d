/// A city of the offline place table (GeoNames, cities of 15,000 people or more).
public struct Place: Sendable, Hashable {
    /// The name as GeoNames spells it ("São Paulo").
    public var name: String
    /// ISO 3166 two-letter country code ("BR").
    public var countryCode: String
    /// The country's English name ("Brazil"); the code when the table has no name for it.
    public var countryName: String
    public var latitude: Double
    public var longitude: Double
    public var population: Int

    public init(name: String, countryCode: String, countryName: String, latitude: Double,
                longitude: Double, population: Int) {
        self.name = name
        self.countryCode = countryCode
        self.countryName = countryName
        self.latitude = latitude
        self.longitude = longitude
        self.population = population
    }

    /// "Rio de Janeiro, BR": the name and the country code, as the panel and lists show it.
    public var label: String { "\(name), \(countryCode)" }

    /// The city centre as a position.
    public var position: GPSPosition { GPSPosition(latitude: latitude, longitude: longitude) }
}
