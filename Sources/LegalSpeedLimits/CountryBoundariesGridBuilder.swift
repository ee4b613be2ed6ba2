/// Builds a `CountryBoundariesGrid`: every edge is listed in each level-0 cell it touches, one sweep along
/// each row's reference parallel finds which features contain each cell's reference point, and a cell that
/// too many edges touch is split into finer cells, whose reference points are answered from the parent's.
///
/// The sweep counts, for every reference point of a row, the crossings east of it (the crossing-number
/// rule) by walking the row's crossings sorted by longitude once, instead of testing every point against
/// every polygon. Those crossings are computed by division, which may round the other way than the query's
/// side-of-line tests for an edge passing within rounding of a reference point; such an edge touches that
/// point's cell, so each cell's own edges are recounted with the query's test.
struct CountryBoundariesGridBuilder {
    /// The grid's resolution: level 0's cells per degree, and how a cell touched by more than
    /// `maximumLeafEdges` edges splits into `branching × branching` children, down to `levelCount` levels.
    struct Shape: Sendable {
        var cellsPerDegree: Double
        var branching: Int
        var maximumLeafEdges: Int
        var levelCount: Int
    }

    /// A cell whose candidates, reference answer and edges are known, before it is stored or split.
    private struct PendingCell {
        var level: Int
        var row: Int
        var column: Int
        var candidates: CandidateList
        var insideAtReference: CountryBoundariesSlotSet
        var edges: [CountryBoundariesGrid.CellEdge]
    }

    /// Where a list of candidates is in `candidates`: cells share lists, and a split cell's children all
    /// have their parent's.
    private struct CandidateList: Hashable {
        var first: UInt32
        var count: UInt32
    }

    /// A state's identity: its candidates and which of them contain the reference point.
    private struct StateKey: Hashable {
        var candidates: CandidateList
        var insideAtReference: CountryBoundariesSlotSet
    }

    /// How far outside a cell an edge may pass and still be listed in it, in degrees (about 0.1 mm): wider
    /// than any rounding of a point's cell or of an edge's extent, narrower than anything the data draws.
    private static let margin = 1e-9

    private let shape: Shape
    private let layouts: [CountryBoundariesGridLayout]
    private let edges: [CountryBoundariesEdge]
    private let edgeFeatures: [UInt16]
    private let featureCount: Int
    // The edges touching level-0 cell `c` are `cellEdgeIndices[cellEdgeStarts[c] ..< cellEdgeStarts[c + 1]]`.
    private var cellEdgeStarts: [Int] = []
    private var cellEdgeIndices: [Int] = []

    // The grid being built.
    private var cells: [CountryBoundariesGrid.Cell] = []
    private var cellEdges: [CountryBoundariesGrid.CellEdge] = []
    private var states: [CountryBoundariesGrid.State] = []
    private var candidates: [UInt16] = []
    private var highInsideAtReference: [Bool] = []
    private var candidateListIndex: [[UInt16]: CandidateList] = [:]
    private var stateIndex: [StateKey: UInt32] = [:]

    /// The grid over `features`, whose positions in the array are the feature indices the grid answers.
    /// `features.count` must fit in a `UInt16`.
    /// - Complexity: O(edges × cells each touches + level-0 cells + crossings of the reference parallels × log).
    static func grid(for features: [CountryBoundariesFeature], shape: Shape) -> CountryBoundariesGrid {
        var builder = CountryBoundariesGridBuilder(features: features, shape: shape)
        return builder.build()
    }

