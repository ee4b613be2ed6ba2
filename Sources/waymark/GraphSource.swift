import ArgumentParser
import OSMImport
import RoadNetwork
import RoadNetworkStore

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
    ///
    /// Errors are `CommandFailure`s naming the file (missing, not a database, other format version,
    /// malformed OSM), so callers inside `reportingFailures` print them as one line.
    func load() throws -> (graph: RoadGraph, pointsOfInterest: [PointOfInterest]) {
        if let osm {
            do {
                let result = try OSMImporter.importFile(path: osm)
                return (result.graph, result.pointsOfInterest)
            } catch let error as CustomStringConvertible & Error {
                throw CommandFailure(message: error.description)
            }
        }
        guard let db else { throw CommandFailure(message: "give exactly one of --db CITY.sqlite or --osm FILE") }
        do {
            let stored = try RoadNetworkStore.load(path: db)
            return (stored.graph, stored.pointsOfInterest)
        } catch {
            throw CommandFailure(message: error.description)
        }
    }

    /// The database path when `--db` was given, for commands that query it directly (points of interest
    /// by bounding box) instead of loading everything.
    var databasePath: String? { db }
}
