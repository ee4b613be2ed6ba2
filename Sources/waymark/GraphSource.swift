import ArgumentParser
import WaymarkKit

/// Where a command reads its road graph from: a database written by `waymark import` (`--db`), or an
/// OSM file imported in memory (`--osm`), so a small file can be routed in one command.
struct GraphSource: ParsableArguments {
    @Option(name: .long, help: "A road database written by 'waymark import'.")
    var db: String?
    @Option(name: .long, help: "An OSM extract (.osm, .osm.gz, .osm.bz2, .osm.pbf) imported in memory instead of --db.")
    var osm: String?

    func validate() throws {
        if (db == nil) == (osm == nil) {
            throw ValidationError("give exactly one of --db CITY.sqlite or --osm FILE")
        }
    }

    /// The source the options name.
    var source: RoadNetworkSource {
        if let db { return .database(path: db) }
        return .osmFile(path: osm ?? "")
    }

    /// Loads the graph and the points of interest; errors name the file (`RoadNetworkLoadError`).
    func load() throws -> LoadedRoadNetwork { try source.load() }
}
