import TestSupport
import Geodesy
import RoadNetwork

/// Builds random road graphs for property tests: a jittered grid of junctions joined by roads that are
/// two-way or oneway (either direction), sometimes destination-only, sometimes bent by a shape point,
/// with random prohibitive and mandatory turn restrictions, via a node and via one or two ways.
enum RandomRoadGraph {
    static func make(seed: UInt64, columns: Int = 9, rows: Int = 9, spacing: Meters = 120) -> RoadGraph {
        var rng = SeededGenerator(seed: seed)
        var builder = RoadGraphBuilder()
        let origin = Coordinate(latitude: 45.8, longitude: 15.97)
        var grid: [[NodeIndex]] = []
        for r in 0..<rows {
            var line: [NodeIndex] = []
            for c in 0..<columns {
                let south = GreatCircle.destination(from: origin, bearing: Bearing(degrees: 180),
                                                    distance: Double(r) * spacing + Double.random(in: -30...30, using: &rng))
                let point = GreatCircle.destination(from: south, bearing: Bearing(degrees: 90),
                                                    distance: Double(c) * spacing + Double.random(in: -30...30, using: &rng))
                line.append(builder.addNode(osmID: Int64(r * columns + c + 1), coordinate: point))
            }
            grid.append(line)
        }
        var wayID: Int64 = 0
        var incoming: [NodeIndex: [Int64]] = [:], outgoing: [NodeIndex: [Int64]] = [:]
        var leads: [NodeIndex: [(way: Int64, to: NodeIndex)]] = [:]
        func road(_ a: NodeIndex, _ b: NodeIndex) {
            guard Double.random(in: 0..<1, using: &rng) < 0.85 else { return }
            wayID += 1
            let speed = [20.0, 30, 50, 70, 90, 110].randomElement(using: &rng)!
            var flags: EdgeFlags = []
            if Double.random(in: 0..<1, using: &rng) < 0.1 { flags.insert(.destinationOnly) }
            var shape: [Coordinate] = []
            if Bool.random(using: &rng) {
                let mid = GreatCircle.intermediate(from: builder.coordinate(of: a), to: builder.coordinate(of: b), fraction: 0.5)
                shape = [GreatCircle.destination(from: mid, bearing: Bearing(degrees: Double.random(in: 0..<360, using: &rng)),
                                                 distance: Double.random(in: 0...25, using: &rng))]
            }
            let kind = Double.random(in: 0..<1, using: &rng)
            let forward = kind < 0.85, backward = kind < 0.7 || kind >= 0.85
            let oneway = !(forward && backward)
            let limit = SpeedLimit.limited(speed, source: .posted)
            if forward {
                builder.addEdge(RoadEdgeDescription(from: a, to: b, shape: shape, routingSpeed: speed, highway: .residential,
                                                    speedLimit: limit, flags: oneway ? flags.union(.oneway) : flags,
                                                    name: "Road \(wayID)", wayID: wayID))
                outgoing[a, default: []].append(wayID); incoming[b, default: []].append(wayID)
                leads[a, default: []].append((wayID, b))
            }
            if backward {
                var backFlags = flags.union(.againstWayDirection)
                if oneway { backFlags.insert(.oneway) }
                builder.addEdge(RoadEdgeDescription(from: b, to: a, shape: shape.reversed(), routingSpeed: speed, highway: .residential,
                                                    speedLimit: limit, flags: backFlags, name: "Road \(wayID)", wayID: wayID))
                outgoing[b, default: []].append(wayID); incoming[a, default: []].append(wayID)
                leads[b, default: []].append((wayID, a))
            }
        }
        for r in 0..<rows {
            for c in 0..<columns {
                if c + 1 < columns { road(grid[r][c], grid[r][c + 1]) }
                if r + 1 < rows { road(grid[r][c], grid[r + 1][c]) }
            }
        }
        // Restrictions at random junctions: a way arriving and a way leaving (possibly the same: a u-turn).
        for _ in 0..<(rows * columns / 4) {
            let node = grid[Int.random(in: 0..<rows, using: &rng)][Int.random(in: 0..<columns, using: &rng)]
            guard let ins = incoming[node], let outs = outgoing[node], !ins.isEmpty, !outs.isEmpty else { continue }
            let kind: TurnRestriction.Kind = Double.random(in: 0..<1, using: &rng) < 0.7 ? .prohibitive : .mandatory
            builder.addRestriction(kind: kind, fromWay: ins.randomElement(using: &rng)!, via: node,
                                   toWay: outs.randomElement(using: &rng)!)
        }
        // Via-way restrictions: a way arriving at a junction, one or two ways driven on, a way leaving.
        for _ in 0..<(rows * columns / 5) {
            let start = grid[Int.random(in: 0..<rows, using: &rng)][Int.random(in: 0..<columns, using: &rng)]
            guard let ins = incoming[start], let from = ins.randomElement(using: &rng) else { continue }
            var ways = [from], junctions = [start]
            var at = start
            for _ in 0..<Int.random(in: 1...2, using: &rng) {
                guard let step = leads[at]?.randomElement(using: &rng) else { break }
                ways.append(step.way)
                junctions.append(step.to)
                at = step.to
            }
            guard ways.count >= 2, let to = outgoing[at]?.randomElement(using: &rng) else { continue }
            let kind: TurnRestriction.Kind = Double.random(in: 0..<1, using: &rng) < 0.7 ? .prohibitive : .mandatory
            builder.addViaWayRestriction(kind: kind, ways: ways + [to], junctions: junctions)
        }
        return builder.build()
    }
}
