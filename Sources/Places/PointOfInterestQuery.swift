import Geodesy
import RoadNetwork

/// A validated "places near here" request: a centre, a radius, categories and a limit.
///
/// Invariants (enforced by the initializer): 0 < radius ≤ `maximumRadius`; at most `maximumCategories`
/// distinct categories, all from `PointOfInterestCategory.known`; an empty category list means every
/// kept place, listed or not; `limit`, when set, is at least 1.
public struct PointOfInterestQuery: Sendable, Hashable {
    /// The largest radius a query may use: a wider search is not "nearby" and would scan whole cities.
    public static let maximumRadius: Meters = 10_000
    /// At most this many categories combine in one query.
    public static let maximumCategories = 6
    /// The radius used when none is given.
    public static let defaultRadius: Meters = 1_500

    public let center: Coordinate
    public let radius: Meters
    public let categories: [PointOfInterestCategory]
    public let limit: Int?

    public init(center: Coordinate, radius: Meters = PointOfInterestQuery.defaultRadius,
                categories: [PointOfInterestCategory] = [], limit: Int? = nil) throws(PlacesError) {
        guard center.isValid else {
            throw .invalidValue(.center, value: center.description, expected: "a latitude in -90...90 and longitude in -180...180")
        }
        guard radius.isFinite, radius > 0 else {
            throw .invalidValue(.radius, value: DecimalNumber.fixed(radius, decimals: 3), expected: "a positive distance in metres up to \(Int(PointOfInterestQuery.maximumRadius))")
        }
        guard radius <= PointOfInterestQuery.maximumRadius else {
            throw .radiusTooLarge(radius, maximum: PointOfInterestQuery.maximumRadius)
        }
        var distinct: [PointOfInterestCategory] = []
        for c in categories where !distinct.contains(c) { distinct.append(c) }
        guard distinct.count <= PointOfInterestQuery.maximumCategories else {
            throw .tooManyCategories(count: distinct.count, maximum: PointOfInterestQuery.maximumCategories)
        }
        if let limit, limit < 1 {
            throw .invalidValue(.limit, value: String(limit), expected: "a whole number of at least 1")
        }
        self.center = center
        self.radius = radius
        self.categories = distinct
        self.limit = limit
    }

    /// Whether a place is of one of the requested categories (always true with no categories).
    public func accepts(_ poi: PointOfInterest) -> Bool {
        categories.isEmpty || categories.contains { $0.matches(poi) }
    }
}
