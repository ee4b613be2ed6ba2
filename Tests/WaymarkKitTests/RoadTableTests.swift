import Foundation
import Geodesy
import OSMImport
import OutputFiles
import RoadNetwork
import RoadNetworkStore
import TestSupport
import Testing
@testable import WaymarkKit

/// `RoadTable`: one row per directed edge with its way, direction, length and speed limit (and where the
/// limit came from), as CSV and GeoJSON, optionally only the edges in a box.
///
/// Way 1 `abc` (primary, 50, two-way, split at b), way 2 `db` (residential, 20 mph, `oneway=-1`, so one
/// edge b → d against the way), way 3 `ce` (trunk, `maxspeed=none`), way 4 `ef` (service, untagged). The
/// limits are then set to known values (whatever the import's estimate would say): way 1's placed in an
/// urban area of Croatia, way 4's estimated — 25 mph by California's legal default forward, the class
/// default backward.
@Suite struct RoadTableTests {
    static let map = MapFixture("""
        a ------ b ------ c ------ e ------ f
                 |
                 |
                 d
        """)

    static let graph: RoadGraph = {
        let xml = map.osmXML(ways: [
            .init("abc", ["highway": "primary", "maxspeed": "50", "name": "Main, \"High\" Street"]),
            .init("db", ["highway": "residential", "maxspeed": "20 mph", "oneway": "-1", "name": "Lane"]),
            .init("ce", ["highway": "trunk", "maxspeed": "none", "ref": "B 3"]),
            .init("ef", ["highway": "service"]),
        ])
        let imported = try! OSMImporter.importXML(xml, sourceName: "road-table").graph
        let croatia = RegionCode("HR")!, california = RegionCode("US-CA")!
        let limits = (0..<imported.edgeCount).map { e -> SpeedLimit in
            let backward = imported.flags[e].contains(.againstWayDirection)
            switch imported.wayID[e] {
            case 1: return SpeedLimit.limited(50, source: .posted).placed(builtUp: .urbanByArea, region: croatia)
            case 2: return .limited(20 * 1.609344, unit: .milesPerHour, source: .posted)
            case 3: return .unlimited(source: .posted)
            default:
                return backward ? SpeedLimit(kind: .limited, kilometersPerHour: 30, unit: .kilometersPerHour, source: .classDefault,
                                             builtUp: .ruralByDensity)
                                : SpeedLimit(kind: .limited, kilometersPerHour: Float(25 * 1.609344), unit: .milesPerHour,
                                             source: .legalDefault, builtUp: .urbanByDensity, region: california)
            }
        }
        return imported.replacingSpeedLimits(limits)
    }()

    /// Splits one CSV line (RFC 4180 quoting, CRLF already removed).
    static func cells(_ line: Substring) -> [String] {
        var cells: [String] = [], cell = "", quoted = false, previousQuote = false
        for ch in line {
            if quoted {
                if ch == "\"" { quoted = false; previousQuote = true } else { cell.append(ch) }
                continue
            }
            switch ch {
            case "\"": if previousQuote { cell.append("\"") }; quoted = true
            case ",": cells.append(cell); cell = ""
            default: cell.append(ch)
            }
            previousQuote = false
        }
        return cells + [cell]
    }

    /// The CSV as dictionaries keyed by column.
    static func records(_ csv: String) throws -> [[String: String]] {
        #expect(csv.hasSuffix("\r\n"))
        let lines = csv.split(separator: "\r\n")
        let header = try #require(lines.first).split(separator: ",").map(String.init)
        #expect(header == RoadTable.columns)
        return lines.dropFirst().map { line in
            let cells = cells(line)
            #expect(cells.count == header.count, "\(line)")
            return Dictionary(uniqueKeysWithValues: zip(header, cells))
        }
    }

    static func metres(_ a: Character, _ b: Character) -> Double {
        GreatCircle.distance(from: map.coordinate(a), to: map.coordinate(b))
    }

