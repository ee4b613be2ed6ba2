import Geodesy
import RoadNetwork

/// The arcs of a potential hierarchy as its potential search reads them, laid out for that search's
/// memory access: vertices grouped by hierarchy level and, within a group, along a Hilbert curve through
/// their nodes' coordinates.
///
/// Why not rank order, as `ContractionHierarchy` keeps them: a query's potential search visits the union
/// of the upward search spaces of every node A* touches, i.e. a corridor of low vertices plus the higher
/// ones above it. Ranks scatter a corridor's low vertices over the whole array (contraction order has
/// nothing to do with place), so nearly every visit missed the cache; here a level's vertices that lie
/// close together share cache lines and pages. Measured on the generated 1 M and 5 M-node cities
/// (Benchmarks/notebook, *Potential search in level and Hilbert order*): the same potentials, about 40 % less
/// query time. The potential search never compares ranks, so any vertex order serves it.
///
/// Layout (CSR by position `p`, `position[v]` the position of node `v`):
/// - upward arcs `i` in `upwardFirst[p] ..< upwardFirst[p + 1]`: arcs `p → upwardArcs[2i]` of weight
///   `upwardArcs[2i + 1]`, the hierarchy's upward arcs;
/// - downward arcs `i` in `downwardFirst[p] ..< downwardFirst[p + 1]`: arcs `downwardArcs[2i] → p` of
///   weight `downwardArcs[2i + 1]`, the hierarchy's downward arcs, which the backward search follows
///   against their direction.
///
/// Invariant: the arcs are exactly the hierarchy's, renumbered by `position` (a permutation), so every
/// search over them computes what the same search over the hierarchy computes. A database keeps these
/// arrays, not the hierarchy's: nothing unpacks a potential's path, so the shortcuts' halves are not
/// kept. Loading checks their shape (`init(validating:vertexCount:)`: a permutation, offsets, ends in
/// range, arcs that climb without a cycle, so no search can run off the arrays or loop); that the
/// weights are the builder's own rests on the stored checksums, as the shortcuts' optimality does for
/// every hierarchy.
struct PotentialSearchGraph: Sendable {
    let position: [UInt32]
    let upwardFirst: [UInt32]
    let upwardArcs: [UInt32]
    let downwardFirst: [UInt32]
    let downwardArcs: [UInt32]
    /// The largest potential the search keeps (`HierarchyPotentialSearch`): `unreachable − 1` less the
    /// heaviest upward arc, so that an arc plus a kept potential stays below `unreachable` and "no path"
    /// needs no test of its own. Over 4,000 million units on a city (4,000 km in millimetres).
    let largestPotential: UInt32
    /// Tells this graph (and its copies) from every other: a potential search keeps a query's potentials
    /// for the next query only on the same graph (`HierarchyPotentialSearch.begin`).
    let identity = Identity()

    /// A token compared by reference.
    final class Identity: Sendable {}

    /// Levels per group: a level alone holds too few of a corridor's vertices to share pages, while all
    /// levels in one group would mix the many low vertices with the few high ones every query visits.
    /// Groups of 4 to 16 levels measured alike on the 1 M-node city; 8 is in the middle.
    static let levelsPerGroup: UInt32 = 8
    /// Hilbert cells per side of the graph's bounding box: 2¹⁶, about 2 m on a 100 km city.
    static let curveOrder = 16

