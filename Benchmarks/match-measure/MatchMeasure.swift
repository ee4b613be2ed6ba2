import Foundation
import Geodesy
import MapMatching
import RoadNetwork
import Routing
import SeededRandom
import WaymarkKit

/// `match-measure`: the map-matching benchmark of BENCHMARKS.md. Drives the fastest route of each of the
/// first N benchmark pairs, samples it every 5 s at the driving speed the router gives each edge, adds
/// seeded Gaussian noise of σ per axis, matches the trace with its timestamps and radius σ, and scores the
/// driven length whose edges the matched routes also drive. Times only the matching (candidates,
/// transitions, Viterbi, and the route through the matched points), per 100 trace points.
///
///     match-measure DB PAIRS.csv [--routes 200] [--sigmas 5,10,20] [--rounds 3] [--seed 1]
@main
struct MatchMeasure {
    static func main() throws {
        var arguments = Array(CommandLine.arguments.dropFirst())
        func option(_ name: String, _ fallback: String) -> String {
            guard let i = arguments.firstIndex(of: name), i + 1 < arguments.count else { return fallback }
            let value = arguments[i + 1]
            arguments.removeSubrange(i...(i + 1))
            return value
        }
        let routeCount = Int(option("--routes", "200")) ?? 200
        let sigmas = option("--sigmas", "5,10,20").split(separator: ",").compactMap { Double($0) }
        let rounds = Int(option("--rounds", "3")) ?? 3
        let seed = UInt64(option("--seed", "1")) ?? 1
        guard arguments.count == 2 else {
            FileHandle.standardError.write(Data("usage: match-measure DB PAIRS.csv [--routes N] [--sigmas 5,10,20] [--rounds R] [--seed S]\n".utf8))
            exit(1)
        }
        let network = try RoadNetworkSource.database(path: arguments[0]).load()
        let router = try network.makeRouter()
        let pairs = try readPairs(arguments[1])
        let workspace = router.makeWorkspace()
        let drives = pairs.compactMap { pair in
            try? router.route(from: pair.0, to: pair.1, workspace: workspace)
        }.prefix(routeCount)
        print("drives: \(drives.count), mean \(Int(drives.map(\.distance).reduce(0, +) / Double(max(1, drives.count)))) m")
        // Rounds interleave the noise levels, so a change of machine load falls on all of them alike.
        var results: [Double: [RoundResult]] = [:]
        for round in 0..<rounds {
            for sigma in sigmas {
                let result = measure(drives: Array(drives), sigma: sigma, seed: seed &+ UInt64(sigma * 1000), router: router,
                                     workspace: workspace)
                results[sigma, default: []].append(result)
                print(String(format: "round %d σ=%4.1f m: matched %.2f %% of %.0f km, %d points, %.2f ms (CPU %.2f ms) per 100 points, %d split, %d unmatched points",
                             round + 1, sigma, result.share * 100, result.drivenLength / 1000, result.points,
                             result.millisecondsPer100Points, result.cpuMillisecondsPer100Points, result.extraMatchings,
                             result.unmatchedPoints))
            }
        }
        print("\n| σ | driven length on the right edges | ms per 100 points, wall (median of \(rounds) rounds) | CPU ms per 100 points (median) | matchings beyond one per trace | unmatched points |")
        print("|---|---|---|---|---|---|")
        for sigma in sigmas {
            let rs = results[sigma] ?? []
            let median = rs.map(\.millisecondsPer100Points).sorted()[rs.count / 2]
            let cpu = rs.map(\.cpuMillisecondsPer100Points).sorted()[rs.count / 2]
            print(String(format: "| %.0f m | %.2f %% | %.2f | %.2f | %d | %d of %d |", sigma, rs[0].share * 100, median, cpu,
                         rs[0].extraMatchings, rs[0].unmatchedPoints, rs[0].points))
        }
    }

    struct RoundResult {
        var share: Double
        var drivenLength: Meters
        var points: Int
        var millisecondsPer100Points: Double
        /// The matching thread's CPU time, which other processes on a loaded machine do not inflate.
        var cpuMillisecondsPer100Points: Double
        var extraMatchings: Int
        var unmatchedPoints: Int
    }