    private init(features: [CountryBoundariesFeature], shape: Shape) {
        precondition(features.count <= Int(UInt16.max), "\(features.count) features, more than a UInt16 can number")
        precondition(shape.branching >= 2 && shape.levelCount >= 1, "a grid needs branching ≥ 2 and a level")
        self.shape = shape
        var cellsPerDegree = shape.cellsPerDegree
        var layouts: [CountryBoundariesGridLayout] = []
        for _ in 0 ..< shape.levelCount {
            layouts.append(CountryBoundariesGridLayout(cellsPerDegree: cellsPerDegree))
            cellsPerDegree *= Double(shape.branching)
        }
        self.layouts = layouts
        var edges: [CountryBoundariesEdge] = [], edgeFeatures: [UInt16] = []
        let positionCount = features.reduce(0) { $0 + $1.longitudes.count }
        edges.reserveCapacity(positionCount)
        edgeFeatures.reserveCapacity(positionCount)
        for (index, feature) in features.enumerated() {
            let featureEdges = feature.edges
            edges += featureEdges
            edgeFeatures += repeatElement(UInt16(index), count: featureEdges.count)
        }
        self.edges = edges
        self.edgeFeatures = edgeFeatures
        featureCount = features.count
    }

    private mutating func build() -> CountryBoundariesGrid {
        listEdgesInCells()
        let emptyState = state(forCellInside: [])
        cells = [CountryBoundariesGrid.Cell](repeating: CountryBoundariesGrid.Cell(first: 0, count: 0, state: emptyState),
                                             count: layouts[0].cellCount)
        // Splitting copies a cell's edges into a few of its children.
        cellEdges.reserveCapacity(2 * cellEdgeIndices.count)
        var lastRowOfEdge = [Int](repeating: -1, count: edges.count)
        for row in 0 ..< layouts[0].rowCount { sweep(row: row, lastRowOfEdge: &lastRowOfEdge) }
        return CountryBoundariesGrid(layouts: layouts, branching: shape.branching, cells: cells, edges: cellEdges, states: states,
                                     candidates: candidates, highInsideAtReference: highInsideAtReference)
    }

    // MARK: Edges to level-0 cells

    // Counting sort of (cell, edge) pairs by cell, edges in file order within a cell.
    private mutating func listEdgesInCells() {
        let layout = layouts[0]
        var pairCells: [Int] = [], pairEdges: [Int] = []
        // Most edges touch one or two cells.
        pairCells.reserveCapacity(2 * edges.count)
        pairEdges.reserveCapacity(2 * edges.count)
        for (index, edge) in edges.enumerated() {
            Self.forEachCell(touching: edge, in: layout, rows: 0 ... layout.rowCount - 1, columns: 0 ... layout.columnCount - 1) { row, column in
                pairCells.append(row * layout.columnCount + column)
                pairEdges.append(index)
            }
        }
        cellEdgeStarts = [Int](repeating: 0, count: layout.cellCount + 1)
        for cell in pairCells { cellEdgeStarts[cell + 1] += 1 }
        for cell in 0 ..< layout.cellCount { cellEdgeStarts[cell + 1] += cellEdgeStarts[cell] }
        var next = cellEdgeStarts
        cellEdgeIndices = [Int](repeating: 0, count: pairCells.count)
        for (cell, edge) in zip(pairCells, pairEdges) {
            cellEdgeIndices[next[cell]] = edge
            next[cell] += 1
        }
    }

    // The cells of `layout` within `rows` and `columns` that the edge, widened by the margin, touches: row by
    // row, the columns its stretch within the row spans.
    private static func forEachCell(touching edge: CountryBoundariesEdge, in layout: CountryBoundariesGridLayout,
                                    rows: ClosedRange<Int>, columns: ClosedRange<Int>, _ body: (Int, Int) -> Void) {
        let south = min(edge.startLatitude, edge.endLatitude) - margin
        let north = max(edge.startLatitude, edge.endLatitude) + margin
        let firstRow = max(layout.row(ofLatitude: south), rows.lowerBound), lastRow = min(layout.row(ofLatitude: north), rows.upperBound)
        guard firstRow <= lastRow else { return }
        for row in firstRow ... lastRow {
            let bandSouth = max(south, layout.southLatitude(ofRow: row) - margin)
            let bandNorth = min(north, layout.southLatitude(ofRow: row + 1) + margin)
            let span = longitudeSpan(of: edge, from: bandSouth, to: bandNorth)
            let firstColumn = max(layout.column(ofLongitude: span.west - margin), columns.lowerBound)
            let lastColumn = min(layout.column(ofLongitude: span.east + margin), columns.upperBound)
            guard firstColumn <= lastColumn else { continue }
            for column in firstColumn ... lastColumn { body(row, column) }
        }
    }

