// swift-tools-version: 6.1
import Foundation
import PackageDescription

// SwiftPM names a path dependency after its directory (the checkout may be `main`, `waymark`, a CI
// clone …), so the root package's identity is derived from where this manifest sits.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent.lowercased()

// Micro-benchmarks of Waymark's hot paths (ordo-one/benchmark). A separate package so that the root
// package keeps swift-argument-parser as its only dependency. Run from this directory:
//   swift package --scratch-path ../.build-bench-pkg benchmark
let package = Package(
    name: "WaymarkBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "WaymarkBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Geodesy", package: root),
                .product(name: "RoadNetwork", package: root),
                .product(name: "OSMImport", package: root),
                .product(name: "RoadNetworkStore", package: root),
                .product(name: "Routing", package: root),
                .product(name: "Guidance", package: root),
                .product(name: "ARExport", package: root),
                .product(name: "Benchmarking", package: root),
            ],
            path: "Benchmarks/WaymarkBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
