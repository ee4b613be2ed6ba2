import Foundation
import Geodesy
import RoadNetwork
@testable import OSMImport

/// Wraps element lines in an `<osm>` document.
func osmDocument(_ body: String) -> String {
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<osm version=\"0.6\" generator=\"test\">\n\(body)\n</osm>\n"
}

/// A way's tags as decoded elements (for profile tests that skip the XML).
func tags(_ pairs: [String: String]) -> [OSMTag] {
    pairs.sorted { $0.key < $1.key }.map { OSMTag(key: $0.key, value: $0.value) }
}

extension RoadGraph {
    /// The routing node with an OSM id, if it is one.
    func node(osmID: Int64) -> NodeIndex? {
        nodeOSMIDs.firstIndex(of: osmID).map { NodeIndex($0) }
    }

    /// Edges (as indices) whose tail and head have the given OSM ids.
    func edges(fromOSM a: Int64, toOSM b: Int64) -> [EdgeIndex] {
        (0..<edgeCount).filter { nodeOSMIDs[Int(tail[$0])] == a && nodeOSMIDs[Int(head[$0])] == b }.map { EdgeIndex($0) }
    }

    /// Edges of an OSM way.
    func edges(ofWay way: Int64) -> [EdgeIndex] {
        (0..<edgeCount).filter { wayID[$0] == way }.map { EdgeIndex($0) }
    }
}

/// A temporary directory removed when the value is dropped by the test.
struct TemporaryDirectory {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
    func remove() { try? FileManager.default.removeItem(at: url) }
}

/// Runs a tool (gzip, bzip2) with arguments, returning its exit status.
@discardableResult
func runTool(_ tool: String, _ arguments: [String], stdout: String? = nil) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    if let stdout {
        _ = FileManager.default.createFile(atPath: stdout, contents: nil)
        process.standardOutput = FileHandle(forWritingAtPath: stdout)
    }
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
}
