import Foundation
import Testing
import TestSupport

/// A road longer than 32-bit millimetres (4,295 km) imports with its time hierarchy, `info` says why
/// the distance hierarchy was left out, and the shortest route is found by A*.
@Suite struct LongDistanceEndToEndTests {
    /// A primary road 6,000 km along the equator in three pieces, with a side road at the two inner
    /// junctions:
    ///
    ///     a----------b----------c----------d
    ///                |          |
    ///                e          f
    static let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <osm version="0.6">
          <node id="1" lat="0" lon="0"/><node id="2" lat="0" lon="18"/><node id="3" lat="0" lon="36"/>
          <node id="4" lat="0" lon="54"/><node id="5" lat="0.01" lon="18"/><node id="6" lat="0.01" lon="36"/>
          <way id="10"><nd ref="1"/><nd ref="2"/><nd ref="3"/><nd ref="4"/><tag k="highway" v="primary"/></way>
          <way id="11"><nd ref="2"/><nd ref="5"/><tag k="highway" v="residential"/></way>
          <way id="12"><nd ref="3"/><nd ref="6"/><tag k="highway" v="residential"/></way>
        </osm>
        """

    @Test func aContinentalDistanceLeavesOnlyTheDistanceHierarchyOut() throws {
        let directory = try CLI.scratchDirectory()
        defer { CLI.remove(directory) }
        let osm = directory.appendingPathComponent("equator.osm")
        try Self.xml.write(to: osm, atomically: true, encoding: .utf8)
        let db = directory.appendingPathComponent("equator.sqlite").path
        let imported = try CLI.run(["import", osm.path, "--db", db, "--quiet"])
        #expect(imported.status == 0, "\(imported)")
        #expect(imported.stdout.contains("the distance hierarchy left out, its routes use A*"), "\(imported)")
        let info = try CLI.run(["info", db])
        #expect(info.stdout.contains("Hierarchies          contraction hierarchies for time,"), "\(info)")
        #expect(info.stdout.contains("4,295 km in millimetres"), "\(info)")
        for metric in ["time", "distance"] {
            let route = try CLI.run(["route", "--db", db, "--from", "0,0", "--to", "0,54", "--metric", metric, "--format", "osrm"])
            #expect(route.status == 0, "\(metric): \(route)")
            let body = try CLI.jsonObject(route.stdout)
            let routes = try #require(body["routes"] as? [[String: Any]])
            let distance = try #require(routes.first?["distance"] as? Double)
            #expect(distance > 6_004_000 && distance < 6_005_000, "\(metric): \(distance) m")
        }
    }
}
