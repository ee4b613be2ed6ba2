import Geodesy

extension Route {
    /// The whole route's polyline: the legs' coordinates joined, each shared via point written once.
    /// - Complexity: O(coordinates).
    public var coordinates: [Coordinate] {
        var all: [Coordinate] = []
        all.reserveCapacity(legs.reduce(0) { $0 + $1.coordinates.count })
        for leg in legs {
            all.append(contentsOf: all.isEmpty ? leg.coordinates[...] : leg.coordinates.dropFirst())
        }
        return all
    }
}
