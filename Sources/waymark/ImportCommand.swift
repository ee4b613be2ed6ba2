import ArgumentParser
import Foundation
import OSMImport
import RoadNetwork
import WaymarkKit

/// `waymark import EXTRACT --db CITY.sqlite`: imports an OSM extract into a road database.
///
/// Shows progress on standard error when it is a terminal, and always ends with a one-line summary on
/// standard output. The database is replaced only when the whole import succeeded.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import an OSM extract (.osm, .osm.gz, .osm.bz2, .osm.pbf, or - for standard input) into a road database.",
        discussion: """
            Example: waymark import osm/sample-town.osm --db town.sqlite
            The format is told by the content, not the name (standard input too). PBF blocks are decoded on
            every core (--threads to choose); the database is the same for any number of threads.
            An existing database at the --db path is replaced only after the import succeeded.
            Without --driving-side the side traffic keeps to is inferred from the direction of the extract's
            roundabouts (clockwise rings mean left-hand traffic); with none, right is assumed ('waymark info' says so).
            """)

    @Argument(help: "The OSM extract (.osm, .osm.gz, .osm.bz2 or .osm.pbf), or - to read standard input.")
    var extract: String
    @Option(name: .long, help: "The road database to write (replaced atomically).")
    var db: String
    @Flag(name: .long, help: "No progress display even on a terminal.")
    var quiet = false
    @Option(name: .long, help: "The side traffic keeps to: left or right (default: inferred from the roundabouts, else right).")
    var drivingSide: String?
    @Option(name: .long, help: "Threads importing PBF, 1 ... \(RoadNetworkImport.maximumThreads): N - 1 decode blocks while one builds (default: one per core).", transform: NumericOption.whole)
    var threads: Int?
    @Flag(name: .customLong("no-ch"), help: "Leave out the contraction hierarchies: a smaller database and a faster import; routes by A*.")
    var noContractionHierarchies = false
    @Option(name: .long, help: "The country (ISO 3166-1, e.g. PT) or subdivision (ISO 3166-2, e.g. US-CA) of every road, for the legal default speed limits (default: from the bundled country boundaries).")
    var country: String?
    @Flag(name: .customLong("no-neighbour-limits"), help: "Estimate unposted speed limits from the legal defaults only, not from the posted limits of the roads around.")
    var noNeighbourLimits = false
    @Option(name: .long, help: ArgumentHelp("How far along roads of the same class a posted limit is lent to unposted ones, metres, 1 ... 100000 (default \(Int(SpeedLimitEstimateOptions().neighbourDistance))).", valueName: "metres"))
    var neighbourDistance: String?

    func validate() throws {
        if let threads { try NumericOption.check(threads, option: "--threads", range: 1...RoadNetworkImport.maximumThreads, unit: "a thread count") }
    }

    func run() throws {
        try reportingFailures {
            let side = try drivingSide.map { try choice(DrivingSide.self, $0, option: "--driving-side") }
            guard !db.isEmpty else { throw CommandFailure(message: "--db: the path is empty (expected the road database's file name)") }
            var job = RoadNetworkImport(extract: extract, database: db, drivingSide: side, writer: "waymark \(Waymark.configuration.version)",
                                        threads: threads, contractHierarchies: !noContractionHierarchies)
            job.speedLimits = SpeedLimitEstimateOptions(region: try country.map(Self.region(named:)), usesNeighbours: !noNeighbourLimits)
            if let neighbourDistance {
                job.speedLimits.neighbourDistance = try NumericOption.parse(neighbourDistance, option: "--neighbour-distance",
                                                                            range: 1...100_000, unit: "a distance in metres")
            }
            let outcome = try !quiet && isatty(2) == 1 ? job.runDrawingProgress() : job.run()
            let line = job.summary(of: outcome)
            // With the database itself on standard output, the summary goes to standard error.
            if db == RoadNetworkImport.standardStream { printError(line) } else { try writeOutput(line + "\n") }
        }
    }

    /// The region `--country` names.
    /// - Throws: `CommandFailure` naming the option when it is not a code the bundled data knows.
    static func region(named code: String) throws -> RegionCode {
        guard let region = try SpeedLimitEstimateOptions.knownRegion(code) else {
            throw CommandFailure(message: "--country: '\(code)' is not an ISO 3166 country or subdivision code with known borders or speed rules (expected e.g. PT, DE, GB, US-CA)")
        }
        return region
    }
}
