// swift-tools-version: 6.1
import PackageDescription

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
                .product(name: "Geodesy", package: "main"),
                .product(name: "RoadNetwork", package: "main"),
                .product(name: "OSMImport", package: "main"),
                .product(name: "RoadNetworkStore", package: "main"),
                .product(name: "Routing", package: "main"),
                .product(name: "Guidance", package: "main"),
                .product(name: "ARExport", package: "main"),
            ],
            path: "Benchmarks/WaymarkBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
