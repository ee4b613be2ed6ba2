import Foundation
import Testing
import Geodesy
import RoadNetwork
@testable import Places

/// Radius, category and limit filters of the POI grid index, the corridor search and bad options.
struct PointOfInterestFinderTests {
    static let center = Coordinate(latitude: 43.7384, longitude: 7.4246)

    static func place(_ id: Int64, _ name: String, _ key: String, _ value: String, bearing: Degrees, distance: Meters) -> PointOfInterest {
        PointOfInterest(osmID: id, osmType: .node, name: name, key: key, category: value,
                        coordinate: GreatCircle.destination(from: center, bearing: Bearing(degrees: bearing), distance: distance))
    }

    static let places: [PointOfInterest] = [
        place(1, "Le Bistro", "amenity", "restaurant", bearing: 90, distance: 100),
        place(2, "Café de Paris", "amenity", "cafe", bearing: 45, distance: 400),
        place(3, "Oceanographic Museum", "tourism", "museum", bearing: 180, distance: 1_400),
        place(4, "Far Restaurant", "amenity", "restaurant", bearing: 270, distance: 1_600),
        place(5, "Casino Parking", "amenity", "parking", bearing: 0, distance: 9_000),
        place(6, "Bar Américain", "amenity", "bar", bearing: 315, distance: 700),
        place(7, "Fountain", "amenity", "fountain", bearing: 10, distance: 50),   // not in the category table
        place(8, "Restaurant shop?", "shop", "restaurant", bearing: 90, distance: 200), // same value, other key
    ]

    @Test func radiusKeepsOnlyPlacesInsideItNearestFirst() throws {
        let finder = PointOfInterestFinder(Self.places)
        let found = finder.nearby(try PointOfInterestQuery(center: Self.center, radius: 1_500))
        #expect(found.map(\.pointOfInterest.osmID) == [7, 1, 8, 2, 6, 3])
        #expect(found.allSatisfy { $0.distance <= 1_500 })
        #expect(abs(found[1].distance - 100) < 0.01)
        #expect(abs(found[1].bearing.degrees - 90) < 0.01)
        #expect(found[1].compass == .east)
        #expect(found[3].compass == .northEast)
        #expect(found[4].compass == .northWest)
        #expect(found[0].category == "fountain")   // unlisted tags keep their raw value
    }

    @Test func largerRadiusReachesFartherCells() throws {
        let finder = PointOfInterestFinder(Self.places)
        let found = finder.nearby(try PointOfInterestQuery(center: Self.center, radius: 10_000))
        #expect(found.count == Self.places.count)
        #expect(found.last?.pointOfInterest.osmID == 5)
    }

    @Test func categoryFilterMatchesKeyAndValue() throws {
        let finder = PointOfInterestFinder(Self.places)
        let restaurants = finder.nearby(try PointOfInterestQuery(
            center: Self.center, radius: 2_000, categories: PointOfInterestCategory.parseList("restaurant")))
        #expect(restaurants.map(\.pointOfInterest.osmID) == [1, 4])   // not the shop=restaurant
        let drinks = finder.nearby(try PointOfInterestQuery(
            center: Self.center, radius: 2_000, categories: PointOfInterestCategory.parseList(" cafe, BAR ")))
        #expect(drinks.map(\.pointOfInterest.osmID) == [2, 6])
    }

    @Test func limitKeepsTheNearest() throws {
        let finder = PointOfInterestFinder(Self.places)
        let found = finder.nearby(try PointOfInterestQuery(center: Self.center, radius: 1_500, limit: 2))
        #expect(found.map(\.pointOfInterest.osmID) == [7, 1])
    }

