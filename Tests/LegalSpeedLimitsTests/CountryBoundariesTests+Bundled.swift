import Geodesy
@testable import LegalSpeedLimits
import SeededRandom
import Testing

/// The bundled `countries.geojson`: known places, and the grid against the textbook rule at random points.
@Suite struct BundledCountryBoundariesTests {
    // Loaded once for all tests here (a debug build takes a while to index the file).
    private static let loaded = Result { () throws(LegalDataError) in try CountryBoundaries.bundled() }
    private static let bruteForce = Result { () throws(LegalDataError) in
        BruteForceBoundaries(geoJSON: try LegalDataFiles.read(LegalDataFiles.boundariesFileName))
    }

    private func boundaries() throws -> CountryBoundaries {
        try Self.loaded.get()
    }

    @Test func bundledFileHasCountriesAndSubdivisions() throws {
        let ids = try boundaries().ids
        #expect(ids.count == 516)
        #expect(Set(ids).count == ids.count)
        for id in ["PT", "US", "US-CA", "US-DC", "AU-VIC", "BE-VLG", "MC", "MT"] {
            #expect(ids.contains(id), "\(id)")
        }
    }

    @Test(arguments: [
        (41.15, -8.61, ["PT"]),  // Porto
        (43.7384, 7.4246, ["MC"]),  // Monaco
        (43.70, 7.27, ["FR"]),  // Nice
        (45.46, 9.19, ["IT"]),  // Milan
        (49.40, 8.69, ["DE"]),  // Heidelberg
        (35.90, 14.51, ["MT"]),  // Valletta
        (38.91, -77.01, ["US-DC", "US"]),  // Washington DC
        (37.81, -122.29, ["US-CA", "US"]),  // Oakland
        (-33.87, 151.21, ["AU-NSW", "AU"]),  // Sydney
        (-37.81, 144.96, ["AU-VIC", "AU"]),  // Melbourne
        (51.22, 4.40, ["BE-VLG", "BE"]),  // Antwerp
        (40.0, -40.0, []),  // the Atlantic
    ] as [(Double, Double, [String])])
    func knownPlaces(latitude: Double, longitude: Double, expected: [String]) throws {
        let coordinate = Coordinate(latitude: latitude, longitude: longitude)
        let boundaries = try boundaries()
        #expect(boundaries.regions(at: coordinate) == expected)
        #expect(boundaries.region(at: coordinate) == expected.first)
    }

    // Boxes around crowded borders (Monaco, Baarle's enclaves, Basel's tripoint, the Balkans), a coast,
    // states, and islands.
    @Test(arguments: [
        ("Monaco and Menton", 43.70 ... 43.80, 7.35 ... 7.55),
        ("Baarle-Nassau", 51.40 ... 51.48, 4.88 ... 4.98),
        ("Benelux", 49.4 ... 53.6, 2.5 ... 7.3),
        ("Basel", 47.4 ... 47.7, 7.4 ... 7.8),
        ("Iberia", 36.0 ... 44.0, -10.0 ... 3.5),
        ("Balkans", 40.0 ... 46.5, 13.0 ... 23.0),
        ("Potomac", 38.7 ... 39.1, -77.3 ... -76.8),
        ("Western states", 32.0 ... 49.0, -125.0 ... -109.0),
        ("Caribbean", 10.0 ... 19.0, -70.0 ... -59.0),
        ("South-east Australia", -40.0 ... -28.0, 140.0 ... 154.0),
    ] as [(String, ClosedRange<Double>, ClosedRange<Double>)])
    func randomPointsAgreeWithBruteForce(area: String, latitudes: ClosedRange<Double>, longitudes: ClosedRange<Double>) throws {
        let boundaries = try boundaries()
        let bruteForce = try #require(try Self.bruteForce.get())
        var random = SplitMix64(seed: UInt64(area.utf8.count) * 7_919)
        var disagreements: [String] = []
        for _ in 0 ..< 400 {
            let coordinate = random.coordinate(latitudes: latitudes, longitudes: longitudes)
            let expected = bruteForce.regions(at: coordinate)
            if boundaries.regions(at: coordinate) != expected || boundaries.region(at: coordinate) != expected.first {
                disagreements.append("\(coordinate): \(boundaries.regions(at: coordinate)) instead of \(expected)")
            }
        }
        #expect(disagreements.isEmpty, "\(area): \(disagreements.prefix(5))")
    }
}
