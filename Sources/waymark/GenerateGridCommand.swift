import ArgumentParser
import CitySynthesis
import Foundation
import Geodesy

/// `waymark generate-grid`: writes a synthetic OSM city of about N nodes, for scaling benchmarks.
struct GenerateGridCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate-grid",
        abstract: "Write a synthetic OSM city (XML or PBF) of about N nodes (grid streets, ring motorway, oneways, limits, restrictions).",
        discussion: """
            The same --nodes and --seed always give the same file, byte for byte. The output's extension
            chooses the format: .osm, .osm.gz, .osm.bz2 (XML) or .osm.pbf (PBF, zlib blocks of 8,000
            elements, the same elements as the XML); '-' writes plain XML to standard output. Memory stays
            constant, so 5 M nodes need no more than 5 k.
            """
    )

    @Option(name: .long, help: "About how many OSM nodes to write (100 ... 100000000).")
    var nodes: Int

    @Option(name: .long, help: "Seed of the city's details (curves, limits, names, restrictions).")
    var seed: UInt64 = 42

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("The city's centre as LAT,LON (a negative latitude needs no quoting).", valueName: "lat,lon"))
    var center: String = "45.8150,15.9819"

    @Option(name: [.short, .long], help: "The file to write: FILE.osm, FILE.osm.gz, FILE.osm.bz2 or FILE.osm.pbf ('-' for standard output).")
    var output: String

    func validate() throws {
        let centre = try parseCoordinate(center, option: "--center")
        do {
            try CityGenerator.check(CityOptions(nodes: nodes, seed: seed, center: centre))
        } catch {
            throw CommandFailure(message: error.description)
        }
    }

    func run() throws {
        try reportingFailures {
            let centre: Coordinate
            do { centre = try Coordinate.parse(center) } catch {
                throw CommandFailure(message: "--center: \(error)")
            }
            guard (100...100_000_000).contains(nodes) else {
                throw CommandFailure(message: "--nodes \(nodes) is out of range: expected 100 ... 100000000")
            }
            let start = ContinuousClock.now
            let statistics: CityStatistics
            do {
                statistics = try CityGenerator.write(CityOptions(nodes: nodes, seed: seed, center: centre), to: output)
            } catch {
                throw CommandFailure(message: "\(error)")
            }
            let elapsed = (ContinuousClock.now - start).seconds
            let megabytes = Double(statistics.bytes) / 1_000_000
            printError("generate-grid: \(statistics.nodes) nodes, \(statistics.ways) ways, \(statistics.relations) restrictions "
                + "(\(statistics.gridSide)x\(statistics.gridSide) grid), \(String(format: "%.1f", megabytes)) MB of "
                + (CityGenerator.format(ofPath: output) == .pbf ? "PBF " : "XML ")
                + "to \(output) in \(String(format: "%.1f", elapsed)) s")
        }
    }
}

extension Duration {
    /// The duration as fractional seconds.
    var seconds: Seconds {
        let (s, attoseconds) = components
        return Double(s) + Double(attoseconds) * 1e-18
    }
}
