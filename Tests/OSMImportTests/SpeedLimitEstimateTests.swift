import Geodesy
import RoadNetwork
import Testing
import TestSupport
@testable import OSMImport

/// The estimate of the limits no way posts: the country's legal default for urban and rural roads,
/// the posted limit of the neighbours, the zone rules, and where every limit says it came from.
/// The fixtures lie in Zagreb (Croatia: urban 50, rural 90, motorway 130 km/h) unless a test moves them.
@Suite struct SpeedLimitEstimateTests {
    /// A town: `streets` × `streets` residential streets `spacing` apart, as OSM XML, plus extra ways.
    /// Way ids: the east-west streets are 1 ... streets, the north-south ones streets + 1 ... 2 × streets,
    /// the extra ways from 1000 on.
    static func town(streets: Int = 7, spacing: Meters = 100, origin: Coordinate = Coordinate(latitude: 45.8, longitude: 15.97),
                     extraWays: [(nodes: [Coordinate], tags: [String: String])] = [], streetTags: [String: String] = ["highway": "residential"])
        -> String {
        var nodes: [String] = [], ways: [String] = []
        var id: Int64 = 0
        func node(_ c: Coordinate) -> Int64 {
            id += 1
            nodes.append("<node id=\"\(id)\" lat=\"\(c.latitude)\" lon=\"\(c.longitude)\"/>")
            return id
        }
        var grid: [[Int64]] = []
        for row in 0..<streets {
            let south = GreatCircle.destination(from: origin, bearing: Bearing(degrees: 180), distance: Double(row) * spacing)
            grid.append((0..<streets).map { column in
                node(GreatCircle.destination(from: south, bearing: Bearing(degrees: 90), distance: Double(column) * spacing))
            })
        }
        func way(_ wayID: Int64, _ refs: [Int64], _ tags: [String: String]) {
            let tagText = tags.sorted { $0.key < $1.key }.map { "<tag k=\"\($0.key)\" v=\"\($0.value)\"/>" }.joined()
            ways.append("<way id=\"\(wayID)\">" + refs.map { "<nd ref=\"\($0)\"/>" }.joined() + tagText + "</way>")
        }
        for row in 0..<streets { way(Int64(row + 1), grid[row], streetTags) }
        for column in 0..<streets { way(Int64(streets + column + 1), grid.map { $0[column] }, streetTags) }
        for (i, extra) in extraWays.enumerated() {
            // A ring (last point = first) closes on its first node.
            var refs = extra.nodes.map(node)
            if extra.nodes.count > 2, extra.nodes.first == extra.nodes.last { refs[refs.count - 1] = refs[0] }
            way(Int64(1000 + i), refs, extra.tags)
        }
        return "<?xml version=\"1.0\"?>\n<osm version=\"0.6\">\n" + (nodes + ways).joined(separator: "\n") + "\n</osm>\n"
    }

    /// A straight road of `length` metres heading east from `start`, in `pieces` segments.
    static func line(from start: Coordinate, length: Meters, pieces: Int = 10) -> [Coordinate] {
        (0...pieces).map { GreatCircle.destination(from: start, bearing: Bearing(degrees: 90), distance: length * Double($0) / Double(pieces)) }
    }

    static let countryside = Coordinate(latitude: 45.6, longitude: 16.3)

    func importing(_ xml: String, _ options: SpeedLimitEstimateOptions = SpeedLimitEstimateOptions()) throws -> ImportResult {
        try OSMImporter.importXML(xml, options: ImportOptions(speedLimits: options))
    }

    func limits(ofWay way: Int64, in graph: RoadGraph) -> [SpeedLimit] {
        graph.edges(ofWay: way).map { graph.speedLimit[Int($0)] }
    }

    @Test func unpostedTownStreetsGetTheCountrysUrbanDefault() throws {
        let graph = try importing(Self.town()).graph
        let street = try #require(limits(ofWay: 4, in: graph).first)
        #expect(street.kind == .limited && street.kilometersPerHour == 50)
        #expect(street.source == .legalDefault && street.isEstimated)
        #expect(street.builtUp == .urbanByDensity)
        #expect(street.region == RegionCode("HR"))
    }

