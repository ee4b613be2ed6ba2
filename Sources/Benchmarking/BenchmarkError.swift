import OutputFiles
import RoadNetworkStore
import Routing

/// Why a benchmark run could not be made, naming the input, pairs file or output at fault.
public enum BenchmarkError: Error, CustomStringConvertible {
    /// The files a run writes besides its report.
    public enum OutputFile: Sendable {
        /// The pairs used, as CSV.
        case pairs
        /// The per-query figures, as CSV.
        case perQuery
    }

    case inputMissing(String)
    /// A stage name not in `BenchStage`.
    case unknownStage(String)
    /// An empty list of stages.
    case noStages
    /// The import stage was asked for, but the input is a database.
    case stageNeedsOSMInput(String)
    /// The load stage was asked for, but the input is an OSM file.
    case stageNeedsDatabase(String)
    case database(RoadNetworkStoreError)
    /// The OSM input could not be imported (the importer's message).
    case osm(String)
    case graphTooSmall(String, nodes: Int)
    case pairs(BenchPairsError)
    case output(OutputFile, OutputError)
    /// The database's contraction hierarchy does not fit its graph, or could not be contracted.
    case hierarchy(String, ContractionHierarchyError)
    /// An entry of the table sizes that is not a positive whole number (the entry as given).
    case tableSize(String)
    /// A number of table runs below one.
    case tableRepeats(Int)

    public var description: String {
        switch self {
        case .unknownStage(let name):
            "unknown stage '\(name)'; expected a comma-separated list of: " + BenchStage.allCases.map(\.rawValue).joined(separator: ", ")
        case .noStages:
            "no stages listed; expected e.g. route,guidance"
        case .inputMissing(let input):
            "\(input): no such file (expected an OSM extract or a .sqlite database)"
        case .stageNeedsOSMInput(let input):
            "the import stage needs an OSM input; \(input) is a database (use the load stage)"
        case .stageNeedsDatabase(let input):
            "the load stage needs a database written by 'waymark import'; \(input) is an OSM file (use the import stage)"
        case .database(let error):
            error.description
        case .osm(let message):
            message
        case .graphTooSmall(let input, let nodes):
            "\(input): the graph has \(nodes) routing nodes; no pairs can be routed"
        case .pairs(let error):
            error.description
        case .output(_, let error):
            error.description
        case .hierarchy(let input, let error):
            "\(input): \(error) (re-import it, or bench with --algorithm astar)"
        case .tableSize(let entry):
            "table size '\(entry)' is not a positive whole number; expected comma-separated sizes such as 100,1000"
        case .tableRepeats(let count):
            "\(count) table runs; expected at least 1"
        }
    }

    /// The message in a front end's own terms: a stage-list error names the input that listed the
    /// stages (`--stages: unknown stage …`), a table-size or table-runs error the input that gave them,
    /// an output error the input that named that file; every other error reads as `description`.
    /// - Parameters:
    ///   - stages: the name of the input listing the stages.
    ///   - tableSizes: the name of the input listing the table sizes.
    ///   - tableRepeats: the name of the input giving the number of runs per table size.
    ///   - outputs: the name of the input that names each output file.
    public func description(namingStages stages: String, tableSizes: String, tableRepeats: String,
                            outputs: [OutputFile: String]) -> String {
        switch self {
        case .stageNeedsOSMInput, .stageNeedsDatabase, .unknownStage, .noStages: "\(stages): \(description)"
        case .tableSize: "\(tableSizes): \(description)"
        case .tableRepeats: "\(tableRepeats): \(description)"
        case .output(let file, let error): outputs[file].map { "\($0) \(error)" } ?? description
        default: description
        }
    }
}

extension Duration {
    /// The duration as fractional seconds.
    var seconds: Double {
        let (s, attoseconds) = components
        return Double(s) + Double(attoseconds) * 1e-18
    }
}
