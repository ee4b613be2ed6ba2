// swift-tools-version:6.1
import PackageDescription

// One library module per pipeline stage; data flows one way:
// OSM file -> OSMImport -> RoadNetwork (stored and loaded by RoadNetworkStore, which depends on it) -> Routing
// -> Guidance -> RouteFormats / ARExport, with Places (points of interest) beside them. Leaf modules hold what
// several stages share: OutputEncoding (the JSON writer, text escaping, GeoJSON features), SeededRandom (the
// seeded generator), OutputFiles. README "Architecture" has the table of what each module is for;
// docs/architecture.md says what links what.
// Every target's dependencies are exactly the modules its files import (DependencyGraphTests checks it).
// The C libraries are wrapped as system-library targets and imported only by the module that needs them.
// Experiments (ch-measure) live in the Benchmarks package, not here.
let package = Package(
    name: "Waymark",
    products: [
        .executable(name: "waymark", targets: ["waymark"]),
        .library(name: "Geodesy", targets: ["Geodesy"]),
        .library(name: "OutputEncoding", targets: ["OutputEncoding"]),
        .library(name: "SeededRandom", targets: ["SeededRandom"]),
        .library(name: "RoadNetwork", targets: ["RoadNetwork"]),
        .library(name: "LegalSpeedLimits", targets: ["LegalSpeedLimits"]),
        .library(name: "OSMImport", targets: ["OSMImport"]),
        .library(name: "RoadNetworkStore", targets: ["RoadNetworkStore"]),
        .library(name: "Routing", targets: ["Routing"]),
        .library(name: "TripPlanning", targets: ["TripPlanning"]),
        .library(name: "MapMatching", targets: ["MapMatching"]),
        .library(name: "Guidance", targets: ["Guidance"]),
        .library(name: "Places", targets: ["Places"]),
        .library(name: "RouteFormats", targets: ["RouteFormats"]),
        .library(name: "ARExport", targets: ["ARExport"]),
        .library(name: "OutputFiles", targets: ["OutputFiles"]),
        .library(name: "OSRMService", targets: ["OSRMService"]),
        .library(name: "Server", targets: ["Server"]),
        .library(name: "WaymarkKit", targets: ["WaymarkKit"]),
        .library(name: "Benchmarking", targets: ["Benchmarking"]),
        .library(name: "CitySynthesis", targets: ["CitySynthesis"]),
        .library(name: "MapPage", targets: ["MapPage"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        // The HTTP service (`waymark serve`): its own channel handlers on NIO's HTTP/1 codec.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        .systemLibrary(name: "CExpat", pkgConfig: "expat", providers: [.apt(["libexpat1-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CBzip2", providers: [.apt(["libbz2-dev"])]),
        // malloc_trim, to return the buffers a load or a router's set-up freed (glibc; a no-op elsewhere).
        .systemLibrary(name: "CMalloc"),
        .systemLibrary(name: "CPrefetch"),

        .target(name: "Geodesy"),
        // The one JSON writer of every output, XML and CSV escaping, GeoJSON features.
        .target(name: "OutputEncoding", dependencies: ["Geodesy"]),
        // The seeded generator (SplitMix64) of benchmark pairs, generated cities and tests.
        .target(name: "SeededRandom"),
        // Output files replaced atomically, never anything but a regular file; checked standard output.
        .target(name: "OutputFiles"),
        .target(name: "RoadNetwork", dependencies: ["Geodesy"]),
        // Legal default speed limits by country (the OSM wiki's rules, their tag-filter language) and the
        // country and subdivision polygons that say which rules apply where; both ship as resources.
        .target(name: "LegalSpeedLimits", dependencies: ["Geodesy"], resources: [.copy("Resources")]),
        .target(name: "OSMImport", dependencies: ["Geodesy", "RoadNetwork", "LegalSpeedLimits", "OutputFiles", "CExpat", "CZlib", "CBzip2", "CMalloc"]),
        .target(name: "RoadNetworkStore", dependencies: ["Geodesy", "RoadNetwork", "OutputFiles", "CSQLite", "CZlib", "CMalloc"]),
        .target(name: "Routing", dependencies: ["Geodesy", "RoadNetwork", "CMalloc", "CPrefetch"]),
        // The travelling salesman on a duration matrix (`/trip`): exact up to 10 stops, heuristic above.
        .target(name: "TripPlanning", dependencies: ["Geodesy"]),
        // Map matching (a hidden Markov model over the router's candidates and road lengths).
        .target(name: "MapMatching", dependencies: ["Geodesy", "Routing"]),
        .target(name: "Guidance", dependencies: ["Geodesy", "RoadNetwork", "Routing", "OutputEncoding"]),
        // Points of interest: categories, queries, the grid index, places along a route.
        .target(name: "Places", dependencies: ["Geodesy", "RoadNetwork"]),
        // Every machine-readable and text output but the AR markers.
        .target(name: "RouteFormats", dependencies: ["Geodesy", "RoadNetwork", "Routing", "Guidance", "Places", "OutputEncoding"]),
        // AR markers only; no routing (it takes guidance waypoints and places along the route).
        .target(name: "ARExport", dependencies: ["Geodesy", "RoadNetwork", "Guidance", "Places", "OutputEncoding"]),
        // The entry point for apps and servers: load -> route -> guidance -> markers, one error type per stage;
        // also what the CLI does beyond parsing options (import policy, database reports, the marker export job,
        // the stream session), and the wording of its errors with a front end's input names.
        .target(name: "WaymarkKit", dependencies: [
            "Geodesy", "RoadNetwork", "OSMImport", "RoadNetworkStore", "Routing", "MapMatching", "Guidance", "Places", "RouteFormats",
            "ARExport", "OutputEncoding", "OutputFiles",
        ]),
        // OSRM's HTTP API without HTTP: request parsing (URL, options, limits), the answers of route, nearest,
        // table and Waymark's own services as bodies, and OSRM's error codes. Shared by `waymark serve` and
        // `waymark route --format osrm` (one code path), and fuzzable without a server. It links ARExport for
        // Waymark's `/markers` service, which the server answers like the others.
        .target(name: "OSRMService", dependencies: [
            "Geodesy", "RoadNetwork", "Routing", "MapMatching", "Guidance", "Places", "RouteFormats", "ARExport", "OutputEncoding", "TripPlanning",
        ]),
        // The map page `waymark serve` shows at `/` (HTML/JS/CSS as resources) and Leaflet from Debian's install path.
        .target(name: "MapPage", resources: [.copy("Page")]),
        // The HTTP server over OSRMService: NIO channel handlers, graceful shutdown, access log, metrics, reload;
        // `WaymarkServer.run` is `waymark serve` without its options (load a RoadNetworkSource, serve, log).
        .target(
            name: "Server",
            dependencies: [
                "Geodesy", "OSRMService", "Routing", "Guidance", "MapPage", "WaymarkKit", "CMalloc",
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        // `waymark bench` and Benchmarks/: pairs, timed stages, reports (table and JSON Lines).
        .target(name: "Benchmarking", dependencies: [
            "Geodesy", "RoadNetwork", "OSMImport", "RoadNetworkStore", "Routing", "Guidance", "ARExport", "OutputEncoding", "SeededRandom",
            "OutputFiles",
        ]),
        // Synthetic OSM cities for `waymark generate-grid` and the scaling benchmarks.
        .target(name: "CitySynthesis", dependencies: ["Geodesy", "OutputFiles", "SeededRandom", "CZlib", "CBzip2"]),
        .executableTarget(
            name: "waymark",
            dependencies: [
                "Geodesy", "RoadNetwork", "OSMImport", "Routing", "Guidance", "Places", "RouteFormats", "ARExport",
                "WaymarkKit", "Benchmarking", "CitySynthesis", "OutputFiles", "OSRMService", "Server", "MapPage",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // Shared by the test targets only: ASCII-map fixtures and the location of the real extracts.
        .target(name: "TestSupport", dependencies: ["Geodesy", "SeededRandom", "CSQLite"], path: "Tests/TestSupport"),
        .testTarget(name: "GeodesyTests", dependencies: ["Geodesy"]),
        .testTarget(name: "OutputFilesTests", dependencies: ["OutputFiles"]),
        .testTarget(name: "LegalSpeedLimitsTests", dependencies: ["LegalSpeedLimits", "Geodesy", "SeededRandom"]),
        .testTarget(name: "RoadNetworkTests", dependencies: ["RoadNetwork", "Geodesy", "TestSupport"]),
        .testTarget(name: "OSMImportTests", dependencies: ["OSMImport", "RoadNetwork", "Geodesy", "TestSupport", "CZlib"]),
        .testTarget(name: "RoadNetworkStoreTests", dependencies: ["RoadNetworkStore", "OSMImport", "RoadNetwork", "Geodesy", "TestSupport"]),
        .testTarget(name: "MapMatchingTests", dependencies: ["MapMatching", "Routing", "OSMImport", "RoadNetwork", "Geodesy", "SeededRandom", "TestSupport"]),
        .testTarget(name: "RoutingTests", dependencies: ["Routing", "OSMImport", "RoadNetwork", "Geodesy", "TestSupport"]),
        .testTarget(name: "GuidanceTests", dependencies: ["Guidance", "Routing", "OSMImport", "RoadNetwork", "Geodesy", "TestSupport"]),
        .testTarget(name: "PlacesTests", dependencies: ["Places", "RoadNetwork", "Geodesy"]),
        .testTarget(name: "RouteFormatsTests", dependencies: [
            "RouteFormats", "OutputEncoding", "Places", "Guidance", "Routing", "OSMImport", "RoadNetwork", "Geodesy", "TestSupport",
        ]),
        .testTarget(name: "ARExportTests", dependencies: [
            "ARExport", "OutputEncoding", "Places", "RouteFormats", "Guidance", "Routing", "OSMImport", "RoadNetwork", "Geodesy", "TestSupport",
        ]),
        .testTarget(name: "WaymarkKitTests", dependencies: [
            "WaymarkKit", "ARExport", "RouteFormats", "Places", "Guidance", "Routing", "RoadNetworkStore", "OSMImport", "RoadNetwork", "Geodesy",
            "OutputFiles", "TestSupport",
        ]),
        .testTarget(name: "BenchmarkingTests", dependencies: ["Benchmarking", "SeededRandom", "Geodesy", "OutputFiles", "RoadNetwork", "Routing"]),
        .testTarget(name: "CitySynthesisTests", dependencies: ["CitySynthesis", "Geodesy", "CZlib", "CBzip2"]),
        .testTarget(name: "SeededRandomTests", dependencies: ["SeededRandom"]),
        .testTarget(name: "TripPlanningTests", dependencies: ["TripPlanning", "SeededRandom", "Geodesy"]),
        .testTarget(name: "OutputEncodingTests", dependencies: ["OutputEncoding", "Geodesy"]),
        .testTarget(name: "OSRMServiceTests", dependencies: ["OSRMService", "RouteFormats", "Routing", "OSMImport", "RoadNetwork", "Geodesy", "TestSupport"]),
        .testTarget(name: "ServerTests", dependencies: [
            "Server", "MapPage", "OSRMService", "WaymarkKit", "Routing", "OSMImport", "Geodesy", "TestSupport",
            .product(name: "Logging", package: "swift-log"),
        ]),
        .testTarget(name: "EndToEndTests", dependencies: ["waymark", "TestSupport", "Geodesy", "OutputFiles"]),
    ]
)
