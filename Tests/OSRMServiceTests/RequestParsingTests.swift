import Geodesy
import OSRMService
import RouteFormats
import Testing

@Suite struct RequestParsingTests {
    @Test func targetSplitsIntoServiceVersionProfileCoordinatesAndOptions() throws {
        let t = try RequestTarget.parse("/route/v1/driving/7.1,43.5;7.2,43.6.json?steps=true&overview=false")
        #expect(t.service == "route" && t.version == "v1" && t.profile == "driving")
        #expect(t.coordinates == "7.1,43.5;7.2,43.6")
        #expect(t.options.map(\.name) == ["steps", "overview"] && t.options.map(\.value) == ["true", "false"])
    }

    @Test func percentEscapesAreDecoded() throws {
        let t = try RequestTarget.parse("/table/v1/car/7.1%2C43.5%3B7.2,43.6?sources=0%3B1")
        #expect(t.coordinates == "7.1,43.5;7.2,43.6")
        #expect(t.options.first?.value == "0;1")
    }

    @Test(arguments: ["route/v1/driving/1,2", "/route/v1/driving", "/route//driving/1,2;3,4", "/route/v1/driving/1,2%zz", "/route/v1/driving/1,2;3,4.flatbuffers"])
    func malformedTargetsAreInvalidUrl(target: String) {
        #expect(throws: ServiceError.self) { try RequestTarget.parse(target) }
        do { _ = try RequestTarget.parse(target) } catch { #expect(error.code == .invalidUrl, "\(target): \(error)") }
    }

    @Test func coordinatesAreLongitudeFirst() throws {
        let c = try CoordinateList.parse("7.42,43.73;-0.5,51.25")
        #expect(c == [Coordinate(latitude: 43.73, longitude: 7.42), Coordinate(latitude: 51.25, longitude: -0.5)])
    }

    @Test func polylineCoordinatesRoundTrip() throws {
        let points = [Coordinate(latitude: 43.73, longitude: 7.42), Coordinate(latitude: 43.7412, longitude: 7.4301)]
        for (precision, name) in [(5, "polyline"), (6, "polyline6")] {
            let encoded = OSRMRouteResponse.encodePolyline(points, precision: precision)
            let decoded = try CoordinateList.parse("\(name)(\(encoded))")
            #expect(decoded.count == 2)
            for (a, b) in zip(decoded, points) {
                #expect(abs(a.latitude - b.latitude) < 1e-5 && abs(a.longitude - b.longitude) < 1e-5)
            }
        }
    }

    @Test(arguments: ["7.42", "7.42,43.73,1", "abc,def", "7.42,", "0x10,5", "1x3,5", "nan,1", "polyline(??", "polyline(_)"])
    func malformedCoordinatesAreInvalidQuery(text: String) {
        do { _ = try CoordinateList.parse(text); Issue.record("\(text) parsed") } catch { #expect(error.code == .invalidQuery, "\(text): \(error)") }
    }

    @Test(arguments: ["190,43", "7,-91", "-180.5,0"])
    func outOfRangeCoordinatesAreInvalidValue(text: String) {
        do { _ = try CoordinateList.parse(text); Issue.record("\(text) parsed") } catch { #expect(error.code == .invalidValue, "\(text): \(error)") }
    }

    @Test func routeDefaultsAreOSRMs() throws {
        let r = try RouteRequest.parse(coordinates: "7.1,43.5;7.2,43.6", options: [], limits: ServiceLimits())
        #expect(r.geometries == .polyline && r.overview == .simplified && !r.steps && r.annotations.isEmpty)
        #expect(r.alternatives == 0 && r.continueStraight == .default && r.waypoints == nil && !r.skipWaypoints)
    }

    @Test func routeOptionsAreRead() throws {
        let r = try RouteRequest.parse(coordinates: "7.1,43.5;7.2,43.6;7.3,43.7", options: [
            ("steps", "true"), ("geometries", "geojson"), ("overview", "full"), ("annotations", "nodes,speed,maxspeed"),
            ("alternatives", "2"), ("continue_straight", "false"), ("radiuses", "10;;unlimited"), ("bearings", "90,20;;"),
            ("exclude", "toll,motorway"), ("waypoints", "0;2"),
        ], limits: ServiceLimits())
        #expect(r.steps && r.geometries == .geojson && r.overview == .full && r.annotations == [.nodes, .speed, .maxspeed])
        #expect(r.alternatives == 2 && r.continueStraight == .no && r.waypoints == [0, 2])
        #expect(r.snapping.radiuses == [10, nil, SnapOptions.maximumRadius])
        #expect(r.snapping.bearings == [SnapOptions.BearingFilter(value: 90, range: 20), nil, nil])
        #expect(r.snapping.exclude == [.toll, .motorway])
        let all = try RouteRequest.parse(coordinates: "7.1,43.5;7.2,43.6", options: [("annotations", "true")], limits: ServiceLimits())
        #expect(all.annotations == Set(RouteRequest.Annotation.allCases))
    }

    /// Each bad option with the code OSRM gives it.
    @Test(arguments: [
        ("steps", "yes", ServiceError.Code.invalidQuery), ("geometries", "wkt", .invalidQuery), ("overview", "by_legs", .invalidQuery),
        ("annotations", "nodes,colour", .invalidQuery), ("alternatives", "-1", .invalidQuery), ("unknown", "1", .invalidQuery),
        ("radiuses", "10", .invalidOptions), ("radiuses", "-5;1", .invalidQuery), ("bearings", "400,10;", .invalidQuery),
        ("bearings", "90;", .invalidQuery), ("exclude", "ferry,boat", .invalidValue), ("waypoints", "1", .invalidOptions),
        ("waypoints", "0;7", .invalidOptions), ("continue_straight", "maybe", .invalidQuery),
    ])
    func badRouteOptionsHaveOSRMsCodes(name: String, value: String, code: ServiceError.Code) {
        do {
            _ = try RouteRequest.parse(coordinates: "7.1,43.5;7.2,43.6", options: [(name, value)], limits: ServiceLimits())
            Issue.record("\(name)=\(value) accepted")
        } catch {
            #expect(error.code == code, "\(name)=\(value): \(error)")
            #expect(error.message.contains(name), "\(error.message)")
        }
    }

    @Test func repeatedOptionIsInvalidQuery() {
        #expect(throws: ServiceError(.invalidQuery, "option 'steps' is given more than once")) {
            try RouteRequest.parse(coordinates: "7.1,43.5;7.2,43.6", options: [("steps", "true"), ("steps", "false")], limits: ServiceLimits())
        }
    }

    @Test func limitsAreTooBig() {
        var limits = ServiceLimits()
        limits.routeCoordinates = 3
        limits.tableCoordinates = 2
        limits.nearestResults = 5
        let four = "1,1;1,2;1,3;1,4"
        do { _ = try RouteRequest.parse(coordinates: four, options: [], limits: limits); Issue.record("route accepted") } catch { #expect(error.code == .tooBig) }
        do { _ = try TableRequest.parse(coordinates: "1,1;1,2;1,3", options: [], limits: limits); Issue.record("table accepted") } catch { #expect(error.code == .tooBig) }
        do { _ = try NearestRequest.parse(coordinates: "1,1", options: [("number", "6")], limits: limits); Issue.record("nearest accepted") } catch { #expect(error.code == .tooBig) }
    }

    @Test func tableOptionsAreRead() throws {
        let t = try TableRequest.parse(coordinates: "1,1;1,2;1,3", options: [("sources", "0;2"), ("destinations", "1"), ("annotations", "distance,duration")],
                                       limits: ServiceLimits())
        #expect(t.sources == [0, 2] && t.destinations == [1] && t.durations && t.distances)
        do { _ = try TableRequest.parse(coordinates: "1,1;1,2", options: [("sources", "0;5")], limits: ServiceLimits()); Issue.record("accepted") } catch {
            #expect(error.code == .invalidOptions)
        }
        do { _ = try TableRequest.parse(coordinates: "1,1;1,2", options: [("annotations", "speed")], limits: ServiceLimits()); Issue.record("accepted") } catch {
            #expect(error.code == .invalidQuery)
        }
    }
}

/// A command line's `LAT,LON` coordinates with OSRM's codes, the message naming the option.
@Suite struct LatitudeLongitudeInputTests {
    @Test func latitudeComesFirst() throws {
        let c = try CoordinateList.parseLatitudeLongitude("43.73, 7.42", input: "--from")
        #expect(c.latitude == 43.73 && c.longitude == 7.42)
    }

    @Test(arguments: ["43.7", "north,east", "0x2B,7.42", "43.7,7.4,12", "nan,7"])
    func textThatIsNotTwoNumbersIsAnInvalidQuery(text: String) {
        do {
            _ = try CoordinateList.parseLatitudeLongitude(text, input: "--via")
            Issue.record("'\(text)' was accepted")
        } catch {
            #expect(error.code == .invalidQuery)
            #expect(error.message.hasPrefix("--via: "))
        }
    }

    @Test func numbersOutOfRangeAreAnInvalidValue() {
        do {
            _ = try CoordinateList.parseLatitudeLongitude("95,7", input: "--to")
            Issue.record("latitude 95 was accepted")
        } catch {
            #expect(error.code == .invalidValue)
            #expect(error.message.hasPrefix("--to: "))
        }
    }
}
