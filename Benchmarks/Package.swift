// swift-tools-version: 6.1
import Foundation
import PackageDescription

// SwiftPM names a path dependency after its directory (the checkout may be `main`, `waymark`, a CI
// clone …), so the root package's identity is derived from where this manifest sits.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent.lowercased()

// Micro-benchmarks of Waymark's hot paths (ordo-one/benchmark) and the experiments (`ch-measure`): a separate
// package so that the root package builds no experiment and needs no benchmark library. Run from this directory:
//   swift package --scratch-path ../.build-bench-pkg benchmark
// or from the root:
//   swift build --package-path Benchmarks --scratch-path .build-bench-pkg -c release --product ch-measure
let package = Package(
    name: "WaymarkBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
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
        // Measures contraction hierarchies on an extract (Benchmarks/notebook, "Contraction hierarchy"); it uses
        // Routing's `@_spi(Experiments)` interface, which the product's modules do not see.
        .executableTarget(
            name: "ch-measure",
            dependencies: [
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Geodesy", package: root),
                .product(name: "RoadNetwork", package: root),
                .product(name: "OSMImport", package: root),
                .product(name: "RoadNetworkStore", package: root),
                .product(name: "Routing", package: root),
                .product(name: "Benchmarking", package: root),
                .product(name: "CitySynthesis", package: root),
                .product(name: "SeededRandom", package: root),
            ],
            path: "ch-measure"
        ),
        // The trip solver on real duration matrices against brute force and random restarts
        // (Benchmarks/run-trip-benchmark, BENCHMARKS.md "Trips").
        .executableTarget(
            name: "trip-measure",
            dependencies: [
                .product(name: "SeededRandom", package: root),
                .product(name: "TripPlanning", package: root),
            ],
            path: "trip-measure"
        ),
        // The map-matching benchmark (BENCHMARKS.md, "Map matching"): drives, noisy traces, matched share.
        .executableTarget(
            name: "match-measure",
            dependencies: [
                .product(name: "Geodesy", package: root),
                .product(name: "RoadNetwork", package: root),
                .product(name: "Routing", package: root),
                .product(name: "MapMatching", package: root),
                .product(name: "SeededRandom", package: root),
                .product(name: "WaymarkKit", package: root),
            ],
            path: "match-measure"
        ),
    ]
)
