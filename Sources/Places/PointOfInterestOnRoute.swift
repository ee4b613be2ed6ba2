import Geodesy
import RoadNetwork

/// A place near a route, located along it.
public struct PointOfInterestOnRoute: Sendable, Hashable {
    public var pointOfInterest: PointOfInterest
    /// The category name from the table, or the raw tag value.
    public var category: String
    /// Distance along the route of the route point closest to the place.
    public var distanceAlongRoute: Meters
    /// Shortest distance from the place to the route.
    public var distanceFromRoute: Meters
    /// The closest route point.
    public var closestRoutePoint: Coordinate

    public init(pointOfInterest: PointOfInterest, category: String, distanceAlongRoute: Meters,
                distanceFromRoute: Meters, closestRoutePoint: Coordinate) {
        self.pointOfInterest = pointOfInterest
        self.category = category
        self.distanceAlongRoute = distanceAlongRoute
        self.distanceFromRoute = distanceFromRoute
        self.closestRoutePoint = closestRoutePoint
    }
}
