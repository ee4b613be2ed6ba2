import Geodesy
@testable import Guidance
import Testing

@Suite struct DensifierTests {
    static let start = Coordinate(latitude: 45.8, longitude: 15.97)

    /// A two-vertex polyline of the given length heading north-east.
    static func stretch(_ length: Meters) -> [Coordinate] {
        [start, GreatCircle.destination(from: start, bearing: Bearing(degrees: 45), distance: length)]
    }

    /// Inserted points only (vertices excluded).
    static func inserted(_ d: DensifiedPolyline) -> [DensePoint] { d.points.filter { $0.vertex == nil } }

    @Test(arguments: [
        (19.9, 0, nil), (20.0, 0, 20.0), (20.5, 1, 20.0), (99.9, 4, 20.0), (100.0, 1, 50.0), (100.1, 2, 50.0),
        (999.0, 19, 50.0), (1000.0, 9, 100.0), (4999.0, 49, 100.0), (5000.0, 24, 200.0), (5000.1, 25, 200.0),
    ] as [(Double, Int, Double?)])
    func bandEdges(length: Double, expectedInserted: Int, interval: Double?) {
        #expect(SpacingPolicy.bands.interval(forStretch: length) == interval)
        let d = DensifiedPolyline(Self.stretch(length), policy: .bands)
        let points = Self.inserted(d)
        #expect(points.count == expectedInserted)
        #expect(d.points.count == expectedInserted + 2)
        // Inserted points sit at multiples of the interval from the stretch start.
        for (n, p) in points.enumerated() {
            #expect(abs(p.distanceAlong - Double(n + 1) * interval!) < 1e-6)
            #expect(abs(GreatCircle.distance(from: Self.start, to: p.coordinate) - p.distanceAlong) < 0.001)
        }
        // Never farther apart than the interval, never a repeated position.
        for (a, b) in zip(d.points, d.points.dropFirst()) {
            let gap = GreatCircle.distance(from: a.coordinate, to: b.coordinate)
            #expect(gap > DensifiedPolyline.duplicateTolerance)
            if let interval { #expect(gap <= interval + 0.001) }
        }
    }

    @Test func insertedPointsLieOnTheGreatCircle() {
        let a = Coordinate(latitude: 45.0, longitude: 15.0)
        let b = Coordinate(latitude: 45.05, longitude: 15.08)  // about 8 km
        let total = GreatCircle.distance(from: a, to: b)
        let d = DensifiedPolyline([a, b], policy: .bands)
        #expect(Self.inserted(d).count == Int((total / 200).rounded(.down)))
        for p in Self.inserted(d) {
            let detour = GreatCircle.distance(from: a, to: p.coordinate) + GreatCircle.distance(from: p.coordinate, to: b) - total
            #expect(abs(detour) < 0.001)
        }
    }

    @Test func fixedSpacingAppliesToEveryStretch() {
        let d = DensifiedPolyline(Self.stretch(19.9), policy: .fixed(10))
        #expect(Self.inserted(d).count == 1)
        let e = DensifiedPolyline(Self.stretch(30), policy: .fixed(10))
        #expect(Self.inserted(e).map { ($0.distanceAlong * 1000).rounded() / 1000 } == [10, 20])
        #expect(SpacingPolicy.fixed(0).interval(forStretch: 100) == nil)
    }

    @Test func repeatedVerticesAreEmittedOnce() {
        let a = Self.start
        let b = GreatCircle.destination(from: a, bearing: Bearing(degrees: 90), distance: 50)
        let c = GreatCircle.destination(from: b, bearing: Bearing(degrees: 0), distance: 10)
        let d = DensifiedPolyline([a, a, b, b, c], policy: .bands)
        #expect(d.pointOfVertex.count == 5)
        #expect(d.pointOfVertex[0] == d.pointOfVertex[1])
        #expect(d.pointOfVertex[2] == d.pointOfVertex[3])
        for (p, q) in zip(d.points, d.points.dropFirst()) {
            #expect(GreatCircle.distance(from: p.coordinate, to: q.coordinate) > DensifiedPolyline.duplicateTolerance)
        }
        // 50 m stretch: points at 20 and 40; the 10 m stretch gets none.
        #expect(Self.inserted(d).count == 2)
        #expect(abs(d.length - 60) < 0.01)
    }

    @Test func emptyAndSinglePointPolylines() {
        #expect(DensifiedPolyline([], policy: .bands).points.isEmpty)
        let one = DensifiedPolyline([Self.start], policy: .bands)
        #expect(one.points.count == 1)
        #expect(one.length == 0)
    }
}
