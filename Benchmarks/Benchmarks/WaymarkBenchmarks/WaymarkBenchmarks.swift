import ARExport
import Benchmark
import Benchmarking
import Foundation
import Geodesy
import Guidance
import OSMImport
import RoadNetwork
import RoadNetworkStore
import Routing

// Micro-benchmarks of Waymark's hot paths on real extracts (ordo-one/benchmark). Whole-run figures
// (1,000 random routes per city, generated 1 M / 5 M node cities) come from `waymark bench`; these
// measure one operation at a time with allocation and memory counters, for regression tracking.
//
//   cd Benchmarks && swift package --scratch-path ../.build-bench-pkg benchmark
//   cd Benchmarks && swift package --scratch-path ../.build-bench-pkg benchmark --filter "A\*.*"
//
// The extracts are found in WAYMARK_SHARED_OSM, else in shared/osm beside the project root; when
// they are absent every benchmark that needs them is skipped with a message.

/// Locates the shared extracts.
enum SharedOSM {
    static let directory: URL? = {
        let fm = FileManager.default
        if let env = ProcessInfo.processInfo.environment["WAYMARK_SHARED_OSM"], !env.isEmpty {
            return fm.fileExists(atPath: env) ? URL(fileURLWithPath: env) : nil
        }
        // Walk up from this source file and from the working directory: the project root's parent
        // holds shared/osm (Benchmarks/../../shared/osm).
        var starts = [URL(fileURLWithPath: #filePath), URL(fileURLWithPath: fm.currentDirectoryPath)]
        while let start = starts.popLast() {
            var url = start
            while url.path != "/" {
                let candidate = url.appendingPathComponent("shared/osm")
                if fm.fileExists(atPath: candidate.appendingPathComponent("README.md").path) { return candidate }
                url.deleteLastPathComponent()
            }
        }
        return nil
    }()

    static func path(_ name: String) -> String? {
        guard let directory else { return nil }
        let path = directory.appendingPathComponent(name).path
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }
}

/// Everything the benchmarks share, built once (not measured).
final class Fixture: @unchecked Sendable {
    let name: String
    let path: String
    let graph: RoadGraph
    let pointsOfInterest: [PointOfInterest]
    let router: Router
    let pairs: [(Coordinate, Coordinate)]
    let routes: [Route]
    let waypoints: [[Waypoint]]
    let edgeDescriptions: [RoadEdgeDescription]
    let databasePath: String

    init(name: String, path: String) throws {
        self.name = name
        self.path = path
        // Locals first: closures may not capture `self` before every member is set.
        let imported = try OSMImporter.importFile(path: path)
        let graph = imported.graph
        let router = Router(graph: graph)
        // The pairs `waymark bench --seed 42` draws first, so both measure the same queries.
        let pairs = BenchPairs.draw(count: 100, seed: 42, from: graph).map { ($0.from, $0.to) }
        let workspace = router.makeWorkspace()
        let routes = pairs.compactMap { try? router.route(from: $0.0, to: $0.1, workspace: workspace) }
        self.graph = graph
        self.router = router
        self.pairs = pairs
        self.routes = routes
        pointsOfInterest = imported.pointsOfInterest
        waypoints = routes.map { RouteGuidance.waypoints(for: $0, in: graph) }
        edgeDescriptions = (0..<graph.edgeCount).map { e in
            RoadEdgeDescription(
                from: graph.tail[e], to: graph.head[e], shape: Array(graph.shapePoints(of: EdgeIndex(e))),
                lengthMeters: Double(graph.lengthMeters[e]),
                routingSpeed: Double(graph.lengthMeters[e]) / Double(max(graph.travelTimeSeconds[e], 1e-3)) * 3.6,
                highway: graph.highway[e], speedLimit: graph.speedLimit[e], flags: graph.flags[e],
                name: graph.name(of: EdgeIndex(e)), ref: graph.ref(of: EdgeIndex(e)), wayID: graph.wayID[e])
        }
        databasePath = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-benchmark-\(name).sqlite").path
        try RoadNetworkStore.write(graph: graph, pointsOfInterest: pointsOfInterest, metadata: metadata(), to: databasePath)
    }

    func metadata() -> RoadNetworkMetadata {
        RoadNetworkMetadata.computed(graph: graph, pointsOfInterest: pointsOfInterest, sourceFileName: name,
                                     sourceSHA256: "", sourceBytes: 0)
    }

}

/// A fixture prepared on first use, so that running one benchmark (`--filter`) does not import every
/// extract first.
final class LazyFixture: @unchecked Sendable {
    let name: String
    let path: String
    private let lock = NSLock()
    private var fixture: Fixture?

    /// nil (with a message) when the extract is absent.
    init?(_ file: String) {
        guard let path = SharedOSM.path(file) else {
            print("note: \(file) not found (set WAYMARK_SHARED_OSM to the folder of the extracts); skipping its benchmarks")
            return nil
        }
        self.path = path
        name = file.components(separatedBy: ".").first ?? file
    }

    func get() throws -> Fixture {
        lock.lock()
        defer { lock.unlock() }
        if let fixture { return fixture }
        let made = try Fixture(name: name, path: path)
        fixture = made
        return made
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident, .throughput],
        timeUnits: .microseconds,
        warmupIterations: 1,
        maxDuration: .seconds(5),
        maxIterations: 200
    )
    let heavy = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident],
        timeUnits: .milliseconds, warmupIterations: 0, maxDuration: .seconds(20), maxIterations: 5)

    // XML parsing on its own: a small plain-XML extract held in memory (no decompression, no disk).
    if let small = SharedOSM.path("aguascalientes.osm"), let xml = try? String(contentsOfFile: small, encoding: .utf8) {
        Benchmark("XML import in memory (aguascalientes, 0.7 MB)", configuration: .init(timeUnits: .milliseconds, maxIterations: 50)) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try OSMImporter.importXML(xml, sourceName: "aguascalientes.osm")) }
        }
    } else {
        print("note: aguascalientes.osm not found; skipping the XML benchmark")
    }

    for file in ["monaco.osm.bz2", "andorra-2021.osm.bz2"] {
        guard let lazy = LazyFixture(file) else { continue }
        let name = lazy.name

        Benchmark("Import file (\(name): bz2 + XML + graph)", configuration: heavy) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try OSMImporter.importFile(path: lazy.path)) }
        }

        Benchmark("Graph build (\(name))", configuration: heavy) { benchmark in
            let fixture = try lazy.get()
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                var builder = RoadGraphBuilder()
                for v in 0..<fixture.graph.nodeCount {
                    builder.addNode(osmID: fixture.graph.nodeOSMIDs[v], coordinate: fixture.graph.nodeCoordinates[v])
                }
                for edge in fixture.edgeDescriptions { builder.addEdge(edge) }
                blackHole(builder.build())
            }
        }

        Benchmark("Store save (\(name))", configuration: heavy) { benchmark in
            let fixture = try lazy.get()
            benchmark.startMeasurement()
            let path = fixture.databasePath + ".save"
            let metadata = fixture.metadata()
            for _ in benchmark.scaledIterations {
                try RoadNetworkStore.write(graph: fixture.graph, pointsOfInterest: fixture.pointsOfInterest, metadata: metadata, to: path)
            }
            try? FileManager.default.removeItem(atPath: path)
        }

        Benchmark("Store load (\(name))", configuration: heavy) { benchmark in
            let fixture = try lazy.get()
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { blackHole(try RoadNetworkStore.load(path: fixture.databasePath)) }
        }

        Benchmark("Snap 200 points (\(name))") { benchmark in
            let fixture = try lazy.get()
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                for (a, b) in fixture.pairs {
                    blackHole(try? fixture.router.snap(a))
                    blackHole(try? fixture.router.snap(b))
                }
            }
        }

        Benchmark("A* 100 routes (\(name))", configuration: .init(timeUnits: .milliseconds, maxIterations: 50)) { benchmark in
            let fixture = try lazy.get()
            benchmark.startMeasurement()
            let workspace = fixture.router.makeWorkspace()
            for _ in benchmark.scaledIterations {
                for (a, b) in fixture.pairs { blackHole(try? fixture.router.route(from: a, to: b, workspace: workspace)) }
            }
        }

        Benchmark("Densify routes of 100 pairs (\(name))") { benchmark in
            let fixture = try lazy.get()
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                for route in fixture.routes {
                    for leg in route.legs { blackHole(DensifiedPolyline(leg.coordinates, policy: .bands)) }
                }
            }
        }

        Benchmark("Classify turns, routes of 100 pairs (\(name))") { benchmark in
            let fixture = try lazy.get()
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                for route in fixture.routes {
                    for leg in route.legs { blackHole(RouteGuidance.steps(for: leg, in: fixture.graph)) }
                }
            }
        }

        Benchmark("Guidance waypoints, routes of 100 pairs (\(name))") { benchmark in
            let fixture = try lazy.get()
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                for route in fixture.routes { blackHole(RouteGuidance.waypoints(for: route, in: fixture.graph)) }
            }
        }

        Benchmark("Marker export, routes of 100 pairs (\(name))") { benchmark in
            let fixture = try lazy.get()
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                for list in fixture.waypoints where !list.isEmpty { blackHole(try ARMarkerExporter.markers(for: list)) }
            }
        }
    }
}
