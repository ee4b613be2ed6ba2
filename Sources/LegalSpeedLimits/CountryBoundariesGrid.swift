import Geodesy

/// A latitude/longitude grid over the world that tells which features contain a point by looking at the
/// point's cell only; cells that many border edges touch are split into finer grids, down to a few levels.
///
/// Each cell has a reference point inside it whose features are known (found at build time) and the list of
/// boundary edges that touch the cell. A point's features are the reference point's, with the parity of a
/// feature flipped once per edge of it crossed on the way from the reference point to the point: north or
/// south along the reference point's meridian, then east or west along the point's parallel. That path never
/// leaves the cell, so no other edge can cross it. Cells no edge touches (open sea, the inside of a
/// country) answer with the reference point's features alone.
///
/// The features a cell can answer are its candidates, sorted by feature index; a cell's answer is a set of
/// positions in that list, one machine word for cells with at most 64 candidates (every cell of the bundled
/// file, where the most is a handful), with an array beyond.
///
/// A class, so that copying a `CountryBoundaries` retains one reference rather than each array.
final class CountryBoundariesGrid: Sendable {
    /// A leaf cell's edges (`first ..< first + count` in `edges`) and state, or a split cell's children
    /// (`branching × branching` cells from `first`, row-major) with `state == Cell.split`.
    struct Cell: Sendable {
        /// The `state` of a cell split into finer ones.
        static let split = UInt32.max

        var first: UInt32
        var count: UInt32
        var state: UInt32
    }

    /// An edge touching a cell, with what the cell's reference point needs of it.
    struct CellEdge: Sendable {
        let edge: CountryBoundariesEdge
        /// The edge's feature's position among the cell's candidates.
        let slot: UInt16
        /// Whether the edge crosses the reference point's meridian: only then can the first leg cross it.
        let crossesReferenceMeridian: Bool
        /// Which side of the edge's line the reference point is on.
        let isReferenceLeft: Bool

        init(edge: CountryBoundariesEdge, slot: UInt16, referenceLongitude: Double, referenceLatitude: Double) {
            self.edge = edge
            self.slot = slot
            crossesReferenceMeridian = edge.crossesMeridian(referenceLongitude)
            isReferenceLeft = edge.isLeft(longitude: referenceLongitude, latitude: referenceLatitude)
        }
    }

    /// What the cells with the same candidates and reference answer share.
    struct State: Hashable, Sendable {
        /// Where the candidates start in `candidates`.
        var firstCandidate: UInt32
        var candidateCount: UInt32
        /// Bit `i` set when candidate `i` contains the reference point (the first 64 candidates).
        var insideAtReference: UInt64
        /// Where the answers for candidates from the 65th on start in `highInsideAtReference`.
        var firstHighInsideAtReference: UInt32
    }

    /// The grid of each level: level 0 covers the world, level `l + 1` has `branching` times the cells per
    /// degree of level `l`.
    let layouts: [CountryBoundariesGridLayout]
    let branching: Int
    /// Level 0's cells row-major (south to north, west to east), then the children of split cells.
    let cells: [Cell]
    let edges: [CellEdge]
    let states: [State]
    /// Feature indices, ascending within a state.
    let candidates: [UInt16]
    /// Whether candidates from the 65th on contain their cell's reference point.
    let highInsideAtReference: [Bool]

    init(layouts: [CountryBoundariesGridLayout], branching: Int, cells: [Cell], edges: [CellEdge], states: [State],
         candidates: [UInt16], highInsideAtReference: [Bool]) {
        self.layouts = layouts
        self.branching = branching
        self.cells = cells
        self.edges = edges
        self.states = states
        self.candidates = candidates
        self.highInsideAtReference = highInsideAtReference
    }

