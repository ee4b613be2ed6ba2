import Foundation
import Testing
@testable import Geodesy

@Suite struct LocalTangentPlaneTests {
    @Test func ecefOfTheEquatorAndPoleMatchesTheEllipsoidAxes() {
        let equator = LocalTangentPlane.ecef(Coordinate(latitude: 0, longitude: 0), altitude: 0)
        #expect(abs(equator.x - 6_378_137.0) < 1e-6)
        let pole = LocalTangentPlane.ecef(Coordinate(latitude: 90, longitude: 0), altitude: 0)
        // Semi-minor axis b = a(1 - f) = 6 356 752.314245 m.
        #expect(abs(pole.z - 6_356_752.314245) < 1e-5)
    }

    @Test func originIsZeroAndAxesPointEastNorthUp() {
        let plane = LocalTangentPlane(origin: Coordinate(latitude: 45.8, longitude: 15.97), altitude: 120)
        let o = plane.enu(Coordinate(latitude: 45.8, longitude: 15.97), altitude: 120)
        #expect(abs(o.east) < 1e-6 && abs(o.north) < 1e-6 && abs(o.up) < 1e-6)
        let north = plane.enu(Coordinate(latitude: 45.801, longitude: 15.97), altitude: 120)
        #expect(north.north > 100 && abs(north.east) < 1e-6)
        let east = plane.enu(Coordinate(latitude: 45.8, longitude: 15.971), altitude: 120)
        #expect(east.east > 70 && abs(east.north) < 0.01)
        let above = plane.enu(Coordinate(latitude: 45.8, longitude: 15.97), altitude: 130)
        #expect(abs(above.up - 10) < 1e-6)
    }
}
