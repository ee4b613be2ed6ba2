import Foundation
import OSMImport
import OSRMService

/// libFuzzer target `request`: any bytes as an HTTP request target answered by the OSRM service over
/// the sample town (URL, coordinate and option parsing, snapping, routing, every writer). Every input
/// must end as a body with a status, never a trap or a hang.
let service: RoutingService = {
    let path = ProcessInfo.processInfo.environment["WAYMARK_FUZZ_OSM"] ?? "osm/sample-town.osm"
    guard let imported = try? OSMImporter.importFile(path: path) else { fatalError("fuzz request: cannot import \(path)") }
    var limits = ServiceLimits()
    limits.tableCoordinates = 10   // keeps a table input from running for seconds
    return RoutingService(graph: imported.graph, pointsOfInterest: imported.pointsOfInterest, limits: limits)
}()
// libFuzzer calls the target from one thread only.
nonisolated(unsafe) let workspace = service.makeWorkspace()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzServiceRequest(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let target = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let response = service.respond(to: target, workspace: workspace)
    precondition(response.status == 200 || response.body.hasPrefix("{\"code\":\""), "an error without an OSRM body: \(response.body.prefix(200))")
    return 0
}
