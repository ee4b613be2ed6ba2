/// A directed graph with non-negative integer arc weights in compressed sparse row form: the input a
/// `ContractionHierarchy` is built from, and what its paths unpack to.
///
/// Vertices are `0 ..< vertexCount`; the arcs leaving vertex `v` are `firstOut[v] ..< firstOut[v + 1]`,
/// arc `a` leads to `head[a]` and costs `weight[a]`. Parallel arcs, self loops and zero weights are
/// allowed (a turn-expanded road graph has all three). Arc indices are what a hierarchy's paths are
/// made of, so the caller keeps its own per-arc data (edges, turns, geometry) indexed the same way.
///
/// Why `UInt32` weights: integer costs add exactly and associatively, so a shortcut's weight
/// `w(u,v) + w(v,w)` equals the sum Dijkstra forms along the same arcs and the hierarchy's costs are
/// bit-identical to Dijkstra's (floating-point sums in a different order differ in the last bits, which
/// turns ties in witness searches into wrong or missing shortcuts). 32 bits halve the memory and cache
/// traffic of the search arrays against 64. The router's units are milliseconds and millimetres: 2³²
/// milliseconds are 49 days, wide enough for any drive, but 2³² millimetres are only 4,295 km, so a
/// continent's distances can pass them: a shortcut that would is a build error (the router then leaves
/// that metric's hierarchy out), and a query whose sum would is reported
/// (`ContractionHierarchyWorkspace.lastSearchOverflowed`; the router then routes with A*).
/// `ContractionHierarchy.unreachable` (2³² − 1) is reserved for "no path". `ch-measure`'s deciseconds
/// and decimetres reach 13.6 years and 429,000 km.
///
/// Invariants (checked by the initializer): `firstOut.count == vertexCount + 1`, `firstOut[0] == 0`,
/// non-decreasing, `firstOut.last == head.count == weight.count`, every head `< vertexCount`, every
/// weight `< ContractionHierarchy.unreachable`, fewer than 2³² − 1 vertices and arcs.
@_spi(Experiments) public struct WeightedDigraph: Sendable, Equatable {
    public let firstOut: [UInt32]
    public let head: [UInt32]
    public let weight: [UInt32]

    /// Checks the arrays against the invariants on the type.
    /// - Throws: `ContractionHierarchyError.malformedGraph` naming the first violation.
    /// - Complexity: O(vertices + arcs).
    public init(firstOut: [UInt32], head: [UInt32], weight: [UInt32]) throws(ContractionHierarchyError) {
        if let problem = Self.problem(firstOut: firstOut, head: head, weight: weight) {
            throw .malformedGraph(problem)
        }
        self.firstOut = firstOut
        self.head = head
        self.weight = weight
    }

    /// A graph from an arc list in any order; arc `i` of the result is the `i`-th arc of `arcs` after a
    /// stable sort by tail, and `arcIndex[i]` says which input arc that was.
    /// - Complexity: O(vertices + arcs).
    @_spi(Experiments) public static func fromArcs(vertexCount: Int, arcs: [(tail: UInt32, head: UInt32, weight: UInt32)])
        throws(ContractionHierarchyError) -> (graph: WeightedDigraph, arcIndex: [UInt32]) {
        guard vertexCount >= 0, vertexCount < Int(UInt32.max) else { throw .malformedGraph("\(vertexCount) vertices") }
        var first = [UInt32](repeating: 0, count: vertexCount + 1)
        for arc in arcs {
            guard Int(arc.tail) < vertexCount else { throw .malformedGraph("an arc leaves vertex \(arc.tail) of \(vertexCount)") }
            first[Int(arc.tail) + 1] += 1
        }
        for v in 0..<vertexCount { first[v + 1] += first[v] }
        var fill = first
        var head = [UInt32](repeating: 0, count: arcs.count)
        var weight = [UInt32](repeating: 0, count: arcs.count)
        var index = [UInt32](repeating: 0, count: arcs.count)
        for (i, arc) in arcs.enumerated() {
            let slot = Int(fill[Int(arc.tail)])
            fill[Int(arc.tail)] += 1
            head[slot] = arc.head
            weight[slot] = arc.weight
            index[slot] = UInt32(i)
        }
        return (try WeightedDigraph(firstOut: first, head: head, weight: weight), index)
    }

    @_spi(Experiments) public var vertexCount: Int { firstOut.count - 1 }
    @_spi(Experiments) public var arcCount: Int { head.count }

    /// The arcs leaving `vertex`.
    /// - Complexity: O(1).
    @inlinable @_spi(Experiments) public func arcs(from vertex: UInt32) -> Range<Int> {
        Int(firstOut[Int(vertex)]) ..< Int(firstOut[Int(vertex) + 1])
    }

    /// The tail of every arc (the vertex whose range holds it).
    /// - Complexity: O(vertices + arcs).
    @_spi(Experiments) public func tails() -> [UInt32] {
        var tail = [UInt32](repeating: 0, count: arcCount)
        for v in 0..<vertexCount {
            for a in Int(firstOut[v]) ..< Int(firstOut[v + 1]) { tail[a] = UInt32(v) }
        }
        return tail
    }

    /// Bytes held by the three arrays.
    @_spi(Experiments) public var memoryBytes: Int { 4 * (firstOut.count + head.count + weight.count) }

    /// The first violated invariant, or nil.
    static func problem(firstOut: [UInt32], head: [UInt32], weight: [UInt32]) -> String? {
        guard let last = firstOut.last else { return "firstOut is empty (it needs vertexCount + 1 entries)" }
        let n = firstOut.count - 1
        if n >= Int(UInt32.max) || head.count >= Int(UInt32.max) { return "too many vertices or arcs for 32-bit indices" }
        if firstOut[0] != 0 { return "firstOut[0] is \(firstOut[0]), not 0" }
        if Int(last) != head.count { return "firstOut ends at \(last) but there are \(head.count) arcs" }
        if weight.count != head.count { return "\(weight.count) weights for \(head.count) arcs" }
        for v in 0..<n where firstOut[v] > firstOut[v + 1] { return "firstOut decreases at vertex \(v)" }
        for a in 0..<head.count {
            if Int(head[a]) >= n { return "arc \(a) leads to vertex \(head[a]) of \(n)" }
            if weight[a] == ContractionHierarchy.unreachable { return "arc \(a) has the reserved weight \(weight[a])" }
        }
        return nil
    }
}
