import Foundation
import Geodesy
@testable import LegalSpeedLimits
import SeededRandom

/// Small GeoJSON texts written for the tests, and the grid shapes they are indexed with.
enum BoundaryFixture {
    /// A position as GeoJSON writes it: longitude, latitude.
    typealias Position = (longitude: Double, latitude: Double)

    /// The grids each fixture is checked on: the bundled file's, and coarse ones that put many edges in a
    /// cell and split cells down several levels.
    static let shapes: [CountryBoundariesGridBuilder.Shape] = [
        CountryBoundaries.defaultShape,
        CountryBoundariesGridBuilder.Shape(cellsPerDegree: 0.1, branching: 2, maximumLeafEdges: 2, levelCount: 6),
        CountryBoundariesGridBuilder.Shape(cellsPerDegree: 1.0 / 30, branching: 3, maximumLeafEdges: 1_000, levelCount: 1),
    ]

    static func collection(_ features: String...) -> [UInt8] {
        collection(features)
    }

    static func collection(_ features: [String]) -> [UInt8] {
        Array(#"{"type":"FeatureCollection","features":[\#(features.joined(separator: ","))]}"#.utf8)
    }

    static func polygon(_ id: String, _ rings: [[Position]]) -> String {
        feature(id, type: "Polygon", coordinates: polygonText(rings))
    }

    static func multiPolygon(_ id: String, _ polygons: [[[Position]]]) -> String {
        feature(id, type: "MultiPolygon", coordinates: "[" + polygons.map(polygonText).joined(separator: ",") + "]")
    }

    static func feature(_ id: String, type: String, coordinates: String) -> String {
        #"{"type":"Feature","properties":{"id":"\#(id)"},"geometry":{"type":"\#(type)","coordinates":\#(coordinates)}}"#
    }

    /// A closed square ring, counter-clockwise.
    static func square(west: Double, south: Double, side: Double) -> [Position] {
        [(west, south), (west + side, south), (west + side, south + side), (west, south + side), (west, south)]
    }

    /// A closed ring around a centre whose radius wobbles: many edges in little space, concave in places.
    static func wobblyRing(longitude: Double, latitude: Double, radius: Double, vertexCount: Int, seed: UInt64) -> [Position] {
        var random = SplitMix64(seed: seed)
        var ring: [Position] = []
        for vertex in 0 ..< vertexCount {
            let angle = Double(vertex) / Double(vertexCount) * 2 * .pi
            let reach = radius * (0.55 + 0.45 * random.nextUnit())
            ring.append((longitude + reach * cos(angle), latitude + reach * sin(angle)))
        }
        ring.append(ring[0])
        return ring
    }

    static func boundaries(_ geoJSON: [UInt8], shape: CountryBoundariesGridBuilder.Shape = CountryBoundaries.defaultShape) throws
        -> CountryBoundaries {
        try CountryBoundaries(geoJSON: geoJSON, sourceName: "fixture.geojson", shape: shape)
    }

    private static func polygonText(_ rings: [[Position]]) -> String {
        "[" + rings.map { ring in "[" + ring.map { "[\($0.longitude),\($0.latitude)]" }.joined(separator: ",") + "]" }
            .joined(separator: ",") + "]"
    }
}

extension SplitMix64 {
    /// A coordinate uniformly in the box.
    mutating func coordinate(latitudes: ClosedRange<Double>, longitudes: ClosedRange<Double>) -> Coordinate {
        Coordinate(latitude: Double.random(in: latitudes, using: &self), longitude: Double.random(in: longitudes, using: &self))
    }
}
