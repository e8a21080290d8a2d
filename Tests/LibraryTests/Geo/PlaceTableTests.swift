import Fixtures
import Foundation
import Testing
@testable import Library

@Suite struct PlaceTableTests {
    private func table() throws -> PlaceTable { try PlaceTable.shared() }

    @Test func loadsEveryCityWithItsCountry() throws {
        let clock = ContinuousClock()
        let start = clock.now
        let table = try PlaceTable(folder: GeoResources.folder)   // a fresh load, for the log
        print("note: place table of \(table.places.count) places loaded in \(clock.now - start) (debug build)")
        #expect(table.places.count == 34_006)
        #expect(table.countryNames["BR"] == "Brazil")
        #expect(zip(table.places, table.places.dropFirst()).allSatisfy { $0.population >= $1.population })
        let rio = try #require(table.places.first { $0.name == "Rio de Janeiro" })
        #expect(rio.countryName == "Brazil")
        #expect(rio.label == "Rio de Janeiro, BR")
    }

    @Test func nearestPlaceOfRioCoordinatesIsRio() throws {
        let place = try table().nearest(to: GPSPosition(latitude: -22.9068, longitude: -43.1729))
        #expect(place?.label == "Rio de Janeiro, BR")
    }

    @Test func nearestPlaceAcrossTheDateLine() throws {
        let text = "C\tFJ\tFiji\nEast\t\tFJ\t-16.5000\t179.9500\t20000\nFar\t\tFJ\t-16.5000\t170.0000\t90000\n"
        let table = try PlaceTable(data: Data(text.utf8), path: "t.tsv")
        #expect(table.nearest(to: GPSPosition(latitude: -16.5, longitude: -179.95), within: 20)?.name == "East")
        #expect(table.nearest(to: GPSPosition(latitude: -16.5, longitude: 179.99))?.label == "East, FJ")
        #expect(table.nearest(to: GPSPosition(latitude: -16.5, longitude: -179.5), within: 20) == nil)
    }

    @Test(arguments: [
        (0.0, -30.0),       // mid-Atlantic
        (-60.0, -140.0),    // Southern Ocean
        (90.0, 0.0),        // North Pole
    ])
    func openSeaHasNoPlace(latitude: Double, longitude: Double) throws {
        #expect(try table().nearest(to: GPSPosition(latitude: latitude, longitude: longitude)) == nil)
    }

    @Test func invalidPositionsHaveNoPlace() throws {
        #expect(try table().nearest(to: GPSPosition(latitude: .nan, longitude: 0)) == nil)
        #expect(try table().nearest(to: GPSPosition(latitude: 91, longitude: 0)) == nil)
    }

    @Test func searchNarrowsAsTheUserTypes() throws {
        let table = try table()
        let r = table.search("r", limit: 50), ri = table.search("ri", limit: 50), rio = table.search("rio", limit: 50)
        #expect(r.count == 50)
        #expect(Set(rio).isSubset(of: Set(table.search("ri", limit: 10_000))))
        #expect(Set(table.search("ri", limit: 10_000)).isSubset(of: Set(table.search("r", limit: 100_000))))
        #expect(ri.first != nil)
        #expect(rio.first?.label == "Rio de Janeiro, BR")
        #expect(table.search("rio de j").map(\.label) == ["Rio de Janeiro, BR"])
    }

    @Test func searchIgnoresCaseAndAccents() throws {
        let table = try table()
        #expect(table.search("sao paulo").first?.label == "São Paulo, BR")
        #expect(table.search("SÃO PAULO").first?.label == "São Paulo, BR")
        #expect(table.search("zurich").first?.label == "Zürich, CH")
        #expect(table.search("lodz").first?.name == "Łódź")
        #expect(table.search("łódź").first?.name == "Łódź")
    }

    @Test func searchMatchesTheStartOfAnyWord() throws {
        let table = try table()
        #expect(table.search("janeiro").first?.label == "Rio de Janeiro, BR")
        #expect(table.search("paulo").first?.label == "São Paulo, BR")
        #expect(table.search("etienne").contains { $0.name == "Saint-Étienne" })
        #expect(table.search("saint etienne").first?.name == "Saint-Étienne")
        #expect(table.search("aneiro").isEmpty)   // not the middle of a word
    }

    @Test func searchByCityAndCountry() throws {
        let table = try table()
        #expect(table.search("paris").first?.label == "Paris, FR")
        let texas = table.search("paris, us")
        #expect(!texas.isEmpty && texas.allSatisfy { $0.countryCode == "US" })
        #expect(table.search("paris, united states").first?.countryCode == "US")
        #expect(table.search("london, canada").first?.label == "London, CA")
        #expect(table.search("rio, br").first?.label == "Rio de Janeiro, BR")
        #expect(table.search("rio, xx").isEmpty)
        #expect(table.search("  ").isEmpty)
        #expect(table.search(", br").isEmpty)
        #expect(table.search("rio", limit: 3).count == 3)
    }

    @Test func missingTableIsATypedErrorNamingThePath() throws {
        let folder = TemporaryFolder()
        #expect(throws: GeoDataError.notFound(what: "place table", path: folder.path + "/places.tsv")) {
            try PlaceTable(folder: folder.path)
        }
        let error = GeoDataError.notFound(what: "place table", path: "/x/places.tsv")
        #expect(error.description.hasPrefix("place table not found at /x/places.tsv"))
    }

    @Test func malformedTableSaysWhichLine() throws {
        let text = "# header\nC\tBR\tBrazil\nRio\t\tBR\t-22.9\t-43.2\t6000000\nbroken line\n"
        #expect(throws: GeoDataError.malformed(what: "place table", path: "t.tsv",
                                               reason: "line 4 is not name, ASCII name, country, latitude, longitude, population")) {
            try PlaceTable(data: Data(text.utf8), path: "t.tsv")
        }
        #expect(throws: GeoDataError.self) {
            try PlaceTable(data: Data("Rio\t\tBR\t-95\t-43.2\t1\n".utf8), path: "t.tsv")
        }
        let one = try PlaceTable(data: Data(text.replacingOccurrences(of: "broken line\n", with: "").utf8), path: "t.tsv")
        #expect(one.places.map(\.label) == ["Rio, BR"])
    }
}
