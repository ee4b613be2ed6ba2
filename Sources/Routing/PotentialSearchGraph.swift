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
/// (BENCHMARKS.md, *Potential search in level and Hilbert order*): the same potentials, about 40 % less
/// query time. The potential search never compares ranks, so any vertex order serves it.
///
/// Layout (CSR by position `p`, `position[v]` the position of node `v`): the arcs `i` in
/// `arcFirst[p] ..< arcFirst[p + 1]` join `p` to a higher vertex `arcs[3i]`; `arcs[3i + 1]` weighs the
/// upward arc `p → arcs[3i]` and `arcs[3i + 2]` the downward arc `arcs[3i] → p`, either
/// `ContractionHierarchy.unreachable` where the hierarchy has no such arc. Both searches read the arcs
/// listed at the lower vertex (the backward search follows downward arcs against their direction, and
/// stalls over upward ones; the potential climbs upward ones), so one list serves both, and a road's two
/// directions, which a hierarchy usually keeps between the same two vertices, share one entry: 12 bytes
/// instead of 16 for the pair, and the two searches read the same cache lines.
///
/// Invariant: the arcs are exactly the hierarchy's, renumbered by `position` (a permutation), parallel
/// arcs merged to the lightest, so every search over them computes what the same search over the
/// hierarchy computes. A database keeps these
/// arrays, not the hierarchy's: nothing unpacks a potential's path, so the shortcuts' halves are not
/// kept. Loading checks their shape (`init(validating:vertexCount:)`: a permutation, offsets, ends in
/// range, arcs that climb without a cycle, so no search can run off the arrays or loop); that the
/// weights are the builder's own rests on the stored checksums, as the shortcuts' optimality does for
/// every hierarchy.
struct PotentialSearchGraph: Sendable {
    let position: [UInt32]
    let arcFirst: [UInt32]
    let arcs: [UInt32]

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
        (arcFirst, arcs) = Self.mergedArcs(of: hierarchy, rankAt: keyed.map(\.rank), positionOfRank: positionOfRank)
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
        arcFirst = try array(Self.arcFirstName)
        arcs = try array(Self.arcsName)
        if let problem = firstProblem(vertexCount: n) { throw .damaged(array: problem.array, reason: problem.reason) }
    }

    static let positionName = "position"
    static let arcFirstName = "arc_first"
    static let arcsName = "arcs"

    /// Every array under its stored name.
    var storedArrays: [(name: String, values: [UInt32])] {
        [(Self.positionName, position), (Self.arcFirstName, arcFirst), (Self.arcsName, arcs)]
    }

    /// Number of vertices.
    var vertexCount: Int { position.count }

    /// Upward plus downward arcs (an entry with both counts twice).
    var arcCount: Int {
        var count = 0
        for i in 0 ..< arcs.count / 3 {
            if arcs[3 * i + 1] != ContractionHierarchy.unreachable { count += 1 }
            if arcs[3 * i + 2] != ContractionHierarchy.unreachable { count += 1 }
        }
        return count
    }

    /// Bytes held.
    var byteCount: Int { 4 * (position.count + arcFirst.count + arcs.count) }

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
        let up = hierarchy.upwardView, down = hierarchy.downwardView
        for r in 0..<hierarchy.vertexCount {
            lift(up, above: r)
            lift(down, above: r)
        }
        return level
    }

    /// The CSR arrays by position: for the vertex at each position, its upward and downward arcs merged
    /// by far end (renumbered), sorted by far end, a missing direction weighing the unreachable mark.
    /// - Complexity: O(n + a log d) for a arcs and d the largest degree.
    private static func mergedArcs(of hierarchy: ContractionHierarchy, rankAt: [UInt32], positionOfRank: [UInt32])
        -> (first: [UInt32], arcs: [UInt32]) {
        let none = ContractionHierarchy.unreachable
        let up = hierarchy.upwardView, down = hierarchy.downwardView
        var first = [UInt32](), arcs = [UInt32]()
        first.reserveCapacity(rankAt.count + 1)
        arcs.reserveCapacity(3 * max(up.ends.count, down.ends.count) / 2)
        first.append(0)
        var entries: [(end: UInt32, up: UInt32, down: UInt32)] = []
        for r in rankAt {
            entries.removeAll(keepingCapacity: true)
            for i in Int(up.first[Int(r)]) ..< Int(up.first[Int(r) + 1]) {
                entries.append((positionOfRank[Int(up.ends[2 * i])], up.ends[2 * i + 1], none))
            }
            for i in Int(down.first[Int(r)]) ..< Int(down.first[Int(r) + 1]) {
                entries.append((positionOfRank[Int(down.ends[2 * i])], none, down.ends[2 * i + 1]))
            }
            entries.sort { $0.end < $1.end }
            var k = 0
            while k < entries.count {
                var merged = entries[k]
                k += 1
                while k < entries.count && entries[k].end == merged.end {
                    merged.up = min(merged.up, entries[k].up)
                    merged.down = min(merged.down, entries[k].down)
                    k += 1
                }
                arcs.append(merged.end); arcs.append(merged.up); arcs.append(merged.down)
            }
            first.append(UInt32(arcs.count / 3))
        }
        return (first, arcs)
    }

    /// The first array whose shape is wrong for `n` vertices, with what is wrong; nil when the shape holds.
    /// - Complexity: O(n + arcs).
    private func firstProblem(vertexCount n: Int) -> (array: String, reason: String)? {
        if let problem = ContractionHierarchy.permutationProblem(position, vertexCount: n, entry: "position") {
            return (Self.positionName, problem)
        }
        guard arcs.count % 3 == 0 else { return (Self.arcsName, "\(arcs.count) entries, not far end and two weights each") }
        if let problem = ContractionHierarchy.offsetsProblem(arcFirst, vertexCount: n, arcCount: arcs.count / 3, entry: "position") {
            return (Self.arcFirstName, problem)
        }
        let none = ContractionHierarchy.unreachable
        for i in 0 ..< arcs.count / 3 {
            guard Int(arcs[3 * i]) < n else { return (Self.arcsName, "arc \(i) ends at \(arcs[3 * i]), beyond \(n) vertices") }
            guard arcs[3 * i + 1] != none || arcs[3 * i + 2] != none else {
                return (Self.arcsName, "arc \(i) weighs the unreachable mark both ways")
            }
        }
        return climbsWithoutCycle() ? nil : (Self.arcsName, "the arcs climb in a cycle")
    }

    /// Whether the arcs, each read from the vertex it is listed at to its far end (the way both searches
    /// climb), form no cycle: Kahn's topological sort reaches every vertex.
    /// - Complexity: O(n + arcs).
    private func climbsWithoutCycle() -> Bool {
        let n = vertexCount
        var incoming = [UInt32](repeating: 0, count: n)
        for i in 0 ..< arcs.count / 3 { incoming[Int(arcs[3 * i])] += 1 }
        var ready = (0..<n).filter { incoming[$0] == 0 }
        var reached = 0
        while let p = ready.popLast() {
            reached += 1
            for i in Int(arcFirst[p]) ..< Int(arcFirst[p + 1]) {
                let end = Int(arcs[3 * i])
                incoming[end] -= 1
                if incoming[end] == 0 { ready.append(end) }
            }
        }
        return reached == n
    }
}
