/// An axis-aligned latitude/longitude box; empty until a point is added.
public struct BoundingBox: Hashable, Sendable, Codable {
    public var minLatitude: Degrees = .infinity
    public var minLongitude: Degrees = .infinity
    public var maxLatitude: Degrees = -.infinity
    public var maxLongitude: Degrees = -.infinity

    public init() {}

    public init(minLatitude: Degrees, minLongitude: Degrees, maxLatitude: Degrees, maxLongitude: Degrees) {
        self.minLatitude = minLatitude
        self.minLongitude = minLongitude
        self.maxLatitude = maxLatitude
        self.maxLongitude = maxLongitude
    }

    public var isEmpty: Bool { minLatitude > maxLatitude }

    public mutating func include(_ c: Coordinate) {
        if c.latitude < minLatitude { minLatitude = c.latitude }
        if c.latitude > maxLatitude { maxLatitude = c.latitude }
        if c.longitude < minLongitude { minLongitude = c.longitude }
        if c.longitude > maxLongitude { maxLongitude = c.longitude }
    }

    public func contains(_ c: Coordinate) -> Bool {
        c.latitude >= minLatitude && c.latitude <= maxLatitude && c.longitude >= minLongitude && c.longitude <= maxLongitude
    }
}