    @Test func aLoneCountryRoadGetsTheRuralDefault() throws {
        let xml = Self.town(streets: 0, extraWays: [(Self.line(from: Self.countryside, length: 5000), ["highway": "secondary"])])
        let road = try #require(limits(ofWay: 1000, in: try importing(xml).graph).first)
        #expect(road.kilometersPerHour == 90 && road.source == .legalDefault)
        #expect(road.builtUp == .ruralByDensity)
    }

    //     town (30 km/h posted on every east-west street)      a ---- b ---- c  primary, unposted
    // The north-south streets are unposted: they take their posted neighbours' 30; the primary road far
    // away has no posted primary near it and keeps the legal default.
    @Test func neighboursOfTheSameClassLendTheirPostedLimit() throws {
        var xml = Self.town(extraWays: [(Self.line(from: Self.countryside, length: 3000), ["highway": "primary"])])
        // Post 30 on the east-west streets (ways 1 ... 7) only.
        for way in 1...7 {
            xml = xml.replacingOccurrences(of: "<way id=\"\(way)\">", with: "<way id=\"\(way)\"><tag k=\"maxspeed\" v=\"30\"/>")
        }
        let graph = try importing(xml).graph
        let posted = try #require(limits(ofWay: 2, in: graph).first)
        #expect(posted.source == .posted && posted.kilometersPerHour == 30 && !posted.isEstimated)
        let unposted = try #require(limits(ofWay: 10, in: graph).first)
        #expect(unposted.source == .neighbours && unposted.kilometersPerHour == 30 && unposted.isEstimated)
        let primary = try #require(limits(ofWay: 1000, in: graph).first)
        #expect(primary.source == .legalDefault && primary.kilometersPerHour == 90)

        let withoutNeighbours = try importing(xml, SpeedLimitEstimateOptions(usesNeighbours: false)).graph
        #expect(limits(ofWay: 10, in: withoutNeighbours).allSatisfy { $0.source == .legalDefault && $0.kilometersPerHour == 50 })
    }

    @Test func theCountryOptionOverridesTheBoundaries() throws {
        let xml = Self.town(streets: 0, extraWays: [(Self.line(from: Self.countryside, length: 5000), ["highway": "secondary"]),
                                                    (Self.line(from: Coordinate(latitude: 45.7, longitude: 16.3), length: 5000),
                                                     ["highway": "motorway"])])
        let graph = try importing(xml, SpeedLimitEstimateOptions(region: RegionCode("DE"))).graph
        let secondary = try #require(limits(ofWay: 1000, in: graph).first)
        #expect(secondary.kilometersPerHour == 100 && secondary.region == RegionCode("DE"))
        // German motorways have no general limit, only an advisory 130.
        let motorway = try #require(limits(ofWay: 1001, in: graph).first)
        #expect(motorway.kind == .unlimited && motorway.source == .legalDefault)
    }

    @Test func milesPerHourCountriesGiveTheirUnit() throws {
        let xml = Self.town(streets: 0, extraWays: [(Self.line(from: Self.countryside, length: 5000), ["highway": "secondary"])])
        let road = try #require(limits(ofWay: 1000, in: try importing(xml, SpeedLimitEstimateOptions(region: RegionCode("GB"))).graph).first)
        #expect(road.unit == .milesPerHour && road.valueInTaggedUnit == 60 && road.source == .legalDefault)
    }

    @Test func tagsThatSayUrbanWinOverTheDensity() throws {
        let xml = Self.town(streets: 0, extraWays: [(Self.line(from: Self.countryside, length: 2000), ["highway": "secondary", "rural": "no"])])
        let road = try #require(limits(ofWay: 1000, in: try importing(xml).graph).first)
        #expect(road.kilometersPerHour == 50 && road.builtUp == .urbanByTags)
    }

