// swift-tools-version:6.1
import PackageDescription

// One library module per pipeline stage; data flows one way:
// OSM file -> OSMImport -> RoadNetwork <-> RoadNetworkStore -> Routing -> Guidance -> ARExport.
// The C libraries are wrapped as system-library targets and imported only by the module that needs them.
let package = Package(
    name: "Waymark",
    products: [
        .executable(name: "waymark", targets: ["waymark"]),
        .library(name: "Geodesy", targets: ["Geodesy"]),
        .library(name: "RoadNetwork", targets: ["RoadNetwork"]),
        .library(name: "OSMImport", targets: ["OSMImport"]),
        .library(name: "RoadNetworkStore", targets: ["RoadNetworkStore"]),
        .library(name: "Routing", targets: ["Routing"]),
        .library(name: "Guidance", targets: ["Guidance"]),
        .library(name: "ARExport", targets: ["ARExport"]),
        .library(name: "OutputFiles", targets: ["OutputFiles"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .systemLibrary(name: "CExpat", pkgConfig: "expat", providers: [.apt(["libexpat1-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CBzip2", providers: [.apt(["libbz2-dev"])]),

        .target(name: "Geodesy"),
        // Output files replaced atomically, never anything but a regular file; checked standard output.
        .target(name: "OutputFiles"),
        .target(name: "RoadNetwork", dependencies: ["Geodesy"]),
        .target(name: "OSMImport", dependencies: ["Geodesy", "RoadNetwork", "CExpat", "CZlib", "CBzip2"]),
        .target(name: "RoadNetworkStore", dependencies: ["Geodesy", "RoadNetwork", "OutputFiles", "CSQLite", "CZlib"]),
        .target(name: "Routing", dependencies: ["Geodesy", "RoadNetwork"]),
        .target(name: "Guidance", dependencies: ["Geodesy", "RoadNetwork", "Routing"]),
        .target(name: "ARExport", dependencies: ["Geodesy", "RoadNetwork", "Routing", "Guidance"]),
        // Synthetic OSM cities for `waymark generate-grid` and the scaling benchmarks.
        .target(name: "CitySynthesis", dependencies: ["Geodesy", "OutputFiles", "CZlib", "CBzip2"]),
        .executableTarget(
            name: "waymark",
            dependencies: [
                "Geodesy", "RoadNetwork", "OSMImport", "RoadNetworkStore", "Routing", "Guidance", "ARExport", "CitySynthesis", "OutputFiles",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Measures the contraction hierarchy on a real extract (issue 12, phase 1); not part of the CLI.
        .executableTarget(
            name: "ch-measure",
            dependencies: ["Routing", "RoadNetwork", "OSMImport", "RoadNetworkStore", "CitySynthesis"],
            path: "Sources/ch-measure"
        ),

        // Shared by the test targets only: ASCII-map fixtures and the location of the real extracts.
        .target(name: "TestSupport", dependencies: ["Geodesy"], path: "Tests/TestSupport"),
        .testTarget(name: "GeodesyTests", dependencies: ["Geodesy"]),
        .testTarget(name: "OutputFilesTests", dependencies: ["OutputFiles"]),
        .testTarget(name: "RoadNetworkTests", dependencies: ["RoadNetwork", "Geodesy"]),
        .testTarget(name: "OSMImportTests", dependencies: ["OSMImport", "RoadNetwork", "Geodesy", "TestSupport"]),
        .testTarget(name: "RoadNetworkStoreTests", dependencies: ["RoadNetworkStore", "OSMImport", "RoadNetwork", "Geodesy", "TestSupport"]),
        .testTarget(name: "RoutingTests", dependencies: ["Routing", "OSMImport", "RoadNetwork", "Geodesy", "TestSupport"]),
        .testTarget(name: "GuidanceTests", dependencies: ["Guidance", "Routing", "OSMImport", "RoadNetwork", "Geodesy", "TestSupport"]),
        .testTarget(name: "ARExportTests", dependencies: ["ARExport", "Guidance", "Routing", "OSMImport", "RoadNetwork", "Geodesy", "TestSupport"]),
        .testTarget(name: "CitySynthesisTests", dependencies: ["CitySynthesis", "Geodesy", "CZlib", "CBzip2"]),
        .testTarget(name: "EndToEndTests", dependencies: ["waymark", "TestSupport", "Geodesy"]),
    ]
)
