/// One side of a boundary ring, in longitude/latitude degrees, with the point-versus-edge tests the index
/// is built from.
///
/// Every test treats a point as if it were moved by infinitesimals ε east and δ north, with ε ≫ δ: a point
/// on a vertex's latitude counts as north of it, one on a vertex's longitude as east of it, and one exactly
/// on the edge's line as on the side that move takes it to. All tests then agree with one another and with
/// the usual half-open crossing-number rule, so a point on a shared vertex or a cell's reference line is
/// never counted twice or not at all.
struct CountryBoundariesEdge: Sendable {
    let startLongitude: Double
    let startLatitude: Double
    let endLongitude: Double
    let endLatitude: Double
    /// `isLeft`'s answer for a point exactly on the line, by the ε ≫ δ rule: the sign of dx·δ − dy·ε.
    private let isLeftWhenOnLine: Bool

    /// The edge, or nil when both ends are the same position (such an edge bounds nothing).
    init?(startLongitude: Double, startLatitude: Double, endLongitude: Double, endLatitude: Double) {
        guard startLongitude != endLongitude || startLatitude != endLatitude else { return nil }
        self.startLongitude = startLongitude
        self.startLatitude = startLatitude
        self.endLongitude = endLongitude
        self.endLatitude = endLatitude
        let northward = endLatitude - startLatitude
        isLeftWhenOnLine = northward != 0 ? northward < 0 : endLongitude > startLongitude
    }

    /// Whether the edge crosses the parallel at `latitude` (a vertex on it counts as south of it).
    @inline(__always) func crossesParallel(_ latitude: Double) -> Bool {
        (startLatitude > latitude) != (endLatitude > latitude)
    }

    /// Whether the edge crosses the meridian at `longitude` (a vertex on it counts as west of it).
    @inline(__always) func crossesMeridian(_ longitude: Double) -> Bool {
        (startLongitude > longitude) != (endLongitude > longitude)
    }

    /// Whether the point lies left of the edge's line, looking from its start to its end.
    @inline(__always) func isLeft(longitude: Double, latitude: Double) -> Bool {
        let cross = (endLongitude - startLongitude) * (latitude - startLatitude)
            - (endLatitude - startLatitude) * (longitude - startLongitude)
        return cross > 0 || (cross == 0 && isLeftWhenOnLine)
    }

    /// Whether a ray from the point due east crosses the edge: the crossing-number rule's count.
    func isCrossedByRayEast(fromLongitude longitude: Double, latitude: Double) -> Bool {
        // A point west of a northbound edge is on its left, west of a southbound one on its right.
        crossesParallel(latitude) && isLeft(longitude: longitude, latitude: latitude) == (endLatitude > startLatitude)
    }

    /// The longitude where the edge meets the parallel at `latitude`, which it must cross.
    func crossingLongitude(atLatitude latitude: Double) -> Double {
        startLongitude + (latitude - startLatitude) * (endLongitude - startLongitude) / (endLatitude - startLatitude)
    }
}
