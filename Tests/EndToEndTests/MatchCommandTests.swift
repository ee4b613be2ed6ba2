import Foundation
import Testing
import TestSupport

/// `waymark match` run as a user would, on the sample town.
@Suite struct MatchCommandTests {
    /// A drive north up Zagrebačka cesta, east along Glavna ulica and north again, a point every 15 s,
    /// each a few metres off its road.
    static let csv = """
        lat,lon,time
        45.8080,15.98392,2024-05-01T10:00:00Z
        45.8095,15.98380,2024-05-01T10:00:15Z
        45.8110,15.98392,2024-05-01T10:00:30Z
        45.8122,15.98379,2024-05-01T10:00:45Z
        45.81275,15.98500,2024-05-01T10:01:00Z
        45.81265,15.98700,2024-05-01T10:01:15Z
        45.81273,15.98900,2024-05-01T10:01:30Z
        45.81400,15.99165,2024-05-01T10:01:45Z
        """

    static func write(_ text: String, as name: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("match-\(UUID().uuidString)-\(name)")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @Test func csvTraceIsMatchedToTheRoadsDriven() throws {
        let path = try Self.write(Self.csv, as: "trace.csv")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try CLI.run(["match", "--osm", TestFiles.sampleTownPath, "--csv", path])
        #expect(result.status == 0, "\(result)")
        let object = try CLI.jsonObject(result.stdout)
        #expect(object["code"] as? String == "Ok")
        let tracepoints = try #require(object["tracepoints"] as? [[String: Any]])
        #expect(tracepoints.map { $0["name"] as? String ?? "" } == Array(repeating: "Zagrebačka cesta", count: 4)
                + Array(repeating: "Glavna ulica", count: 3) + ["Istočni spoj"])
        let matchings = try #require(object["matchings"] as? [[String: Any]])
        #expect(matchings.count == 1 && (matchings.first?["legs"] as? [Any])?.count == 7)
    }

    @Test func gpxGivenAsCSVAndUnorderedTimesAreErrorsNamingTheInput() throws {
        let gpx = try Self.write("<gpx><trk><trkseg><trkpt lat=\"45.808\" lon=\"15.9839\"/></trkseg></trk></gpx>", as: "trace.gpx")
        defer { try? FileManager.default.removeItem(atPath: gpx) }
        let wrongKind = try CLI.run(["match", "--osm", TestFiles.sampleTownPath, "--csv", gpx])
        #expect(wrongKind.status == 1 && wrongKind.stderr.contains(gpx), "\(wrongKind)")

        let backwards = try Self.write(Self.csv.replacingOccurrences(of: "10:00:30", with: "09:00:30"), as: "backwards.csv")
        defer { try? FileManager.default.removeItem(atPath: backwards) }
        let unordered = try CLI.run(["match", "--osm", TestFiles.sampleTownPath, "--csv", backwards])
        #expect(unordered.status == 1 && unordered.stderr.contains("timestamp 2"), "\(unordered)")

        let both = try CLI.run(["match", "--osm", TestFiles.sampleTownPath, "--csv", backwards, "--gpx", gpx])
        #expect(both.status == 1 && both.stderr.contains("exactly one of"), "\(both)")
    }
}
