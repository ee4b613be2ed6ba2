import ArgumentParser
import OSMImport
import RoadNetwork

/// Where a command reads its road graph from: a database written by `waymark import` (`--db`), or an
/// OSM file imported in memory (`--osm`), so a small file can be routed in one command.
struct GraphSource: ParsableArguments {
    @Option(name: .long, help: "A road database written by 'waymark import'.")
    var db: String?

    @Option(name: .long, help: "An OSM XML file (.osm, .osm.gz, .osm.bz2) imported in memory instead of --db.")
    var osm: String?

    func validate() throws {
        if (db == nil) == (osm == nil) {
            throw ValidationError("give exactly one of --db CITY.sqlite or --osm FILE")
        }
    }

    /// Loads the graph (and, where kept, the points of interest).
    func load() throws -> (graph: RoadGraph, pointsOfInterest: [PointOfInterest]) {
        if let osm {
            let result = try OSMImporter.importFile(path: osm)
            return (result.graph, result.pointsOfInterest)
        }
        // The store helper replaces this with the database load.
        throw CommandFailure(message: "--db is not supported yet")
    }
}