    @Test func csvHasOneRowPerDirectedEdgeWithItsWayDirectionLengthAndLimit() throws {
        let table = RoadTable(graph: Self.graph)
        #expect(table.count == Self.graph.edgeCount)
        let rows = try Self.records(table.document(.csv))
        #expect(rows.count == 9)   // abc: 2 pieces × 2 directions; db: 1; ce: 2; ef: 2
        #expect(rows.map { $0["way_id"]! } == ["1", "1", "1", "1", "2", "3", "3", "4", "4"])
        let node = { (c: Character) in String(Self.map.nodeID(c)) }

        let main = rows.filter { $0["way_id"] == "1" }
        #expect(main.map { $0["direction"]! } == ["forward", "forward", "backward", "backward"])
        let pieces = Set(main.map { "\($0["from_node"]!)>\($0["to_node"]!)" })
        #expect(pieces == ["\(node("a"))>\(node("b"))", "\(node("b"))>\(node("c"))", "\(node("c"))>\(node("b"))", "\(node("b"))>\(node("a"))"])
        for row in main {
            let forward = row["direction"] == "forward"
            let along = [row["from_node"]!, row["to_node"]!]
            let expected = forward ? (along == [node("a"), node("b")] || along == [node("b"), node("c")])
                                   : (along == [node("c"), node("b")] || along == [node("b"), node("a")])
            #expect(expected, "\(row)")
            #expect(abs(Double(row["length_m"]!)! - Self.metres("a", "b")) < 0.05, "\(row)")
            #expect(row["highway"] == "primary" && row["ferry"] == "false")
            #expect(row["speed_limit_kmh"] == "50" && row["speed_limit"] == "50" && row["unit"] == "km/h")
            #expect(row["kind"] == "limited" && row["source"] == "posted" && row["estimated"] == "false")
            #expect(row["name"] == "Main, \"High\" Street" && row["ref"] == "")
            #expect(row["country"] == "HR" && row["region"] == "HR" && row["urban"] == "true" && row["urban_basis"] == "area")
        }

        // oneway=-1: the one edge runs b → d, against the way's node order (d, b); 20 mph kept in its unit.
        let lane = try #require(rows.first { $0["way_id"] == "2" })
        #expect(lane["direction"] == "backward" && lane["from_node"] == node("b") && lane["to_node"] == node("d"))
        #expect(abs(Double(lane["length_m"]!)! - Self.metres("b", "d")) < 0.05)
        #expect(lane["speed_limit_kmh"] == "32.19" && lane["speed_limit"] == "20" && lane["unit"] == "mph")
        #expect(lane["country"] == "" && lane["region"] == "" && lane["urban"] == "" && lane["urban_basis"] == "unknown")

        let trunk = rows.filter { $0["way_id"] == "3" }
        #expect(trunk.allSatisfy { $0["kind"] == "unlimited" && $0["speed_limit_kmh"] == "" && $0["speed_limit"] == ""
                                   && $0["unit"] == "" && $0["source"] == "posted" && $0["ref"] == "B 3" })

        let service = rows.filter { $0["way_id"] == "4" }
        #expect(service.map { $0["direction"]! } == ["forward", "backward"])
        let (forward, backward) = (service[0], service[1])
        #expect(forward["speed_limit_kmh"] == "40.23" && forward["speed_limit"] == "25" && forward["unit"] == "mph")
        #expect(forward["source"] == "legal_default" && forward["estimated"] == "true")
        #expect(forward["country"] == "US" && forward["region"] == "US-CA" && forward["urban"] == "true" && forward["urban_basis"] == "density")
        #expect(backward["speed_limit_kmh"] == "30" && backward["speed_limit"] == "30" && backward["unit"] == "km/h")
        #expect(backward["source"] == "class_default" && backward["estimated"] == "true")
        #expect(backward["country"] == "" && backward["region"] == "" && backward["urban"] == "false" && backward["urban_basis"] == "density")
    }

    @Test func csvQuotesNamesAsTheOtherCSVWritersDo() {
        let line = RoadTable(graph: Self.graph).document(.csv).split(separator: "\r\n")[1]
        #expect(line.hasSuffix(",\"Main, \"\"High\"\" Street\","), "\(line)")
    }

    @Test func geoJSONHasOneLineStringPerDirectedEdgeInTravelDirection() throws {
        let table = RoadTable(graph: Self.graph)
        let text = table.document(.geojson)
        #expect(text.hasSuffix("\n]}\n"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["type"] as? String == "FeatureCollection")
        let features = try #require(object["features"] as? [[String: Any]])
        #expect(features.count == 9)
        let csv = try Self.records(table.document(.csv))
        for (feature, row) in zip(features, csv) {
            let properties = try #require(feature["properties"] as? [String: Any])
            #expect(Array(properties.keys).sorted() == RoadTable.columns.sorted())
            #expect((properties["way_id"] as? Int).map(String.init) == row["way_id"])
            #expect(properties["direction"] as? String == row["direction"])
            #expect((properties["length_m"] as? Double).map { abs($0 - Double(row["length_m"]!)!) < 1e-9 } == true)
            #expect(properties["estimated"] as? Bool == (row["estimated"] == "true"))
            for key in ["country", "region"] {
                #expect(row[key]!.isEmpty ? properties[key] is NSNull : properties[key] as? String == row[key], "\(key) \(row)")
            }
            #expect(row["urban"]!.isEmpty ? properties["urban"] is NSNull : properties["urban"] as? Bool == (row["urban"] == "true"))
            #expect(properties["urban_basis"] as? String == row["urban_basis"] && properties["source"] as? String == row["source"])
            let geometry = try #require(feature["geometry"] as? [String: Any])
            #expect(geometry["type"] as? String == "LineString")
            let line = try #require(geometry["coordinates"] as? [[Double]])
            let ends = [Int64(row["from_node"]!)!, Int64(row["to_node"]!)!].map { id in
                Self.map.coordinate(Self.map.letters[Int(id) - 1])
            }
            for (position, end) in [(line.first, ends[0]), (line.last, ends[1])] {
                let p = try #require(position)
                #expect(abs(p[0] - end.longitude) < 1e-6 && abs(p[1] - end.latitude) < 1e-6, "\(row)")
            }
        }
        let lane = try #require(features.first { ($0["properties"] as? [String: Any])?["way_id"] as? Int == 2 })
        let properties = try #require(lane["properties"] as? [String: Any])
        #expect(properties["speed_limit"] as? Int == 20 && properties["unit"] as? String == "mph")
        #expect((properties["speed_limit_kmh"] as? Double).map { abs($0 - 32.19) < 1e-9 } == true)
        let trunk = try #require(features.first { ($0["properties"] as? [String: Any])?["way_id"] as? Int == 3 })
        let trunkProperties = try #require(trunk["properties"] as? [String: Any])
        #expect(trunkProperties["speed_limit_kmh"] is NSNull && trunkProperties["speed_limit"] is NSNull && trunkProperties["unit"] is NSNull)
        #expect(trunkProperties["kind"] as? String == "unlimited")
    }

    @Test func aBoxKeepsTheEdgesWhoseLineMeetsIt() throws {
        let map = Self.map
        func box(around c: Coordinate, metres: Double = 3) -> BoundingBox {
            let dLat = metres / 111_320, dLon = metres / (111_320 * cos(c.latitude * .pi / 180))
            return BoundingBox(minLatitude: c.latitude - dLat, minLongitude: c.longitude - dLon,
                               maxLatitude: c.latitude + dLat, maxLongitude: c.longitude + dLon)
        }
        // Around d: only the lane ends there.
        let atD = RoadTable(graph: Self.graph, within: box(around: map.coordinate("d")))
        #expect(atD.rows.map(\.wayID) == [2])
        // Halfway between a and b, away from every node: the segment crosses the box.
        let a = map.coordinate("a"), b = map.coordinate("b")
        let middle = Coordinate(latitude: (a.latitude + b.latitude) / 2, longitude: (a.longitude + b.longitude) / 2)
        let crossing = RoadTable(graph: Self.graph, within: box(around: middle)).rows
        #expect(crossing.map(\.wayID) == [1, 1])
        #expect(crossing.map(\.direction) == [.forward, .backward])
        #expect(Set(crossing.map(\.fromNode)) == [map.nodeID("a"), map.nodeID("b")])
        // Beside the road, not on it: nothing, and the documents are still whole.
        let beside = RoadTable(graph: Self.graph, within: box(around: map.coordinate("d"), metres: 3).offset(latitude: 0, longitude: 0.0003))
        #expect(beside.count == 0)
        #expect(beside.document(.csv) == RoadTable.columns.joined(separator: ",") + "\r\n")
        let empty = try #require(try JSONSerialization.jsonObject(with: Data(beside.document(.geojson).utf8)) as? [String: Any])
        #expect((empty["features"] as? [Any])?.isEmpty == true)
        // The whole map: every edge.
        #expect(RoadTable(graph: Self.graph, within: Self.graph.boundingBox).count == Self.graph.edgeCount)
    }

    @Test func segmentsThatOnlyPassTheBoxCornerAreLeftOut() {
        let box = BoundingBox(minLatitude: 0, minLongitude: 0, maxLatitude: 1, maxLongitude: 1)
        let c = { (lat: Double, lon: Double) in Coordinate(latitude: lat, longitude: lon) }
        #expect(RoadTable.line([c(-1, 0.5), c(2, 0.5)], meets: box))      // crosses, no point inside
        #expect(RoadTable.line([c(0.5, 0.5)], meets: box))                // a point inside
        #expect(!RoadTable.line([c(1.5, -1), c(2.5, 1)], meets: box))     // passes above
        #expect(!RoadTable.line([c(0.5, 2), c(2, 0.5)], meets: box))      // past the corner (1, 1)
        #expect(RoadTable.line([c(0.5, 1.5), c(1.5, 0.5)], meets: box))   // cuts the corner
        #expect(!RoadTable.line([], meets: box))
    }

    @Test func theBoxIsReadAsLongitudeLatitudeAndRefusedWithTheReason() throws {
        let box = try BoundingBox(parsingLongitudeLatitude: "-9.1,41.1, -8.5 ,41.3")
        #expect(box == BoundingBox(minLatitude: 41.1, minLongitude: -9.1, maxLatitude: 41.3, maxLongitude: -8.5))
        let cases: [(String, String)] = [
            ("1,2,3", "--bbox '1,2,3': expected four decimal numbers minLon,minLat,maxLon,maxLat"),
            ("0x1,2,3,4", "--bbox '0x1,2,3,4': expected four decimal numbers"),
            ("1,2,nan,4", "expected four decimal numbers"),
            ("1,2,3,4,5", "expected four decimal numbers"),
            ("190,2,191,4", "--bbox '190,2,191,4': longitude 190 is outside -180...180 (expected minLon,minLat,maxLon,maxLat)"),
            ("1,-95,3,4", "latitude -95 is outside -90...90"),
            ("3,2,1,4", "--bbox '3,2,1,4': minLon 3 is greater than maxLon 1"),
            ("1,4,3,2", "minLat 4 is greater than maxLat 2"),
        ]
        for (text, message) in cases {
            do {
                _ = try BoundingBox(parsingLongitudeLatitude: text)
                Issue.record("\(text) was read")
            } catch {
                #expect(error.description(naming: "--bbox").contains(message), "\(text): \(error.description(naming: "--bbox"))")
            }
        }
    }

    @Test func theExportWritesAFileAtomicallyAndNamesWhatFailed() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-roads-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("map.sqlite").path
        try RoadNetworkStore.write(graph: Self.graph, pointsOfInterest: [],
                                   metadata: .computed(graph: Self.graph, pointsOfInterest: [], sourceFileName: "map.osm",
                                                       sourceSHA256: "", sourceBytes: 0),
                                   to: database)
        let output = directory.appendingPathComponent("roads.csv").path
        let count = try RoadTableExport(source: .database(path: database), format: .csv).run(output: output, naming: "--output")
        #expect(count == 9)
        #expect(try String(contentsOfFile: output, encoding: .utf8) == RoadTable(graph: Self.graph).document(.csv))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["map.sqlite", "roads.csv"])

        #expect(throws: RoadNetworkLoadError.database(.fileNotFound(path: directory.appendingPathComponent("none.sqlite").path))) {
            try RoadTableExport(source: .database(path: directory.appendingPathComponent("none.sqlite").path), format: .csv)
                .run(output: output, naming: "--output")
        }
        // An unusable output path is found before the database is read.
        do {
            _ = try RoadTableExport(source: .database(path: "/nonexistent/none.sqlite"), format: .geojson)
                .run(output: "/nonexistent/dir/roads.geojson", naming: "--output")
            Issue.record("wrote into a missing directory")
        } catch let error as OutputError {
            #expect(error.description.contains("--output") && error.description.contains("/nonexistent/dir"), "\(error)")
        }
    }
}

extension BoundingBox {
    fileprivate func offset(latitude: Double, longitude: Double) -> BoundingBox {
        BoundingBox(minLatitude: minLatitude + latitude, minLongitude: minLongitude + longitude,
                    maxLatitude: maxLatitude + latitude, maxLongitude: maxLongitude + longitude)
    }
}
