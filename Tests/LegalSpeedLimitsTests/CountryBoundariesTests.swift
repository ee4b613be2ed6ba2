import Geodesy
@testable import LegalSpeedLimits
import SeededRandom
import Testing

@Suite struct CountryBoundariesTests {
    typealias Fixture = BoundaryFixture

    private func point(_ latitude: Double, _ longitude: Double) -> Coordinate {
        Coordinate(latitude: latitude, longitude: longitude)
    }

    @Test(arguments: BoundaryFixture.shapes)
    func holeIsOutsideByTheEvenOddRule(shape: CountryBoundariesGridBuilder.Shape) throws {
        let geoJSON = Fixture.collection(Fixture.polygon("AA", [Fixture.square(west: 0, south: 0, side: 10),
                                                                Fixture.square(west: 4, south: 4, side: 2)]))
        let boundaries = try Fixture.boundaries(geoJSON, shape: shape)
        #expect(boundaries.regions(at: point(2, 2)) == ["AA"])
        #expect(boundaries.regions(at: point(9.9, 0.1)) == ["AA"])
        #expect(boundaries.region(at: point(5, 5)) == nil)
        #expect(boundaries.region(at: point(5, 11)) == nil)
        #expect(boundaries.region(at: point(-0.1, 5)) == nil)
    }

    @Test(arguments: BoundaryFixture.shapes)
    func multiPolygonCoversEachPartAndNotTheGap(shape: CountryBoundariesGridBuilder.Shape) throws {
        let geoJSON = Fixture.collection(Fixture.multiPolygon("BB", [
            [Fixture.square(west: 0, south: 0, side: 3)],
            [Fixture.square(west: 5, south: 0, side: 3), Fixture.square(west: 6, south: 1, side: 1)],
        ]))
        let boundaries = try Fixture.boundaries(geoJSON, shape: shape)
        #expect(boundaries.region(at: point(1, 1)) == "BB")
        #expect(boundaries.region(at: point(0.5, 7.5)) == "BB")
        #expect(boundaries.region(at: point(1.5, 6.5)) == nil, "the hole of the second part")
        #expect(boundaries.region(at: point(1, 4)) == nil, "between the parts")
    }

    @Test(arguments: BoundaryFixture.shapes)
    func subdivisionComesBeforeItsCountry(shape: CountryBoundariesGridBuilder.Shape) throws {
        // The country after its subdivision in the file, and a second subdivision that is not inside it.
        let geoJSON = Fixture.collection(
            Fixture.polygon("CC-N", [[(0, 5), (10, 5), (10, 10), (0, 10), (0, 5)]]),
            Fixture.polygon("CC", [Fixture.square(west: 0, south: 0, side: 10)]),
            Fixture.polygon("DD", [Fixture.square(west: 10, south: 0, side: 10)]))
        let boundaries = try Fixture.boundaries(geoJSON, shape: shape)
        #expect(boundaries.regions(at: point(7, 2)) == ["CC-N", "CC"])
        #expect(boundaries.region(at: point(7, 2)) == "CC-N")
        #expect(boundaries.regions(at: point(2, 2)) == ["CC"])
        #expect(boundaries.regions(at: point(2, 12)) == ["DD"])
        #expect(boundaries.ids == ["CC-N", "CC", "DD"])
    }

    @Test func countryBeforeItsSubdivisionInTheFileStillComesSecond() throws {
        let geoJSON = Fixture.collection(Fixture.polygon("US", [Fixture.square(west: 0, south: 0, side: 10)]),
                                         Fixture.polygon("US-CA", [Fixture.square(west: 1, south: 1, side: 2)]))
        let boundaries = try Fixture.boundaries(geoJSON)
        #expect(boundaries.regions(at: point(2, 2)) == ["US-CA", "US"])
        #expect(boundaries.ids == ["US", "US-CA"], "ids keep the order of the file")
    }

    @Test(arguments: BoundaryFixture.shapes)
    func pointAtSeaIsInNothing(shape: CountryBoundariesGridBuilder.Shape) throws {
        let boundaries = try Fixture.boundaries(Fixture.collection(Fixture.polygon("PT", [Fixture.square(west: -9, south: 37, side: 5)])),
                                                shape: shape)
        #expect(boundaries.regions(at: point(40, -40)) == [])
        #expect(boundaries.region(at: point(40, -40)) == nil)
        #expect(boundaries.region(at: point(40, -8)) == "PT")
    }

    @Test func coordinatesOutOfRangeAreInNothing() throws {
        let boundaries = try Fixture.boundaries(Fixture.collection(Fixture.polygon("AQ", [[(-180, -90), (180, -90), (180, -60),
                                                                                          (-180, -60), (-180, -90)]])))
        #expect(boundaries.region(at: point(-70, 0)) == "AQ")
        #expect(boundaries.region(at: point(-91, 0)) == nil)
        #expect(boundaries.region(at: point(-70, 181)) == nil)
        #expect(boundaries.region(at: point(.nan, 0)) == nil)
        #expect(boundaries.region(at: point(-70, .infinity)) == nil)
    }

    @Test func emptyCollectionHasNoRegions() throws {
        let boundaries = try Fixture.boundaries(Fixture.collection())
        #expect(boundaries.ids.isEmpty)
        #expect(boundaries.region(at: point(0, 0)) == nil)
    }

