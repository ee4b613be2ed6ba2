import Foundation
import Testing
import Geodesy
import Places
import RoadNetwork
@testable import RouteFormats

/// The `waymark pois` listing formats: text, JSON and GeoJSON of the places a query found.
struct NearbyPointsOfInterestFormatTests {
    static let center = Coordinate(latitude: 43.7384, longitude: 7.4246)

    static func place(_ id: Int64, _ name: String, _ key: String, _ value: String, bearing: Degrees, distance: Meters) -> PointOfInterest {
        PointOfInterest(osmID: id, osmType: .node, name: name, key: key, category: value,
                        coordinate: GreatCircle.destination(from: center, bearing: Bearing(degrees: bearing), distance: distance))
    }

    static let places: [PointOfInterest] = [
        place(1, "Le Bistro", "amenity", "restaurant", bearing: 90, distance: 100),
        place(2, "Café de Paris", "amenity", "cafe", bearing: 45, distance: 400),
        place(3, "Oceanographic Museum", "tourism", "museum", bearing: 180, distance: 1_400),
        place(6, "Bar Américain", "amenity", "bar", bearing: 315, distance: 700),
    ]

    @Test func textListingShowsDistanceCompassWordAndCategory() throws {
        let query = try PointOfInterestQuery(center: Self.center, radius: 500, categories: PointOfInterestCategory.parseList("restaurant,cafe"))
        let found = PointOfInterestFinder(Self.places).nearby(query)
        let text = NearbyPointsOfInterestFormat.text.render(found, query: query)
        #expect(text.hasPrefix("2 places within 500 m of 43.7384,7.4246 (restaurant, cafe)\n"))
        #expect(text.contains("100 m  east (90°)"))
        #expect(text.contains("Café de Paris  [cafe]"))
        let json = NearbyPointsOfInterestFormat.json.render(found, query: query)
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(parsed["count"] as? Int == 2)
        let first = try #require((parsed["points_of_interest"] as? [[String: Any]])?.first)
        #expect(first["compass"] as? String == "east")
        let geo = try #require(try JSONSerialization.jsonObject(with: Data(NearbyPointsOfInterestFormat.geojson.render(found, query: query).utf8)) as? [String: Any])
        #expect((geo["features"] as? [Any])?.count == 2)
    }
}
