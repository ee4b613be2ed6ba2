import Geodesy
import RoadNetwork

/// A place found by a query, with where it lies as seen from the query centre.
public struct NearbyPointOfInterest: Sendable, Hashable {
    public var pointOfInterest: PointOfInterest
    /// The category name from the table, or the raw tag value when the tag is not listed.
    public var category: String
    /// Great-circle distance from the query centre.
    public var distance: Meters
    /// Initial bearing from the query centre to the place.
    public var bearing: Bearing
    public var compass: CompassPoint

    public init(pointOfInterest: PointOfInterest, category: String, distance: Meters, bearing: Bearing) {
        self.pointOfInterest = pointOfInterest
        self.category = category
        self.distance = distance
        self.bearing = bearing
        self.compass = CompassPoint(bearing)
    }
}