    @Test func radiusOverTenKilometresIsRejected() {
        do {
            _ = try PointOfInterestQuery(center: Self.center, radius: 12_000)
            Issue.record("a 12 km radius was accepted")
        } catch {
            #expect(error == .radiusTooLarge(12_000, maximum: 10_000))
            #expect(error.description == "search radius 12000 m is too large: the maximum is 10000 m")
        }
        #expect(throws: PlacesError.invalidValue(.radius, value: "0", expected: "a positive distance in metres up to 10000")) {
            try PointOfInterestQuery(center: Self.center, radius: 0)
        }
        #expect(throws: PlacesError.self) { try PointOfInterestQuery(center: Self.center, radius: -5) }
    }

    @Test func unknownCategoryListsTheKnownOnes() {
        do {
            _ = try PointOfInterestCategory.parseList("cafe,sushi")
            Issue.record("an unknown category was accepted")
        } catch {
            #expect(error == .unknownCategory("sushi", known: PointOfInterestCategory.known.map(\.name)))
            #expect(error.description.hasPrefix("unknown category 'sushi': known categories are restaurant, cafe, bar"))
        }
    }

    @Test func moreThanSixCategoriesAreRejected() {
        #expect(throws: PlacesError.tooManyCategories(count: 7, maximum: 6)) {
            try PointOfInterestCategory.parseList("restaurant,cafe,bar,pub,fast_food,fuel,parking")
        }
        // Six are fine, and repeating one does not count twice.
        #expect((try? PointOfInterestCategory.parseList("restaurant,cafe,bar,pub,fast_food,fuel,cafe"))?.count == 6)
        #expect(throws: PlacesError.self) { try PointOfInterestCategory.parseList("cafe,,bar") }
    }

    @Test func categoryTableNamesAreUniqueAndMapToOSMTags() {
        let names = PointOfInterestCategory.known.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(PointOfInterestCategory.named("museum") == PointOfInterestCategory(name: "museum", key: "tourism", value: "museum"))
        #expect(PointOfInterestCategory.named("castle")?.key == "historic")
        #expect(PointOfInterestCategory.named("park")?.key == "leisure")
        #expect(PointOfInterestCategory.named("supermarket")?.key == "shop")
    }

    @Test func corridorKeepsPlacesNearTheRouteWithTheirDistanceAlong() throws {
        // A 1 km road due east of the centre; places north of it at 300 m (40 m off) and 600 m (150 m off).
        let polyline = (0...10).map { GreatCircle.destination(from: Self.center, bearing: Bearing(degrees: 90), distance: Double($0) * 100) }
        let distances = (0...10).map { Double($0) * 100 }
        let near = PointOfInterest(osmID: 1, osmType: .node, name: "Near", key: "amenity", category: "cafe",
                                   coordinate: GreatCircle.destination(from: polyline[3], bearing: Bearing(degrees: 0), distance: 40))
        let far = PointOfInterest(osmID: 2, osmType: .way, name: "Far", key: "amenity", category: "cafe",
                                  coordinate: GreatCircle.destination(from: polyline[6], bearing: Bearing(degrees: 0), distance: 150))
        let other = PointOfInterest(osmID: 3, osmType: .node, name: "Bank", key: "amenity", category: "bank",
                                    coordinate: GreatCircle.destination(from: polyline[8], bearing: Bearing(degrees: 180), distance: 10))
        let finder = PointOfInterestFinder([far, other, near])
        let all = try finder.placesAlongRoute(polyline, distances: distances, corridor: 100, categories: [])
        #expect(all.map(\.pointOfInterest.osmID) == [1, 3])
        #expect(abs(all[0].distanceAlongRoute - 300) < 0.5)
        #expect(abs(all[0].distanceFromRoute - 40) < 0.1)
        let cafes = try finder.placesAlongRoute(polyline, distances: distances, corridor: 200,
                                                categories: PointOfInterestCategory.parseList("cafe"))
        #expect(cafes.map(\.pointOfInterest.osmID) == [1, 2])
        #expect(throws: PlacesError.self) {
            try finder.placesAlongRoute(polyline, distances: distances, corridor: 5_000, categories: [])
        }
    }

    @Test(arguments: [(0.0, CompassPoint.north), (22.4, .north), (22.5, .northEast), (135.0, .southEast), (200.0, .south),
                      (247.6, .west), (337.4, .northWest), (337.5, .north), (359.9, .north)])
    func compassWordsCoverFortyFiveDegreesEach(bearing: Double, word: CompassPoint) {
        #expect(CompassPoint(Bearing(degrees: bearing)) == word)
    }
}
