import ArgumentParser
import CitySynthesis
import Foundation
import OSRMService
import WaymarkKit

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

    @Option(name: .long, help: "About how many OSM nodes to write (100 ... 100000000).", transform: NumericOption.whole)
    var nodes: Int
    @Option(name: .long, help: "Seed of the city's details (curves, limits, names, restrictions).")
    var seed: UInt64 = 42
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("The city's centre as LAT,LON (a negative latitude needs no quoting).", valueName: "lat,lon"))
    var center: String = "45.8150,15.9819"
    @Option(name: [.short, .long], help: "The file to write: FILE.osm, FILE.osm.gz, FILE.osm.bz2 or FILE.osm.pbf ('-' for standard output).")
    var output: String

    func validate() throws {
        _ = try checkingOptions { try options() }
    }

    /// The city's options, checked; a bad value names its option.
    func options() throws -> CityOptions {
        let options = CityOptions(nodes: nodes, seed: seed, center: try CoordinateList.parseLatitudeLongitude(center, input: "--center"))
        try CityGenerator.check(options)
        return options
    }

    func run() throws {
        try reportingFailures {
            let options = try options()
            let timer = StageTimer()
            // The options are checked above, so only writing can fail here (`CityGenerationError.output`).
            let statistics = try CityGenerator.write(options, to: output)
            timer.lap("generate")
            printError("generate-grid: " + statistics.summary(path: output, seconds: timer.totalSeconds))
        }
    }
}