    /// Calls `body` with the index of each feature containing `coordinate`, in ascending order, until it
    /// returns false. A coordinate out of range (or not a number) is in no feature.
    /// - Complexity: O(levels + edges touching the coordinate's leaf cell + features containing it).
    @inline(__always) func forEachFeature(containing coordinate: Coordinate, _ body: (Int) -> Bool) {
        let latitude = coordinate.latitude
        // The 180th meridian is the -180th, and only a feature drawn east of -180 can contain a point on it:
        // the crossing-number rule counts a point on a western rim as inside, on an eastern one as outside.
        let longitude = coordinate.longitude == 180 ? -180 : coordinate.longitude
        // Written so that NaN fails too.
        guard latitude >= -90, latitude <= 90, longitude >= -180, longitude <= 180 else { return }
        let leaf = leaf(atLatitude: latitude, longitude: longitude)
        let state = states[Int(leaf.cell.state)]
        guard state.candidateCount > 0 else { return }
        let layout = layouts[leaf.level]
        let path = ReferencePath(referenceLongitude: layout.referenceLongitude(ofColumn: leaf.column),
                                 referenceLatitude: layout.referenceLatitude(ofRow: leaf.row), longitude: longitude, latitude: latitude)
        let edgeRange = Int(leaf.cell.first) ..< Int(leaf.cell.first + leaf.cell.count)
        if state.candidateCount <= CountryBoundariesSlotSet.lowWidth {
            var inside = state.insideAtReference ^ crossedMask(edgeRange, along: path)
            while inside != 0 {
                guard body(Int(candidates[Int(state.firstCandidate) + inside.trailingZeroBitCount])) else { return }
                inside &= inside - 1
            }
        } else {
            let inside = crossedSlots(edgeRange, along: path, state: state)
            for slot in 0 ..< Int(state.candidateCount) where inside.contains(slot) {
                guard body(Int(candidates[Int(state.firstCandidate) + slot])) else { return }
            }
        }
    }

    /// The leaf cell holding a point in range, with its level, row and column in that level's grid.
    @inline(__always) func leaf(atLatitude latitude: Double, longitude: Double) -> (cell: Cell, level: Int, row: Int, column: Int) {
        var row = layouts[0].row(ofLatitude: latitude), column = layouts[0].column(ofLongitude: longitude)
        var cell = cells[row * layouts[0].columnCount + column]
        var level = 0
        while cell.state == Cell.split {
            level += 1
            let childRow = childIndex(layouts[level].row(ofLatitude: latitude), parent: row)
            let childColumn = childIndex(layouts[level].column(ofLongitude: longitude), parent: column)
            row = row * branching + childRow
            column = column * branching + childColumn
            cell = cells[Int(cell.first) + childRow * branching + childColumn]
        }
        return (cell, level, row, column)
    }

    // Clamped: rounding may put a point on a cell's rim into a neighbour of the parent at the finer level;
    // the edges listed with a margin cover it either way.
    @inline(__always) private func childIndex(_ index: Int, parent: Int) -> Int {
        min(max(index - parent * branching, 0), branching - 1)
    }

    // MARK: The path from the reference point

    /// The reference point `(referenceLongitude, referenceLatitude)`, the corner `(referenceLongitude,
    /// latitude)` and the point `(longitude, latitude)`.
    struct ReferencePath {
        let referenceLongitude: Double
        let referenceLatitude: Double
        let longitude: Double
        let latitude: Double

        /// Whether the path crosses the edge an odd number of times, that is, once.
        @inline(__always) func crosses(_ cellEdge: CellEdge) -> Bool {
            let edge = cellEdge.edge
            let isCornerLeft = edge.isLeft(longitude: referenceLongitude, latitude: latitude)
            // Along the meridian: the reference point and the corner lie on opposite sides of the edge.
            var crosses = cellEdge.crossesReferenceMeridian && isCornerLeft != cellEdge.isReferenceLeft
            // Along the parallel: the corner and the point lie on opposite sides.
            if edge.crossesParallel(latitude) && isCornerLeft != edge.isLeft(longitude: longitude, latitude: latitude) {
                crosses.toggle()
            }
            return crosses
        }
    }

    private func crossedMask(_ edgeRange: Range<Int>, along path: ReferencePath) -> UInt64 {
        edges.withUnsafeBufferPointer { edges in
            var mask: UInt64 = 0
            for index in edgeRange where path.crosses(edges[index]) {
                mask ^= 1 << UInt64(edges[index].slot)
            }
            return mask
        }
    }

    // The slow path of a cell with more candidates than a word holds.
    private func crossedSlots(_ edgeRange: Range<Int>, along path: ReferencePath, state: State) -> CountryBoundariesSlotSet {
        let firstHigh = Int(state.firstHighInsideAtReference)
        let highCount = Int(state.candidateCount) - CountryBoundariesSlotSet.lowWidth
        var inside = CountryBoundariesSlotSet(low: state.insideAtReference,
                                              high: Array(highInsideAtReference[firstHigh ..< firstHigh + highCount]))
        for index in edgeRange where path.crosses(edges[index]) { inside.toggle(Int(edges[index].slot)) }
        return inside
    }
}
