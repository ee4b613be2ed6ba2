import ArgumentParser
import OSRMService
import WaymarkKit

/// `waymark table`: durations and distances from every source to every destination, as OSRM's
/// `/table/v1` body (the server's code path) or CSV.
struct TableCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "table",
        abstract: "Compute a durations and distances matrix between sources and destinations (OSRM /table JSON or CSV).",
        discussion: """
            Example: waymark table --db town.sqlite --sources "45.8075,15.9838;45.8100,15.9900" --destinations points.txt
            Each list is LAT,LON entries separated by ';', or a file of LAT,LON lines ('#' comments allowed);
            without --destinations the sources are also the destinations. Durations (s) and distances (m) are
            those of the fastest routes, null (JSON) or empty (CSV) where no route connects a pair. With the
            database's contraction hierarchies the table is many-to-many on them; without, one route per pair.
            """)

    @OptionGroup var source: GraphSource
    @Option(name: .long, help: ArgumentHelp("The sources: LAT,LON;LAT,LON;... or a file of LAT,LON lines.", valueName: "list|file"))
    var sources: String
    @Option(name: .long, help: ArgumentHelp("The destinations, as --sources (default: the sources).", valueName: "list|file"))
    var destinations: String?
    @Option(name: .long, help: "Output format: json (OSRM's /table/v1 body) or csv.")
    var format: String = "json"
    @Option(name: .long, help: "The most sources × destinations entries accepted.", transform: NumericOption.whole)
    var maxTableSize: Int = TableInput.defaultMaximumEntries
    @Option(name: .long, help: "Snap each point to a road within this many metres.", transform: NumericOption.decimal)
    var maxSnap: Double = SnapOptions.standardRadius

    func validate() throws {
        try NumericOption.check(maxTableSize, option: "--max-table-size", range: 1...Int(Int32.max), unit: "a number of entries")
        try NumericOption.check(maxSnap, option: "--max-snap", range: 1...SnapOptions.maximumRadius, unit: "metres")
    }

    func run() throws {
        try reportingFailures {
            let format = try choice(TableFormat.self, self.format, option: "--format")
            let request = try TableInput.request(sources: sources, destinations: destinations, naming: ("--sources", "--destinations"),
                                                 maximum: maxTableSize, snapRadius: maxSnap)
            let service = RoutingService(router: try source.load().makeRouter())
            try writeOutput(try service.tableDocument(request, format: format, workspace: service.makeWorkspace()))
        }
    }
}