    // The longitudes of the part of the edge between two latitudes.
    private static func longitudeSpan(of edge: CountryBoundariesEdge, from south: Double, to north: Double) -> (west: Double, east: Double) {
        let northward = edge.endLatitude - edge.startLatitude
        guard northward != 0 else {
            return (min(edge.startLongitude, edge.endLongitude), max(edge.startLongitude, edge.endLongitude))
        }
        let eastward = edge.endLongitude - edge.startLongitude
        let first = min(max((south - edge.startLatitude) / northward, 0), 1)
        let second = min(max((north - edge.startLatitude) / northward, 0), 1)
        let one = edge.startLongitude + first * eastward, other = edge.startLongitude + second * eastward
        return (min(one, other), max(one, other))
    }

    // MARK: Level-0 reference points

    // West to east along the row's reference parallel: a feature contains a reference point when an odd
    // number of its crossings lie east of it.
    private mutating func sweep(row: Int, lastRowOfEdge: inout [Int]) {
        let layout = layouts[0]
        let crossings = crossingsOfReferenceParallel(row: row, lastRowOfEdge: &lastRowOfEdge)
        var containing = FeatureSet(featureCount: featureCount)
        for crossing in crossings { containing.toggle(crossing.feature) }
        var next = 0
        var sharedEmptyCellState: UInt32?
        for column in 0 ..< layout.columnCount {
            let longitude = layout.referenceLongitude(ofColumn: column)
            while next < crossings.count, crossings[next].longitude <= longitude {
                containing.toggle(crossings[next].feature)
                next += 1
                sharedEmptyCellState = nil
            }
            let cell = row * layout.columnCount + column
            if cellEdgeStarts[cell] == cellEdgeStarts[cell + 1] {
                // Between two crossings, the cells no edge touches all have the same state.
                let state = sharedEmptyCellState ?? state(forCellInside: containing.members)
                sharedEmptyCellState = state
                cells[cell].state = state
            } else {
                place(crossedCell(row: row, column: column, containing: containing), at: cell)
            }
        }
    }

    // The row's edges crossing its reference parallel, each once, sorted west to east.
    private func crossingsOfReferenceParallel(row: Int, lastRowOfEdge: inout [Int]) -> [(longitude: Double, feature: UInt16)] {
        let layout = layouts[0]
        let latitude = layout.referenceLatitude(ofRow: row)
        var crossings: [(longitude: Double, feature: UInt16)] = []
        for index in cellEdgeIndices[cellEdgeStarts[row * layout.columnCount] ..< cellEdgeStarts[(row + 1) * layout.columnCount]]
        where lastRowOfEdge[index] != row {
            lastRowOfEdge[index] = row
            guard edges[index].crossesParallel(latitude) else { continue }
            crossings.append((edges[index].crossingLongitude(atLatitude: latitude), edgeFeatures[index]))
        }
        crossings.sort { $0.longitude < $1.longitude }
        return crossings
    }

    private mutating func state(forCellInside features: [UInt16]) -> UInt32 {
        var inside = CountryBoundariesSlotSet(count: features.count)
        for slot in features.indices { inside.toggle(slot) }
        return state(for: StateKey(candidates: candidateList(features), insideAtReference: inside))
    }

