import Dispatch
import Foundation
import RoadNetwork

/// The columns of a road graph that judging a junction reads (class, name and reference of each edge),
/// held once and shared by reference; and, when measured ahead, whether a driver is told of the change
/// of labels between any two roads that meet.
///
/// Why not the graph itself: `RoadGraph` is a value of some fifty arrays, so every copy retains and
/// releases each of them. A junction's rules were given a copy per junction of the route, which made
/// those atomic counts a quarter of building a route's steps (Porto, Benchmarks/notebook, *Measuring the junctions once: the guidance index*).
final class RoadLabels: Sendable {
    let highway: CompactColumn<HighwayClass>
    let nameIndex: CompactColumn<UInt32>
    let refIndex: CompactColumn<UInt32>
    let strings: [String]
    /// `NameChange.requiresAnnouncement` for each pair of different labels of two roads meeting at a node,
    /// both ways round; empty when not measured ahead.
    private let announcedChanges: [LabelChange: Bool]

    /// The labels going from one road to another, as indices into `strings`.
    struct LabelChange: Hashable {
        var fromName: UInt32, fromRef: UInt32, toName: UInt32, toRef: UInt32
    }

    /// The labels of `graph`; with `decidingChangesAtJunctions`, the decision for every pair of roads
    /// meeting at a node too.
    /// - Complexity: O(1) without; O(nodes × degree² + distinct pairs × name length²) with.
    init(graph: borrowing RoadGraph, decidingChangesAtJunctions: Bool = false) {
        highway = graph.highway
        nameIndex = graph.nameIndex
        refIndex = graph.refIndex
        strings = graph.strings
        announcedChanges = decidingChangesAtJunctions ? Self.changesAtJunctions(of: graph) : [:]
    }

    /// The number of changes decided ahead.
    var decidedChangeCount: Int { announcedChanges.count }

    /// Bytes held by the decisions measured ahead (an estimate of the hash table's storage).
    var byteCount: Int { announcedChanges.capacity * (MemoryLayout<LabelChange>.stride + MemoryLayout<Bool>.stride) }

    /// `NameChange.requiresAnnouncement` going from the labels of edge `a` onto those of edge `b`.
    func requiresAnnouncement(from a: EdgeIndex, to b: EdgeIndex) -> Bool {
        let change = LabelChange(fromName: nameIndex[Int(a)], fromRef: refIndex[Int(a)],
                                 toName: nameIndex[Int(b)], toRef: refIndex[Int(b)])
        // The same labels are the same strings, which the rules never announce.
        if change.fromName == change.toName && change.fromRef == change.toRef { return false }
        if let decided = announcedChanges[change] { return decided }
        return Self.decide(change, strings)
    }

    private static func decide(_ change: LabelChange, _ strings: [String]) -> Bool {
        NameChange.requiresAnnouncement(fromName: strings[Int(change.fromName)], fromRef: strings[Int(change.fromRef)],
                                        toName: strings[Int(change.toName)], toRef: strings[Int(change.toRef)])
    }

    /// Every change of labels between two roads meeting at a node, decided; the nodes shared among the
    /// cores, each deciding into a table of its own, merged at the end.
    private static func changesAtJunctions(of graph: borrowing RoadGraph) -> [LabelChange: Bool] {
        let n = graph.nodeCount
        let tasks = max(1, min(ProcessInfo.processInfo.activeProcessorCount, n / minimumNodesPerTask))
        let tables = UnsafeMutableBufferPointer<[LabelChange: Bool]>.allocate(capacity: tasks)
        tables.initialize(repeating: [:])
        defer { tables.deinitialize(); tables.deallocate() }
        // Each task writes only its own table.
        nonisolated(unsafe) let output = tables
        let shared = copy graph
        DispatchQueue.concurrentPerform(iterations: tasks) { task in
            let nodes = NodeIndex(n * task / tasks) ..< NodeIndex(n * (task + 1) / tasks)
            output[task] = changes(at: nodes, of: shared)
        }
        var merged = tables[0]
        for task in 1..<tasks {
            merged.merge(tables[task]) { decided, _ in decided }
        }
        return merged
    }

    /// Fewer nodes than this are decided on one core.
    private static let minimumNodesPerTask = 50_000

    /// The changes of labels between roads meeting at `nodes`, decided.
    private static func changes(at nodes: Range<NodeIndex>, of graph: RoadGraph) -> [LabelChange: Bool] {
        var decided: [LabelChange: Bool] = [:]
        var seen: [(name: UInt32, ref: UInt32)] = []
        for node in nodes {
            seen.removeAll(keepingCapacity: true)
            func add(_ e: EdgeIndex) {
                let label = (graph.nameIndex[Int(e)], graph.refIndex[Int(e)])
                if !seen.contains(where: { $0 == label }) { seen.append(label) }
            }
            for e in graph.outgoingEdges(of: node) { add(e) }
            for e in graph.incomingEdges(of: node) { add(e) }
            for a in seen {
                for b in seen where a != b {
                    let change = LabelChange(fromName: a.name, fromRef: a.ref, toName: b.name, toRef: b.ref)
                    if decided[change] == nil { decided[change] = decide(change, graph.strings) }
                }
            }
        }
        return decided
    }
}
