import Foundation
import Geodesy
import RoadNetwork

extension PointOfInterestFinder {
    /// The widest corridor `placesAlongRoute` accepts.
    public static let maximumCorridor: Meters = 1_000

    /// The places of the given categories (all places when empty) within `corridor` of a route
    /// polyline, ordered by distance along the route.
    ///
    /// `polyline[i]` lies `distances[i]` along the route (non-decreasing, same count); the guidance
    /// waypoints supply both. A place near several stretches (a route passing twice) is reported once,
    /// at its closest stretch.
    /// - Complexity: O(segments × places in the cells each segment's corridor box overlaps).
    public func placesAlongRoute(_ polyline: [Coordinate], distances: [Meters], corridor: Meters,
                                 categories: [PointOfInterestCategory]) throws(PlacesError) -> [PointOfInterestOnRoute] {
        guard corridor.isFinite, corridor > 0, corridor <= PointOfInterestFinder.maximumCorridor else {
            throw .invalidValue(.corridor, value: DecimalNumber.fixed(corridor, decimals: 3),
                                 expected: "a positive distance in metres up to \(Int(PointOfInterestFinder.maximumCorridor))")
        }
        guard categories.count <= PointOfInterestQuery.maximumCategories else {
            throw .tooManyCategories(count: categories.count, maximum: PointOfInterestQuery.maximumCategories)
        }
        precondition(polyline.count == distances.count, "every polyline point needs its distance along the route")
        guard !polyline.isEmpty, !points.isEmpty else { return [] }
        var best: [Int: PointOfInterestOnRoute] = [:]
        func consider(_ i: Int, segmentFrom a: Int, to b: Int) {
            let place = points[i]
            guard categories.isEmpty || categories.contains(where: { $0.matches(place) }) else { return }
            let hit = GreatCircle.closestPoint(to: place.coordinate, onSegmentFrom: polyline[a], to: polyline[b])
            guard hit.distance <= corridor else { return }
            if let known = best[i], known.distanceFromRoute <= hit.distance { return }
            best[i] = PointOfInterestOnRoute(
                pointOfInterest: place,
                category: PointOfInterestCategory.name(forKey: place.key, value: place.category) ?? place.category,
                distanceAlongRoute: distances[a] + hit.fraction * (distances[b] - distances[a]),
                distanceFromRoute: hit.distance, closestRoutePoint: hit.point)
        }
        let segmentCount = max(1, polyline.count - 1)
        for s in 0..<segmentCount {
            let a = s, b = min(s + 1, polyline.count - 1)
            var box = BoundingBox()
            box.include(polyline[a])
            box.include(polyline[b])
            let pad = PointOfInterestFinder.boundingBox(around: polyline[a], radius: corridor)
            let latitudePad = pad.maxLatitude - polyline[a].latitude, longitudePad = pad.maxLongitude - polyline[a].longitude
            box.minLatitude -= latitudePad; box.maxLatitude += latitudePad
            box.minLongitude -= longitudePad; box.maxLongitude += longitudePad
            forEachCandidate(in: box) { consider($0, segmentFrom: a, to: b) }
        }
        return best.values.sorted {
            ($0.distanceAlongRoute, $0.pointOfInterest.osmID) < ($1.distanceAlongRoute, $1.pointOfInterest.osmID)
        }
    }
}

extension PointOfInterestFinder {
    /// `area` grown by `padding` on every side (1 % more, like `boundingBox(around:radius:)`, so rounding
    /// never drops a place on the rim), the longitude margin taken where degrees are shortest.
    public static func boundingBox(enclosing area: BoundingBox, padding: Meters) -> BoundingBox {
        guard !area.isEmpty else { return area }
        let latitudePad = padding / GreatCircle.earthRadius * 180 / .pi * 1.01
        let widest = min(90, max(abs(area.minLatitude), abs(area.maxLatitude)) + latitudePad)
        let cosine = cos(widest * .pi / 180)
        let longitudePad = cosine < 1e-6 ? 360 : latitudePad / cosine
        return BoundingBox(minLatitude: max(-90, area.minLatitude - latitudePad), minLongitude: max(-180, area.minLongitude - longitudePad),
                           maxLatitude: min(90, area.maxLatitude + latitudePad), maxLongitude: min(180, area.maxLongitude + longitudePad))
    }
}