    // A level-0 cell some edges touch: its candidates are the features containing its reference point (the
    // sweep's answer, recounted for the cell's own edges) and those of its edges.
    private mutating func crossedCell(row: Int, column: Int, containing: FeatureSet) -> PendingCell {
        let layout = layouts[0]
        let longitude = layout.referenceLongitude(ofColumn: column), latitude = layout.referenceLatitude(ofRow: row)
        let cell = row * layout.columnCount + column
        let indices = cellEdgeIndices[cellEdgeStarts[cell] ..< cellEdgeStarts[cell + 1]]
        var containingReference = containing
        var cellCandidates = containing.members
        for index in indices {
            let edge = edges[index]
            let isCounted = edge.isCrossedByRayEast(fromLongitude: longitude, latitude: latitude)
            let isCountedBySweep = edge.crossesParallel(latitude) && edge.crossingLongitude(atLatitude: latitude) > longitude
            if isCounted != isCountedBySweep { containingReference.toggle(edgeFeatures[index]) }
            cellCandidates.append(edgeFeatures[index])
        }
        Self.sortAndRemoveRepeats(&cellCandidates)
        let cellEdges = indices.map { index in
            CountryBoundariesGrid.CellEdge(edge: edges[index], slot: Self.slot(of: edgeFeatures[index], in: cellCandidates),
                                           referenceLongitude: longitude, referenceLatitude: latitude)
        }
        var inside = CountryBoundariesSlotSet(count: cellCandidates.count)
        for (slot, feature) in cellCandidates.enumerated() where containingReference.contains(feature) { inside.toggle(slot) }
        return PendingCell(level: 0, row: row, column: column, candidates: candidateList(cellCandidates), insideAtReference: inside,
                           edges: cellEdges)
    }

    private static func sortAndRemoveRepeats(_ features: inout [UInt16]) {
        features.sort()
        var kept = 0
        for index in features.indices where kept == 0 || features[index] != features[kept - 1] {
            features[kept] = features[index]
            kept += 1
        }
        features.removeLast(features.count - kept)
    }

    private static func slot(of feature: UInt16, in candidates: [UInt16]) -> UInt16 {
        UInt16(candidates.firstIndex(of: feature) ?? 0)
    }

    // MARK: Storing and splitting cells

    private mutating func place(_ cell: PendingCell, at index: Int) {
        guard cell.edges.count <= shape.maximumLeafEdges || cell.level + 1 == layouts.count else {
            split(cell, at: index)
            return
        }
        let state = state(for: StateKey(candidates: cell.candidates, insideAtReference: cell.insideAtReference))
        cells[index] = CountryBoundariesGrid.Cell(first: UInt32(cellEdges.count), count: UInt32(cell.edges.count), state: state)
        cellEdges += cell.edges
    }

    // The children keep the parent's candidates (so its slots); each child's reference answer is the
    // parent's carried along the path from the parent's reference point, as a query would.
    private mutating func split(_ parent: PendingCell, at index: Int) {
        let branching = shape.branching, level = parent.level + 1, layout = layouts[level]
        let firstChild = cells.count
        cells += repeatElement(CountryBoundariesGrid.Cell(first: 0, count: 0, state: 0), count: branching * branching)
        cells[index] = CountryBoundariesGrid.Cell(first: UInt32(firstChild), count: 0, state: CountryBoundariesGrid.Cell.split)
        let childEdges = edgesOfChildren(of: parent)
        let childInside = insideAtChildReferences(of: parent)
        for child in 0 ..< branching * branching {
            let row = parent.row * branching + child / branching, column = parent.column * branching + child % branching
            let longitude = layout.referenceLongitude(ofColumn: column), latitude = layout.referenceLatitude(ofRow: row)
            let edges = childEdges[child].map { edge in
                CountryBoundariesGrid.CellEdge(edge: edge.edge, slot: edge.slot, referenceLongitude: longitude, referenceLatitude: latitude)
            }
            place(PendingCell(level: level, row: row, column: column, candidates: parent.candidates, insideAtReference: childInside[child],
                              edges: edges), at: firstChild + child)
        }
    }

