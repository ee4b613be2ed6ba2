import ArgumentParser
import CitySynthesis
import Foundation
import OSMImport
import RoadNetwork
import RoadNetworkStore
@_spi(Experiments) import Routing

/// `ch-measure`: measures Waymark's contraction hierarchy on a real extract or a generated city
/// (Benchmarks/notebook, "Contraction hierarchy"). An experiment, not part of the CLI; single-threaded.
///
/// Build and run from the project root:
///
///     swift build --package-path Benchmarks --scratch-path .build-bench-pkg -c release --product ch-measure
///     .build-bench-pkg/release/ch-measure ../shared/osm/porto-roads.osm.bz2 turn time 3 --reuse-order
@main
struct CHMeasure: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ch-measure",
        abstract: "Measures contraction hierarchies on an extract (an experiment; see Benchmarks/notebook).",
        discussion: """
            Without a mode flag: contraction time and memory of the node graph or the plain turn-expanded \
            graph (no turn costs), query time on `waymark bench`'s 1,000 node pairs (seed 42, SplitMix64, \
            the same draw as BenchPairs.draw), every cost checked against Dijkstra, tables 100×100 and \
            1,000×1,000. --potentials contracts a potential hierarchy and times A* on the router's states \
            with it; --router contracts the router's own turn-expanded graph; --axis compares two exact A* \
            bounds (Benchmarks/notebook, "What a 5 M-city query settles, and five more experiments").
            """
    )

    @Argument(help: "An OSM file (.osm, .osm.gz, .osm.bz2, .osm.pbf), a road database (.sqlite), or grid:NODES for a generated city (as `waymark generate-grid --nodes NODES --seed 42`, written once to /tmp).")
    var input: String

    @Argument(help: "The graph measured without a mode flag: node (junctions) or turn (directed edges, every turn allowed).")
    var kind: MeasuredGraph.Kind = .turn

    @Argument(help: "The metric: time or distance (weights in tenths of a second or of a metre).")
    var metric: MeasuredGraph.Metric = .time

    @Argument(help: "How many times the contraction and each query pass are run (the median is reported).")
    var repeats = 3

    @Flag(help: "A mode other than measuring the node or turn graph.")
    var mode: MeasurementMode?

    @OptionGroup(title: "Contraction")
    var tuning: ContractionTuning

    @OptionGroup(title: "Queries")
    var queries: QueryOptions

    func validate() throws {
        guard repeats >= 1 else { throw ValidationError("repeats must be 1 or more, got \(repeats)") }
        if mode == .router, tuning.nodeOrder == .min {
            throw ValidationError("--node-order min applies to the turn graph without a mode flag; --router takes head, tail or max")
        }
    }

    func run() throws {
        let road = try loadRoad()
        switch mode {
        case nil: try HierarchyMeasurement(road: road, command: self).run()
        case .potentials: try PotentialsMeasurement(road: road, command: self).run()
        case .router: try RouterContraction(road: road, command: self).run()
        case .axis: try runAxis(road: road)
        }
    }

    /// The road graph of `input`: a generated city, a road database or an OSM file.
    func loadRoad() throws -> RoadGraph {
        if input.hasPrefix("grid:") {
            guard let nodes = Int(input.dropFirst(5)), nodes > 0 else {
                throw ValidationError("INPUT grid:NODES needs a positive whole number of nodes, got '\(input)'")
            }
            let path = "/tmp/waymark-ch-grid-\(nodes).osm.gz"
            if !FileManager.default.fileExists(atPath: path) { _ = try CityGenerator.write(CityOptions(nodes: nodes, seed: 42), to: path) }
            return try OSMImporter.importFile(path: path).graph
        }
        if input.hasSuffix(".sqlite") { return try RoadNetworkStore.load(path: input).graph }
        return try OSMImporter.importFile(path: input).graph
    }

    /// `--axis`: the junction-graph bound against the axis bound, and with `--axis-contract` both graphs contracted.
    func runAxis(road: RoadGraph) throws {
        let experiment = try AxisBoundExperiment(road: road)
        print("junctions \(road.nodeCount), edges \(road.edgeCount), axis vertices \(experiment.axisGraph.vertexCount), "
              + "axis arcs \(experiment.axisGraph.head.count), load \(loadAverage())")
        print(try experiment.compareSettledStates(pairs: queries.pairs ?? 100))
        if queries.axisContract {
            var options = ContractionOptions(levelWeight: ContractionOptions.potentialLevelWeight)
            tuning.applyWitnessBounds(to: &options)
            if tuning.noDenseLimit { options.denseRemainderLimits = [] }
            for line in experiment.contractBoth(options: options) { print(line) }
        }
    }
}

extension MeasuredGraph.Kind: ExpressibleByArgument {}
extension MeasuredGraph.Metric: ExpressibleByArgument {}