    // The 180th meridian is the -180th: a point given as 180 is found in the feature drawn east of -180.
    @Test func longitude180IsLongitudeMinus180() throws {
        let geoJSON = Fixture.collection(Fixture.multiPolygon("FJ", [[[(170, -20), (180, -20), (180, -10), (170, -10), (170, -20)]],
                                                                     [[(-180, -20), (-170, -20), (-170, -10), (-180, -10), (-180, -20)]]]))
        let boundaries = try Fixture.boundaries(geoJSON)
        #expect(boundaries.region(at: point(-15, 180)) == "FJ")
        #expect(boundaries.region(at: point(-15, -180)) == "FJ")
        #expect(boundaries.region(at: point(-15, 179.99)) == "FJ")
    }

    // Neighbours sharing a border: a point exactly on it, or on a corner four share, is in exactly one.
    @Test(arguments: BoundaryFixture.shapes)
    func pointOnASharedBorderIsInExactlyOneNeighbour(shape: CountryBoundariesGridBuilder.Shape) throws {
        let geoJSON = Fixture.collection(
            Fixture.polygon("SW", [Fixture.square(west: 0, south: 0, side: 1)]),
            Fixture.polygon("SE", [Fixture.square(west: 1, south: 0, side: 1)]),
            Fixture.polygon("NW", [Fixture.square(west: 0, south: 1, side: 1)]),
            Fixture.polygon("NE", [[(1, 1), (1, 2), (2, 2), (2, 1), (1, 1)]]))  // clockwise, for once
        let boundaries = try Fixture.boundaries(geoJSON, shape: shape)
        let onBorders = [point(0.5, 1), point(1.5, 1), point(1, 0.5), point(1, 1.5), point(1, 1), point(0.25, 1), point(1, 0.75)]
        for coordinate in onBorders {
            #expect(boundaries.regions(at: coordinate).count == 1, "\(coordinate)")
        }
    }

    // More features over one cell than a machine word has bits: the array fall-back.
    @Test(arguments: BoundaryFixture.shapes)
    func seventyNestedFeaturesAllAnswer(shape: CountryBoundariesGridBuilder.Shape) throws {
        let nested = (0 ..< 70).map { index in
            Fixture.polygon("N\(index)", [Fixture.square(west: 0.01 * Double(index), south: 0.01 * Double(index),
                                                          side: 2 - 0.02 * Double(index))])
        }
        let geoJSON = Fixture.collection(nested)
        let boundaries = try Fixture.boundaries(geoJSON, shape: shape)
        #expect(boundaries.regions(at: point(1, 1)) == (0 ..< 70).map { "N\($0)" })
        #expect(boundaries.regions(at: point(0.055, 1)) == (0 ..< 6).map { "N\($0)" })
        #expect(boundaries.region(at: point(1, 1)) == "N0")
        let bruteForce = try #require(BruteForceBoundaries(geoJSON: geoJSON))
        var random = SplitMix64(seed: 70)
        for _ in 0 ..< 300 {
            let coordinate = random.coordinate(latitudes: -0.1 ... 2.1, longitudes: -0.1 ... 2.1)
            #expect(boundaries.regions(at: coordinate) == bruteForce.regions(at: coordinate), "\(coordinate)")
        }
    }

    // Many short edges in a few cells, concave stretches, a hole, a subdivision overlapping part of it:
    // the grid's answers against the textbook rule at random points, on every shape of grid.
    @Test(arguments: BoundaryFixture.shapes)
    func randomPointsAgreeWithBruteForceOnWobblyPolygons(shape: CountryBoundariesGridBuilder.Shape) throws {
        let outer = Fixture.wobblyRing(longitude: 20, latitude: 45, radius: 3, vertexCount: 700, seed: 1)
        let hole = Fixture.wobblyRing(longitude: 20.5, latitude: 45.2, radius: 0.8, vertexCount: 150, seed: 2)
        let part = Fixture.wobblyRing(longitude: 22.5, latitude: 46, radius: 1.5, vertexCount: 300, seed: 3)
        let islands = (0 ..< 5).map { index in
            [Fixture.wobblyRing(longitude: 25 + Double(index) * 0.7, latitude: 43, radius: 0.3, vertexCount: 40, seed: 10 + UInt64(index))]
        }
        let geoJSON = Fixture.collection(Fixture.multiPolygon("WW", [[outer, hole]] + islands),
                                         Fixture.polygon("WW-P", [part]))
        let boundaries = try Fixture.boundaries(geoJSON, shape: shape)
        let bruteForce = try #require(BruteForceBoundaries(geoJSON: geoJSON))
        var random = SplitMix64(seed: 42)
        var inside = 0
        for _ in 0 ..< 3_000 {
            let coordinate = random.coordinate(latitudes: 41.5 ... 48.5, longitudes: 16.5 ... 28.5)
            let expected = bruteForce.regions(at: coordinate)
            #expect(boundaries.regions(at: coordinate) == expected, "\(coordinate)")
            #expect(boundaries.region(at: coordinate) == expected.first, "\(coordinate)")
            inside += expected.isEmpty ? 0 : 1
        }
        #expect(inside > 500, "the points test the polygons, not only the sea around them")
    }

    @Test func pointsOnTheRimOfTheWorldDoNotTrap() throws {
        let boundaries = try Fixture.boundaries(Fixture.collection(Fixture.polygon("XX", [[(-180, -90), (180, -90), (180, 90), (-180, 90),
                                                                                          (-180, -90)]])))
        for coordinate in [point(90, 180), point(-90, -180), point(90, -180), point(-90, 180), point(0, 180), point(0, -180)] {
            _ = boundaries.regions(at: coordinate)
        }
        #expect(boundaries.region(at: point(0, 0)) == "XX")
    }
}
