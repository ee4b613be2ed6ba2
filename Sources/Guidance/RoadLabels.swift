import RoadNetwork

/// The columns of a road graph that judging a junction reads (class, name and reference of each edge),
/// held once per leg and shared by reference.
///
/// Why not the graph itself: `RoadGraph` is a value of some fifty arrays, so every copy retains and
/// releases each of them. A junction's rules were given a copy per junction of the route, which made
/// those atomic counts a quarter of building a route's steps (Porto, BENCHMARKS.md).
final class RoadLabels: Sendable {
    let highway: CompactColumn<HighwayClass>
    let nameIndex: CompactColumn<UInt32>
    let refIndex: CompactColumn<UInt32>
    let strings: [String]

    init(graph: borrowing RoadGraph) {
        highway = graph.highway
        nameIndex = graph.nameIndex
        refIndex = graph.refIndex
        strings = graph.strings
    }

    /// The street name of an edge ("" when none), as `RoadGraph.name(of:)`.
    func name(of edge: EdgeIndex) -> String { strings[Int(nameIndex[Int(edge)])] }

    /// The route reference of an edge ("" when none), as `RoadGraph.ref(of:)`.
    func ref(of edge: EdgeIndex) -> String { strings[Int(refIndex[Int(edge)])] }
}
