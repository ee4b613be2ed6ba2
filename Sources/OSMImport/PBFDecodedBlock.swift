/// One `OSMData` block decoded into flat arrays, ready to hand to an `OSMElementReceiver` in file
/// order: coordinates in fixed-point degrees × 10^7, delta coding undone, tags already filtered to the
/// keys the receiver asked for and turned into strings. Built on a worker thread, consumed on the
/// importing thread.
struct PBFDecodedBlock: Sendable {
    /// The kind of the elements in one run.
    enum Kind: Sendable { case node, way, relation }

    /// `count` consecutive elements of one kind (a PrimitiveGroup holds one kind; runs keep file order).
    struct Run: Sendable {
        var kind: Kind
        var count: Int
    }

    struct Way: Sendable {
        var id: Int64
        var refs: [Int64]
        var tags: [OSMTag]
    }

    struct Relation: Sendable {
        var id: Int64
        var members: [OSMMember]
        var tags: [OSMTag]
    }

    var runs: [Run] = []
    var nodeIDs: [Int64] = []
    var nodeLatitudesE7: [Int32] = []
    var nodeLongitudesE7: [Int32] = []
    /// Parallel to `nodeIDs` (mostly empty arrays, which cost no allocation).
    var nodeTags: [[OSMTag]] = []
    var ways: [Way] = []
    var relations: [Relation] = []
    /// Elements with `visible = false` (history data), skipped like XML's `visible="false"`.
    var deletedCount = 0
    /// The block's uncompressed size.
    var uncompressedBytes = 0

    var elementCount: Int { nodeIDs.count + ways.count + relations.count }

    /// Records `count` more elements of `kind`, extending the last run when it has the same kind.
    mutating func appendRun(_ kind: Kind, count: Int) {
        guard count > 0 else { return }
        if let last = runs.last, last.kind == kind {
            runs[runs.count - 1].count += count
        } else {
            runs.append(Run(kind: kind, count: count))
        }
    }
}