    /// Renumbers `hierarchy`'s vertices (the nodes at `coordinates`, inside `box`).
    /// - Precondition: `coordinates.count == hierarchy.vertexCount`.
    /// - Complexity: O(n log n + arcs) for n vertices.
    init(hierarchy: ContractionHierarchy, coordinates: CoordinateColumn, box: BoundingBox) {
        let n = hierarchy.vertexCount
        precondition(coordinates.count == n, "\(coordinates.count) coordinates for \(n) vertices")
        let level = Self.levels(of: hierarchy)
        let curve = HilbertCurve(order: Self.curveOrder)
        // The sort key: the level group in the high 32 bits, the curve position in the low ones; ties by rank.
        var keyed = [(key: UInt64, rank: UInt32)](repeating: (0, 0), count: n)
        for v in 0..<n {
            let r = Int(hierarchy.rank[v])
            let group = UInt64(level[r] / Self.levelsPerGroup)
            keyed[r] = ((group << 32) | UInt64(curve.position(of: coordinates[v], in: box)), UInt32(r))
        }
        keyed.sort { $0.key != $1.key ? $0.key < $1.key : $0.rank < $1.rank }
        var positionOfRank = [UInt32](repeating: 0, count: n)
        for (p, entry) in keyed.enumerated() { positionOfRank[Int(entry.rank)] = UInt32(p) }
        position = hierarchy.rank.map { positionOfRank[Int($0)] }
        let rankAt = keyed.map(\.rank)
        (upwardFirst, upwardArcs) = Self.renumbered(first: hierarchy.upwardFirstOut, ends: hierarchy.upwardArcs,
                                                    rankAt: rankAt, positionOfRank: positionOfRank)
        (downwardFirst, downwardArcs) = Self.renumbered(first: hierarchy.downwardFirstIn, ends: hierarchy.downwardArcs,
                                                        rankAt: rankAt, positionOfRank: positionOfRank)
        largestPotential = Self.largestPotential(upwardArcs: upwardArcs)
    }

    /// `unreachable − 1` less the heaviest of the arcs (weights at odd indices).
    /// - Complexity: O(arcs).
    private static func largestPotential(upwardArcs: [UInt32]) -> UInt32 {
        var heaviest: UInt32 = 0
        var i = 1
        while i < upwardArcs.count { heaviest = max(heaviest, upwardArcs[i]); i += 2 }
        return ContractionHierarchy.unreachable - 1 - min(heaviest, ContractionHierarchy.unreachable - 1)
    }

    /// Accepts stored arrays (`storedArrays`' names) for a graph of `vertexCount` nodes after checking
    /// their shape.
    /// - Throws: `ContractionHierarchyError.damaged` naming the first missing or malformed array.
    /// - Complexity: O(n + arcs).
    init(validating arrays: [String: [UInt32]], vertexCount n: Int) throws(ContractionHierarchyError) {
        func array(_ name: String) throws(ContractionHierarchyError) -> [UInt32] {
            guard let values = arrays[name] else { throw .damaged(array: name, reason: "missing") }
            return values
        }
        position = try array(Self.positionName)
        upwardFirst = try array(Self.upwardFirstName)
        upwardArcs = try array(Self.upwardArcsName)
        downwardFirst = try array(Self.downwardFirstName)
        downwardArcs = try array(Self.downwardArcsName)
        largestPotential = Self.largestPotential(upwardArcs: upwardArcs)
        if let problem = firstProblem(vertexCount: n) { throw .damaged(array: problem.array, reason: problem.reason) }
    }

    static let positionName = "position"
    static let upwardFirstName = "upward_first"
    static let upwardArcsName = "upward_arcs"
    static let downwardFirstName = "downward_first"
    static let downwardArcsName = "downward_arcs"

    /// Every array under its stored name.
    var storedArrays: [(name: String, values: [UInt32])] {
        [(Self.positionName, position), (Self.upwardFirstName, upwardFirst), (Self.upwardArcsName, upwardArcs),
         (Self.downwardFirstName, downwardFirst), (Self.downwardArcsName, downwardArcs)]
    }

    /// Number of vertices.
    var vertexCount: Int { position.count }

    /// Upward plus downward arcs.
    var arcCount: Int { (upwardArcs.count + downwardArcs.count) / 2 }

    /// Bytes held.
    var byteCount: Int { 4 * (position.count + upwardFirst.count + upwardArcs.count + downwardFirst.count + downwardArcs.count) }