    static func measure(drives: [Route], sigma: Meters, seed: UInt64, router: Router, workspace: RoutingWorkspace) -> RoundResult {
        var generator = SplitMix64(seed: seed)
        var right: Meters = 0, total: Meters = 0, points = 0, extra = 0, unmatched = 0
        var seconds: Double = 0, cpuSeconds: Double = 0
        let matcher = MapMatcher(router: router)
        for drive in drives {
            let (coordinates, times) = sampledTrace(of: drive, router: router, sigma: sigma, generator: &generator)
            guard let trace = try? MatchTrace(coordinates: coordinates, timestamps: times, precision: sigma) else { continue }
            let start = DispatchTime.now().uptimeNanoseconds, cpuStart = threadCPUSeconds()
            let match = matcher.match(trace, workspace: workspace)
            let routes = match.matchings.compactMap { try? router.route(through: $0.locations, workspace: workspace) }
            seconds += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            cpuSeconds += threadCPUSeconds() - cpuStart
            points += coordinates.count
            extra += max(0, match.matchings.count - 1)
            unmatched += match.tracepoints.filter { $0 == nil }.count
            let matchedEdges = Set(routes.flatMap { $0.legs.flatMap(\.edges) })
            for leg in drive.legs {
                for (i, edge) in leg.edges.enumerated() {
                    // Only whole edges count: the first and last are driven in part from a snapped point.
                    if i == 0 || i == leg.edges.count - 1 { continue }
                    let length = Double(router.graph.lengthMeters[Int(edge)])
                    total += length
                    if matchedEdges.contains(edge) { right += length }
                }
            }
        }
        return RoundResult(share: total > 0 ? right / total : 1, drivenLength: total, points: points,
                           millisecondsPer100Points: seconds * 1000 / Double(max(1, points)) * 100,
                           cpuMillisecondsPer100Points: cpuSeconds * 1000 / Double(max(1, points)) * 100,
                           extraMatchings: extra, unmatchedPoints: unmatched)
    }

    /// The CPU time this thread has used, seconds.
    static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// The drive's position every `interval` seconds (each leg polyline segment driven at its edge's
    /// speed), moved by Gaussian noise of `sigma` metres per axis.
    static func sampledTrace(of drive: Route, router: Router, sigma: Meters, interval: Seconds = 5,
                             generator: inout SplitMix64) -> ([Coordinate], [Seconds]) {
        var coordinates: [Coordinate] = [], times: [Seconds] = []
        var clock: Seconds = 0, nextSample: Seconds = 0
        for leg in drive.legs {
            for k in 0..<leg.segmentEdge.count {
                let a = leg.coordinates[k], b = leg.coordinates[k + 1]
                let edge = Int(leg.edges[leg.segmentEdge[k]])
                let speed = max(1, Double(router.graph.lengthMeters[edge]) / max(0.001, Double(router.graph.travelTimeSeconds[edge])))
                let duration = GreatCircle.distance(from: a, to: b) / speed
                while nextSample <= clock + duration {
                    let f = duration > 0 ? (nextSample - clock) / duration : 0
                    coordinates.append(noisy(GreatCircle.intermediate(from: a, to: b, fraction: f), sigma: sigma, generator: &generator))
                    times.append(1_700_000_000 + nextSample)
                    nextSample += interval
                }
                clock += duration
            }
        }
        return (coordinates, times)
    }

    /// A point moved by a Gaussian error of `sigma` metres per axis (Box–Muller).
    static func noisy(_ point: Coordinate, sigma: Meters, generator: inout SplitMix64) -> Coordinate {
        let u = max(generator.nextUnit(), 1e-12), v = generator.nextUnit()
        let radius = sigma * (-2 * log(u)).squareRoot()
        let north = GreatCircle.destination(from: point, bearing: Bearing(degrees: 0), distance: radius * sin(2 * .pi * v))
        return GreatCircle.destination(from: north, bearing: Bearing(degrees: 90), distance: radius * cos(2 * .pi * v))
    }

    /// The benchmark pairs: `from_lat,from_lon,to_lat,to_lon` lines after a header.
    static func readPairs(_ path: String) throws -> [(Coordinate, Coordinate)] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return text.split(separator: "\n").dropFirst().compactMap { line in
            let v = line.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard v.count == 4 else { return nil }
            return (Coordinate(latitude: v[0], longitude: v[1]), Coordinate(latitude: v[2], longitude: v[3]))
        }
    }
}
