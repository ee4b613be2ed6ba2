import Foundation
import SeededRandom
import TripPlanning

/// Measures the trip solver on duration matrices taken from a real table (Benchmarks/run-trip-benchmark
/// writes them from `waymark serve`'s `/table/v1` on Porto):
///
///   trip-measure MATRICES.json [ROUNDS]
///
/// MATRICES.json is `{"instances": [{"name": "...", "durations": [[seconds]]}, ...]}`. For every instance
/// of at most `TripSolver.exactStops` stops it prints the exact optimum (brute force) and the heuristic
/// alone (farthest insertion, 2-opt, Or-opt) against it; for larger ones the solver's time (median of
/// ROUNDS, default 5) and its round-trip duration against the best of 20 random restarts (a seeded
/// random order improved by the same local search). One JSON object per instance on standard output.
@main struct TripMeasure {
    static let restarts = 20
    static let restartSeed: UInt64 = 20_261_202

    struct Instance: Decodable {
        let name: String
        let durations: [[Double]]
    }

    struct Document: Decodable { let instances: [Instance] }

    static func main() throws {
        let arguments = CommandLine.arguments
        guard arguments.count >= 2 else {
            FileHandle.standardError.write(Data("usage: trip-measure MATRICES.json [ROUNDS]\n".utf8))
            exit(1)
        }
        let rounds = arguments.count > 2 ? Int(arguments[2]) ?? 5 : 5
        let document = try JSONDecoder().decode(Document.self, from: Data(contentsOf: URL(fileURLWithPath: arguments[1])))
        for instance in document.instances {
            let costs = TravelCosts(instance.durations)
            let line = costs.count <= TripSolver.exactStops ? exact(costs, name: instance.name) : heuristic(costs, name: instance.name, rounds: rounds)
            print(line)
        }
    }

    /// Brute force against the heuristic alone on a small instance.
    static func exact(_ costs: TravelCosts, name: String) -> String {
        let solved = costs.cycleCost(TripSolver.solve(costs, shape: TripShape()))
        let optimum = costs.cycleCost(TripSolver.closedTour(costs))
        let heuristic = costs.cycleCost(TourImprovement.improve(FarthestInsertion.tour(costs), costs: costs))
        return json(["name": "\"\(name)\"", "stops": "\(costs.count)", "solver_s": fixed(solved), "brute_force_s": fixed(optimum),
                     "heuristic_alone_s": fixed(heuristic), "heuristic_gap": fixed(heuristic / optimum - 1, 5)])
    }

    /// The solver's time and quality against the best of `restarts` random restarts.
    static func heuristic(_ costs: TravelCosts, name: String, rounds: Int) -> String {
        var times: [Double] = []
        var order: [Int] = []
        for _ in 0..<rounds {
            let start = DispatchTime.now().uptimeNanoseconds
            order = TripSolver.solve(costs, shape: TripShape())
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        var random = SplitMix64(seed: restartSeed)
        var best = Double.infinity
        for _ in 0..<restarts {
            var tour = Array(0..<costs.count)
            for k in stride(from: tour.count - 1, to: 0, by: -1) { tour.swapAt(k, random.next(below: k + 1)) }
            best = min(best, costs.cycleCost(TourImprovement.improve(tour, costs: costs)))
        }
        let solved = costs.cycleCost(order)
        let median = times.sorted()[times.count / 2]
        return json(["name": "\"\(name)\"", "stops": "\(costs.count)", "solver_ms_median": fixed(median, 2), "solver_s": fixed(solved),
                     "best_of_restarts_s": fixed(best), "gap_to_best_restart": fixed(solved / best - 1, 5)])
    }

    static func fixed(_ value: Double, _ decimals: Int = 1) -> String { String(format: "%.\(decimals)f", value) }

    static func json(_ fields: KeyValuePairs<String, String>) -> String {
        "{" + fields.map { "\"\($0.key)\":\($0.value)" }.joined(separator: ",") + "}"
    }
}
