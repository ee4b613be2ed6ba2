// swift-tools-version: 6.1
import Foundation
import PackageDescription

// The SwiftPM identity of the root package is its directory's name (main, waymark, a CI clone …).
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .lastPathComponent.lowercased()

// The measurement that chose OSMImport's protobuf decoder: the hand-written wire-format reader
// (Sources/OSMImport, compiled here from symlinks, so it is the very same code) against
// apple/swift-protobuf with code generated once from the format's .proto files (Generated/, made with
// protoc 3.21 and protoc-gen-swift 1.39.0; the plugin is never built here). Both decode the same
// PrimitiveBlocks into the same PBFDecodedBlock, checked equal before anything is timed. Run:
//   swift run -c release --scratch-path ../../.build-pbf-decoders pbf-decoders FILE.osm.pbf
let package = Package(
    name: "PBFDecoders",
    dependencies: [
        .package(path: "../.."),
        .package(url: "https://github.com/apple/swift-protobuf", from: "1.39.0"),
    ],
    targets: [
        // zlib, to inflate the blocks before anything is timed (a name of its own: the root package has CZlib).
        .systemLibrary(name: "CZlibBench", path: "Sources/CZlibBench"),
        .executableTarget(
            name: "pbf-decoders",
            dependencies: [
                .product(name: "Geodesy", package: root),
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
                "CZlibBench",
            ],
            path: "Sources/PBFDecoders",
            exclude: ["Generated/README.md"]
        ),
    ]
)
