/// One feature of the boundaries file as read: its id and the rings of all its polygons, outer rings and
/// holes alike, since the even-odd rule needs no telling them apart.
///
/// Ring `i` is the positions `ringStarts[i] ..< ringStarts[i + 1]` of the flat coordinate arrays; every
/// ring is closed (its last position repeats its first).
struct CountryBoundariesFeature: Sendable {
    var id: String
    var longitudes: [Double] = []
    var latitudes: [Double] = []
    var ringStarts: [Int] = [0]

    init(id: String) {
        self.id = id
    }

    var ringCount: Int { ringStarts.count - 1 }

    /// Whether a subdivision's (`US-CA`), not a whole country's (`US`): subdivisions are listed first.
    var isSubdivision: Bool { id.contains("-") }

    /// Every side of every ring, zero-length ones (a position written twice) left out.
    var edges: [CountryBoundariesEdge] {
        var edges: [CountryBoundariesEdge] = []
        edges.reserveCapacity(longitudes.count)
        for ring in 0 ..< ringCount {
            for vertex in ringStarts[ring] ..< ringStarts[ring + 1] - 1 {
                if let edge = CountryBoundariesEdge(startLongitude: longitudes[vertex], startLatitude: latitudes[vertex],
                                                    endLongitude: longitudes[vertex + 1], endLatitude: latitudes[vertex + 1]) {
                    edges.append(edge)
                }
            }
        }
        return edges
    }
}