    // The query's two legs, shared by the children of a row: the meridian leg to the row's reference
    // parallel once per row, the parallel leg only for the edges crossing that parallel.
    private func insideAtChildReferences(of parent: PendingCell) -> [CountryBoundariesSlotSet] {
        let branching = shape.branching, layout = layouts[parent.level + 1], parentLayout = layouts[parent.level]
        let parentLongitude = parentLayout.referenceLongitude(ofColumn: parent.column)
        var inside: [CountryBoundariesSlotSet] = []
        inside.reserveCapacity(branching * branching)
        for row in parent.row * branching ..< (parent.row + 1) * branching {
            let latitude = layout.referenceLatitude(ofRow: row)
            var insideAtCorner = parent.insideAtReference
            var crossingParallel: [(edge: CountryBoundariesGrid.CellEdge, isCornerLeft: Bool)] = []
            for edge in parent.edges {
                let crossesParallel = edge.edge.crossesParallel(latitude)
                // Most edges cross neither leg's line: no side test for them.
                guard edge.crossesReferenceMeridian || crossesParallel else { continue }
                let isCornerLeft = edge.edge.isLeft(longitude: parentLongitude, latitude: latitude)
                if edge.crossesReferenceMeridian && isCornerLeft != edge.isReferenceLeft { insideAtCorner.toggle(Int(edge.slot)) }
                if crossesParallel { crossingParallel.append((edge, isCornerLeft)) }
            }
            for column in parent.column * branching ..< (parent.column + 1) * branching {
                let longitude = layout.referenceLongitude(ofColumn: column)
                var insideAtChild = insideAtCorner
                for (edge, isCornerLeft) in crossingParallel where isCornerLeft != edge.edge.isLeft(longitude: longitude, latitude: latitude) {
                    insideAtChild.toggle(Int(edge.slot))
                }
                inside.append(insideAtChild)
            }
        }
        return inside
    }

    // The parent's edges touching each child, children row-major.
    private func edgesOfChildren(of parent: PendingCell) -> [[CountryBoundariesGrid.CellEdge]] {
        let branching = shape.branching, layout = layouts[parent.level + 1]
        let rows = parent.row * branching ... parent.row * branching + branching - 1
        let columns = parent.column * branching ... parent.column * branching + branching - 1
        var childEdges = [[CountryBoundariesGrid.CellEdge]](repeating: [], count: branching * branching)
        for edge in parent.edges {
            Self.forEachCell(touching: edge.edge, in: layout, rows: rows, columns: columns) { row, column in
                childEdges[(row - rows.lowerBound) * branching + column - columns.lowerBound].append(edge)
            }
        }
        return childEdges
    }

    private mutating func state(for key: StateKey) -> UInt32 {
        if let index = stateIndex[key] { return index }
        let index = UInt32(states.count)
        states.append(CountryBoundariesGrid.State(firstCandidate: key.candidates.first, candidateCount: key.candidates.count,
                                                  insideAtReference: key.insideAtReference.low,
                                                  firstHighInsideAtReference: UInt32(highInsideAtReference.count)))
        highInsideAtReference += key.insideAtReference.high
        stateIndex[key] = index
        return index
    }

    private mutating func candidateList(_ features: [UInt16]) -> CandidateList {
        if let list = candidateListIndex[features] { return list }
        let list = CandidateList(first: UInt32(candidates.count), count: UInt32(features.count))
        candidates += features
        candidateListIndex[features] = list
        return list
    }

    /// A set of feature indices as bits.
    private struct FeatureSet {
        private var words: [UInt64]

        init(featureCount: Int) {
            words = [UInt64](repeating: 0, count: (featureCount + 63) / 64)
        }

        mutating func toggle(_ feature: UInt16) {
            words[Int(feature) / 64] ^= 1 << UInt64(feature % 64)
        }

        func contains(_ feature: UInt16) -> Bool {
            words[Int(feature) / 64] & (1 << UInt64(feature % 64)) != 0
        }

        /// The features in the set, ascending.
        var members: [UInt16] {
            var members: [UInt16] = []
            for (wordIndex, word) in words.enumerated() {
                var bits = word
                while bits != 0 {
                    members.append(UInt16(wordIndex * 64 + bits.trailingZeroBitCount))
                    bits &= bits - 1
                }
            }
            return members
        }
    }
}
