import Testing
@testable import Geodesy

@Suite struct GreatCircleTests {
    // Zagreb main square to Split riva: 259 km by the reference haversine (R = 6371008.8 m).
    let zagreb = Coordinate(latitude: 45.8131, longitude: 15.9775)
    let split = Coordinate(latitude: 43.5081, longitude: 16.4402)

    @Test func oneDegreeOfLatitudeIsAbout111Kilometres() {
        let d = GreatCircle.distance(from: Coordinate(latitude: 0, longitude: 0), to: Coordinate(latitude: 1, longitude: 0))
        // 2πR/360 for R = 6371008.8 m.
        #expect(abs(d - 111_195.08) < 0.01)
    }

    @Test func distanceIsSymmetricAndZeroForOnePoint() {
        #expect(GreatCircle.distance(from: zagreb, to: zagreb) == 0)
        #expect(abs(GreatCircle.distance(from: zagreb, to: split) - GreatCircle.distance(from: split, to: zagreb)) < 1e-6)
    }

    @Test func bearingsPointAlongTheCompass() {
        let o = Coordinate(latitude: 45, longitude: 15)
        #expect(abs(GreatCircle.initialBearing(from: o, to: Coordinate(latitude: 45.01, longitude: 15)).degrees - 0) < 1e-9)
        #expect(abs(GreatCircle.initialBearing(from: o, to: Coordinate(latitude: 45, longitude: 15.01)).degrees - 90) < 0.01)
        #expect(abs(GreatCircle.initialBearing(from: o, to: Coordinate(latitude: 44.99, longitude: 15)).degrees - 180) < 1e-9)
        #expect(abs(GreatCircle.initialBearing(from: o, to: Coordinate(latitude: 45, longitude: 14.99)).degrees - 270) < 0.01)
    }

    @Test func destinationInvertsDistanceAndBearing() {
        let b = GreatCircle.initialBearing(from: zagreb, to: split)
        let d = GreatCircle.distance(from: zagreb, to: split)
        let reached = GreatCircle.destination(from: zagreb, bearing: b, distance: d)
        #expect(GreatCircle.distance(from: reached, to: split) < 0.001)
    }

    @Test func intermediatePointsLieOnTheGreatCircle() {
        let d = GreatCircle.distance(from: zagreb, to: split)
        for f in [0.0, 0.25, 0.5, 0.9, 1.0] {
            let p = GreatCircle.intermediate(from: zagreb, to: split, fraction: f)
            #expect(abs(GreatCircle.distance(from: zagreb, to: p) - f * d) < 0.001)
            #expect(abs(GreatCircle.distance(from: p, to: split) - (1 - f) * d) < 0.001)
        }
    }

    @Test func closestPointOnSegmentClampsToTheEnds() {
        let a = Coordinate(latitude: 45, longitude: 15), b = Coordinate(latitude: 45, longitude: 15.01)
        let beyond = GreatCircle.closestPoint(to: Coordinate(latitude: 45, longitude: 15.02), onSegmentFrom: a, to: b)
        #expect(beyond.fraction == 1)
        let middle = GreatCircle.closestPoint(to: Coordinate(latitude: 45.001, longitude: 15.005), onSegmentFrom: a, to: b)
        #expect(abs(middle.fraction - 0.5) < 1e-3)
        #expect(abs(middle.distance - 111.2) < 0.5)
    }
}

@Suite struct BearingTests {
    @Test func normalisesIntoACircle() {
        #expect(Bearing(degrees: 370).degrees == 10)
        #expect(Bearing(degrees: -90).degrees == 270)
        #expect(Bearing(degrees: 360).degrees == 0)
    }

    @Test func turnAngleIsSignedClockwise() {
        #expect(Bearing(degrees: 350).turnAngle(to: Bearing(degrees: 10)) == 20)
        #expect(Bearing(degrees: 10).turnAngle(to: Bearing(degrees: 350)) == -20)
        #expect(Bearing(degrees: 0).turnAngle(to: Bearing(degrees: 180)) == -180)
    }
}

@Suite struct CoordinateParsingTests {
    @Test func parsesLatitudeThenLongitude() throws {
        let c = try Coordinate.parse("45.81, 15.97")
        #expect(c == Coordinate(latitude: 45.81, longitude: 15.97))
    }

    @Test func rejectsWhatIsNotACoordinate() {
        #expect(throws: CoordinateParseError.self) { try Coordinate.parse("45.81") }
        #expect(throws: CoordinateParseError.self) { try Coordinate.parse("north,15") }
        #expect(throws: CoordinateParseError.self) { try Coordinate.parse("45,200") }
        #expect(throws: CoordinateParseError.self) { try Coordinate.parse("nan,15") }
    }

    @Test func explainsSwappedLookingValues() {
        do {
            _ = try Coordinate.parse("-122.3,37.8")
            Issue.record("expected an error")
        } catch {
            #expect(error.reason.contains("swapped"))
        }
    }

    @Test func describesWithSevenDecimals() {
        #expect(Coordinate(latitude: 45.123456789, longitude: -0.5).description == "45.1234568,-0.5")
        #expect(Coordinate(latitude: -0.0000001, longitude: 0).description == "-0.0000001,0")
    }
}
