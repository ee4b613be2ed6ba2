import Geodesy
import RoadNetwork

/// The point of interest a `poi` marker labels.
public struct PointOfInterestLabel: Sendable, Hashable {
    public var pointOfInterest: PointOfInterest
    /// The category name from `PointOfInterestCategory.known`, or the raw tag value if it is not listed.
    public var category: String
    /// Shortest distance from the point to the route polyline.
    public var distanceFromRoute: Meters

    public init(pointOfInterest: PointOfInterest, category: String, distanceFromRoute: Meters) {
        self.pointOfInterest = pointOfInterest
        self.category = category
        self.distanceFromRoute = distanceFromRoute
    }
}
