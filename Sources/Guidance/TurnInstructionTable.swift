import Dispatch
import RoadNetwork

/// The instruction for every turn of the graph whose judgement depends on the two edges alone, decided
/// once (what OSRM's `osrm-extract` stores for each turn).
///
/// A junction is judged by the bearing of the route into it and by every road meeting it. With each edge's
/// bearings measured (`EdgeBearingTable`), the judgement of the turn from edge `f` onto edge `e` is a
/// function of the two edges wherever the route's probe back from the junction stays on `f` and no ring
/// is involved: then it is the same for every route through the turn, and is decided here, with the
/// junction's rules themselves (`Junction`, `JunctionTurns`). A route still measures its turns where
/// the probe runs back beyond a short `f` and at rings.
///
/// Invariant: `firstTurn.count == edgeCount + 1`, non-decreasing; the turns from edge `f` are
/// `records[firstTurn[f] ..< firstTurn[f + 1]]`, one per edge leaving the head of `f`, in `firstOut` order.
struct TurnInstructionTable: Sendable {
    private let firstTurn: [UInt32]
    /// Per turn: the instruction packed (`Record`), or 0 when the route must judge the turn itself.
    private let records: [UInt32]

    /// Tails per task of the parallel build.
    private static let nodesPerTask = 2048

    /// A decided turn: the junction's instruction for the edge taken, how many roads meet there and how
    /// many of them a car may take besides turning back.
    struct Decision: Equatable {
        var instruction: JunctionInstruction
        var roadCount: Int
        var choices: Int
    }

    /// Bytes held by the table.
    var byteCount: Int { (firstTurn.count + records.count) * MemoryLayout<UInt32>.stride }

    /// The number of turns decided here (of `count`).
    var decidedCount: Int { records.reduce(0) { $0 + ($1 == 0 ? 0 : 1) } }

    /// The number of turns of the graph (one per edge and edge leaving its head).
    var count: Int { records.count }

    /// Decides every turn that `index`'s tables make a function of its two edges, on all cores.
    /// - Precondition: `index` has a bearing table.
    /// - Complexity: O(Σ over edges of (degree of its head)²).
    init(index: GuidanceIndex) {
        let graph = index.graph
        var first = [UInt32](repeating: 0, count: graph.edgeCount + 1)
        for f in 0..<graph.edgeCount {
            let head = Int(graph.head[f])
            first[f + 1] = first[f] + graph.firstOut[head + 1] - graph.firstOut[head]
        }
        firstTurn = first
        let turnStarts = first
        let turnCount = Int(first[graph.edgeCount])
        let records = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: turnCount)
        records.initialize(repeating: 0)
        defer { records.deallocate() }
        // Each task writes the turns from its own tails' edges, slots no other task touches.
        nonisolated(unsafe) let output = records.baseAddress!
        let n = graph.nodeCount
        DispatchQueue.concurrentPerform(iterations: (n + Self.nodesPerTask - 1) / Self.nodesPerTask) { task in
            let start = task * Self.nodesPerTask
            for tail in start ..< min(n, start + Self.nodesPerTask) {
                for f in graph.outgoingEdges(of: NodeIndex(tail)) {
                    Self.decideTurns(from: f, tail: NodeIndex(tail), graph: graph, index: index, into: output + Int(turnStarts[Int(f)]))
                }
            }
        }
        self.records = Array(records)
    }

    /// The decision for the turn from `f` onto `e` (`e` leaving the head of `f`), or nil when a route must
    /// judge it.
    func decision(from f: EdgeIndex, to e: EdgeIndex, firstOutOfJunction: EdgeIndex) -> Decision? {
        let record = records[Int(firstTurn[Int(f)]) + Int(e - firstOutOfJunction)]
        return record == 0 ? nil : Record.decode(record)
    }

    /// Writes the records of the turns from `f` at `slots` (one per edge leaving its head); `graph` is
    /// `index.graph`, passed on rather than copied per edge (a copy retains each of its arrays).
    private static func decideTurns(from f: EdgeIndex, tail: NodeIndex, graph: RoadGraph, index: GuidanceIndex,
                                    into slots: UnsafeMutablePointer<UInt32>) {
        guard let arrival = index.bearings?.arrival(f), !graph.flags[Int(f)].contains(.roundabout),
              !index.isOnIndexedRing(graph.head[Int(f)]) else { return }
        let junction = Junction(graph: graph, index: index, inEdge: f, arrival: arrival, arrivedFrom: tail)
        guard junction.roads.count <= Record.maximumCount else { return }
        let turns = JunctionTurns(labels: index.labels, junction: junction)
        let choices = junction.choices
        let out = graph.outgoingEdges(of: graph.head[Int(f)])
        for e in out where !graph.flags[Int(e)].contains(.roundabout) {
            guard let taken = junction.index(ofOutEdge: e) else { continue }
            let decision = Decision(instruction: turns.instruction(for: taken), roadCount: junction.roads.count, choices: choices)
            slots[Int(e - out.lowerBound)] = Record.encode(decision)
        }
    }

    /// A decision in 32 bits: bit 31 set (so that no record is 0), the type's and the modifier's places
    /// in their `allCases`, whether it is silent, the road count and the choices.
    private enum Record {
        static let maximumCount = 127
        static let types = ManeuverType.allCases, modifiers = ManeuverModifier.allCases

        static func encode(_ d: Decision) -> UInt32 {
            let type = UInt32(types.firstIndex(of: d.instruction.type)!)
            let modifier = UInt32(modifiers.firstIndex(of: d.instruction.modifier)!)
            return 1 << 31 | type << 24 | modifier << 16 | (d.instruction.isSilent ? 1 << 15 : 0)
                | UInt32(d.roadCount) << 7 | UInt32(d.choices)
        }

        static func decode(_ r: UInt32) -> Decision {
            Decision(instruction: JunctionInstruction(type: types[Int(r >> 24 & 0x7F)], modifier: modifiers[Int(r >> 16 & 0xFF)],
                                                      isSilent: r & 1 << 15 != 0),
                     roadCount: Int(r >> 7 & 0x7F), choices: Int(r & 0x7F))
        }
    }
}