    //     +---------------------+   landuse=residential, 1 km square
    //     |  a ---------- b     |   a-b: secondary, unposted, inside     c ---------- d: outside
    //     +---------------------+
    @Test func aRoadInsideAMappedResidentialAreaIsUrban() throws {
        let corner = Self.countryside
        let east = GreatCircle.destination(from: corner, bearing: Bearing(degrees: 90), distance: 1000)
        let southEast = GreatCircle.destination(from: east, bearing: Bearing(degrees: 180), distance: 1000)
        let south = GreatCircle.destination(from: corner, bearing: Bearing(degrees: 180), distance: 1000)
        let inside = GreatCircle.destination(from: GreatCircle.destination(from: corner, bearing: Bearing(degrees: 180), distance: 500),
                                             bearing: Bearing(degrees: 90), distance: 100)
        let outside = GreatCircle.destination(from: corner, bearing: Bearing(degrees: 180), distance: 3000)
        let xml = Self.town(streets: 0, extraWays: [(Self.line(from: inside, length: 800), ["highway": "secondary"]),
                                                    (Self.line(from: outside, length: 800), ["highway": "secondary"]),
                                                    ([corner, east, southEast, south, corner], ["landuse": "residential"])])
        let result = try importing(xml)
        let insideRoad = try #require(limits(ofWay: 1000, in: result.graph).first)
        #expect(insideRoad.builtUp == .urbanByArea && insideRoad.kilometersPerHour == 50)
        let outsideRoad = try #require(limits(ofWay: 1001, in: result.graph).first)
        #expect(outsideRoad.builtUp == .ruralByDensity && outsideRoad.kilometersPerHour == 90)
        #expect(result.statistics.builtUpAreas == 1)
    }

    @Test func aZoneTagTakesTheCountrysRuleForTheRoadType() throws {
        // `DE:rural` on a dual carriageway: the German rule for rural dual carriageways posts no limit.
        let xml = Self.town(streets: 0, extraWays: [(Self.line(from: Self.countryside, length: 2000),
                                                     ["highway": "trunk", "maxspeed": "DE:rural", "dual_carriageway": "yes", "oneway": "yes"])])
        let road = try #require(limits(ofWay: 1000, in: try importing(xml).graph).first)
        #expect(road.kind == .unlimited && road.source == .zone && !road.isEstimated)
        #expect(road.builtUp == .ruralByTags)
    }

    @Test func anUnreadableLimitFallsBackToTheEstimateAndIsCounted() throws {
        let xml = Self.town(streets: 0, extraWays: [(Self.line(from: Self.countryside, length: 2000), ["highway": "secondary", "maxspeed": "fast"])])
        let result = try importing(xml)
        let road = try #require(limits(ofWay: 1000, in: result.graph).first)
        #expect(road.source == .legalDefault && road.kilometersPerHour == 90)
        #expect(result.statistics.unreadableMaxspeedWays == 1)
    }

    @Test func withoutTheEstimateTheClassDefaultsStand() throws {
        let graph = try importing(Self.town(), SpeedLimitEstimateOptions(estimates: false)).graph
        let street = try #require(limits(ofWay: 4, in: graph).first)
        #expect(street.source == .classDefault && street.region == .none && street.builtUp == .unknown)
    }

    @Test func routingSpeedsIgnoreEstimates() throws {
        let estimated = try importing(Self.town()).graph
        let plain = try importing(Self.town(), SpeedLimitEstimateOptions(estimates: false)).graph
        #expect(estimated.travelTimeSeconds == plain.travelTimeSeconds)
    }

    @Test func postedLimitsStayAndAreTold() throws {
        let xml = Self.town(streets: 0, extraWays: [(Self.line(from: Self.countryside, length: 2000), ["highway": "secondary", "maxspeed": "70"])])
        let road = try #require(limits(ofWay: 1000, in: try importing(xml).graph).first)
        #expect(road.source == .posted && road.kilometersPerHour == 70 && road.region == RegionCode("HR"))
        #expect(road.builtUp == .ruralByDensity)
    }

    @Test func aRoadAtSeaHasNoRegionAndKeepsItsClassDefault() throws {
        let xml = Self.town(streets: 0, extraWays: [(Self.line(from: Coordinate(latitude: 40, longitude: -40), length: 2000),
                                                     ["highway": "secondary"])])
        let road = try #require(limits(ofWay: 1000, in: try importing(xml).graph).first)
        #expect(road.region == .none && road.source == .classDefault)
    }

    @Test func knownRegionsAreISOCodesTheDataKnows() throws {
        #expect(try SpeedLimitEstimateOptions.knownRegion("pt") == RegionCode("PT"))
        #expect(try SpeedLimitEstimateOptions.knownRegion("US-CA") == RegionCode("US-CA"))
        #expect(try SpeedLimitEstimateOptions.knownRegion("XX") == nil)
        #expect(try SpeedLimitEstimateOptions.knownRegion("Portugal") == nil)
    }
}
