/// A point past which contraction is given up as hopeless: the vertices not yet contracted average
/// more than `arcsPerVertex` arcs while at least `minimumShareLeft` of all vertices are among them.
///
/// Why: contraction cost grows with the square of the remaining degree, and a graph whose rest
/// densifies early keeps doing so. Every hierarchy ends in a dense top, which is cheap while it is a
/// small part of the graph, so each limit applies only while a large share is left.
public struct DenseRemainderLimit: Sendable, Equatable {
    /// Arcs per uncontracted vertex above which contraction stops.
    var arcsPerVertex: Double
    /// The share of all vertices (0 to 1) that must still be uncontracted for the limit to apply.
    var minimumShareLeft: Double

    public init(arcsPerVertex: Double, minimumShareLeft: Double) {
        self.arcsPerVertex = arcsPerVertex
        self.minimumShareLeft = minimumShareLeft
    }

    /// Filling in early: more than 5 arcs per vertex while 40 % is left.
    static let earlyFillIn = DenseRemainderLimit(arcsPerVertex: 5, minimumShareLeft: 0.4)
    /// Filling in late: more than 8 arcs per vertex while a fifth is left.
    static let lateFillIn = DenseRemainderLimit(arcsPerVertex: 8, minimumShareLeft: 0.2)

    /// The limits a road network's turn-expanded graph stays within (Benchmarks/notebook, *Contraction on
    /// generated grid cities*). On every shared real extract, both metrics, the rest stays at 4 arcs per
    /// vertex or fewer while 40 % of it is left and at 5 or fewer until a fifth is left. A generated grid
    /// city of equal roads, where turn costs leave no witness paths, passes 5 with 60 % left and 8 with
    /// 43 % left and keeps climbing (10 k nodes: 14 shortcuts per state; 100 k nodes ran for over 11
    /// minutes). `earlyFillIn` stops such a graph after 38 % of its states (100 k nodes: 2.7 s CPU instead
    /// of 5.0 s at 55 % with `lateFillIn` alone); `lateFillIn` catches one that densifies later.
    public static let roadNetwork = [earlyFillIn, lateFillIn]
}
