import RoadNetwork

/// Extra integer costs on a few edges, for the penalty method of `GraphAlternatives`: a search that adds
/// them finds the best path in a graph where the roads already found cost more.
///
/// The edges penalised are those of a handful of routes, a few hundred at most, while the search asks
/// about every edge it relaxes: a bit filter answers most of those questions "no" without hashing, and
/// only the edges whose bit is set are looked up in the dictionary.
struct EdgePenalties {
    /// Bits of the filter: 64 words, a few per cent of them set by a few hundred edges.
    private static let filterBits = 1 << 12
    private var filter = [UInt64](repeating: 0, count: filterBits / 64)
    private var extra: [EdgeIndex: Double] = [:]

    /// Whether no edge has a penalty.
    var isEmpty: Bool { extra.isEmpty }

    /// The filter bit of an edge: a multiplicative hash, so that an edge and its neighbours in the
    /// index spread over the words.
    @inline(__always)
    private static func bit(of edge: EdgeIndex) -> Int {
        Int((UInt32(truncatingIfNeeded: edge) &* 2_654_435_761) >> 20)
    }

    /// Adds `cost` (integer units) to what entering `edge` costs.
    mutating func add(_ cost: Double, to edge: EdgeIndex) {
        let b = Self.bit(of: edge)
        filter[b >> 6] |= 1 << UInt64(b & 63)
        extra[edge, default: 0] += cost
    }

    /// The extra cost of entering `edge` (0 for most edges).
    /// - Complexity: O(1): a filter word, and a hash lookup when its bit is set.
    @inline(__always)
    func cost(of edge: EdgeIndex) -> Double {
        let b = Self.bit(of: edge)
        guard filter[b >> 6] & (1 << UInt64(b & 63)) != 0 else { return 0 }
        return extra[edge] ?? 0
    }
}