    /// Each rank's level: 0 for a vertex with no lower neighbour, else one more than its highest lower
    /// neighbour's, so every arc climbs at least one level.
    /// - Complexity: O(n + arcs); ranks are a topological order of the upward arcs.
    private static func levels(of hierarchy: ContractionHierarchy) -> [UInt32] {
        var level = [UInt32](repeating: 0, count: hierarchy.vertexCount)
        func lift(_ arcs: ContractionHierarchy.ArcView, above r: Int) {
            for i in Int(arcs.first[r]) ..< Int(arcs.first[r + 1]) {
                let higher = Int(arcs.ends[2 * i])
                level[higher] = max(level[higher], level[r] + 1)
            }
        }
        hierarchy.withArcViews { up, down in
            for r in 0..<hierarchy.vertexCount {
                lift(up, above: r)
                lift(down, above: r)
            }
        }
        return level
    }

    /// One direction's CSR arrays by position: the arcs of `rankAt[p]`, their far ends renumbered.
    /// - Complexity: O(n + arcs).
    private static func renumbered(first: [UInt32], ends: [UInt32], rankAt: [UInt32], positionOfRank: [UInt32])
        -> ([UInt32], [UInt32]) {
        var newFirst = [UInt32](), newEnds = [UInt32]()
        newFirst.reserveCapacity(rankAt.count + 1)
        newEnds.reserveCapacity(ends.count)
        newFirst.append(0)
        for r in rankAt {
            for i in Int(first[Int(r)]) ..< Int(first[Int(r) + 1]) {
                newEnds.append(positionOfRank[Int(ends[2 * i])])
                newEnds.append(ends[2 * i + 1])
            }
            newFirst.append(UInt32(newEnds.count / 2))
        }
        return (newFirst, newEnds)
    }

    /// The first array whose shape is wrong for `n` vertices, with what is wrong; nil when the shape holds.
    /// - Complexity: O(n + arcs).
    private func firstProblem(vertexCount n: Int) -> (array: String, reason: String)? {
        if let problem = ContractionHierarchy.permutationProblem(position, vertexCount: n, entry: "position") {
            return (Self.positionName, problem)
        }
        for (firstName, first, arcsName, arcs) in [(Self.upwardFirstName, upwardFirst, Self.upwardArcsName, upwardArcs),
                                                   (Self.downwardFirstName, downwardFirst, Self.downwardArcsName, downwardArcs)] {
            guard arcs.count % 2 == 0 else { return (arcsName, "\(arcs.count) entries, not far end and weight pairs") }
            if let problem = ContractionHierarchy.offsetsProblem(first, vertexCount: n, arcCount: arcs.count / 2, entry: "position") {
                return (firstName, problem)
            }
            for i in 0 ..< arcs.count / 2 {
                guard Int(arcs[2 * i]) < n else { return (arcsName, "arc \(i) ends at \(arcs[2 * i]), beyond \(n) vertices") }
                guard arcs[2 * i + 1] < ContractionHierarchy.unreachable else { return (arcsName, "arc \(i) weighs the unreachable mark") }
            }
        }
        return climbsWithoutCycle() ? nil : (Self.upwardArcsName, "the upward and downward arcs climb in a cycle")
    }

    /// Whether the arcs, each read from the vertex it is listed at to its far end (the way both searches
    /// climb), form no cycle: Kahn's topological sort reaches every vertex.
    /// - Complexity: O(n + arcs).
    private func climbsWithoutCycle() -> Bool {
        let n = vertexCount
        var incoming = [UInt32](repeating: 0, count: n)
        for i in 0 ..< upwardArcs.count / 2 { incoming[Int(upwardArcs[2 * i])] += 1 }
        for i in 0 ..< downwardArcs.count / 2 { incoming[Int(downwardArcs[2 * i])] += 1 }
        var ready = (0..<n).filter { incoming[$0] == 0 }
        func release(_ first: [UInt32], _ arcs: [UInt32], from p: Int) {
            for i in Int(first[p]) ..< Int(first[p + 1]) {
                let end = Int(arcs[2 * i])
                incoming[end] -= 1
                if incoming[end] == 0 { ready.append(end) }
            }
        }
        var reached = 0
        while let p = ready.popLast() {
            reached += 1
            release(upwardFirst, upwardArcs, from: p)
            release(downwardFirst, downwardArcs, from: p)
        }
        return reached == n
    }
}
