import ArgumentParser
import Geodesy
import WaymarkKit

/// `waymark roads`: every directed edge (or those in a box) with its speed limit and where the limit
/// came from, as CSV or GeoJSON, to see and check the limits.
struct RoadsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "roads",
        abstract: "List the roads' directed edges with their speed limits and where each came from (CSV or GeoJSON).",
        discussion: """
            One row (CSV) or LineString feature (GeoJSON) per directed edge, with the columns
            way_id, direction (forward: along the way's node order; backward: against it),
            from_node, to_node (OSM node ids), highway, ferry, length_m, speed_limit_kmh,
            speed_limit (in its unit; both empty or null unless limited), unit, kind
            (limited, unlimited, unknown), source (posted, zone, legal_default, neighbours,
            class_default), estimated, country, region, urban (true, false or empty),
            urban_basis (tags, area, density, unknown), name, ref.
            Example: waymark roads --db town.sqlite --bbox 7.41,43.72,7.44,43.75 --format geojson
            """)

    @OptionGroup var source: GraphSource
    @Option(name: .long, parsing: .unconditional,
            help: ArgumentHelp("Only the edges whose line meets this box.", valueName: "minLon,minLat,maxLon,maxLat"))
    var bbox: String?
    @Option(name: .long, help: "Output format: csv or geojson.")
    var format: String = "csv"
    @Option(name: [.short, .long], help: "Write to this file (replaced atomically) instead of standard output ('-').")
    var output: String?

    func validate() throws {
        _ = try checkingOptions { try box() }
        _ = try tableFormat()
    }

    func box() throws -> BoundingBox? {
        try bbox.map { text throws(BoundingBoxInputError) in try BoundingBox(parsingLongitudeLatitude: text) }
    }

    func tableFormat() throws -> RoadTableFormat { try choice(RoadTableFormat.self, format.lowercased(), option: "--format") }

    func run() throws {
        try reportingFailures {
            let export = RoadTableExport(source: source.source, box: try box(), format: try tableFormat())
            _ = try export.run(output: output, naming: "--output")
        }
    }
}
