import Geodesy
import RoadNetwork

/// The road network as a map draws it: one line per road (a two-way road's two directed edges drawn
/// once), found by bounding box through a uniform grid.
///
/// Built once per database, on the first `/roads/v1` request (`RoutingService.roadLayer`), and shared
/// read-only by every thread; a query allocates only its own result.
public struct RoadLayer: Sendable {
    /// Grid cell side, degrees (about 550 m north-south): a street view touches a few cells, a city
    /// view a few thousand, each holding a handful of roads.
    static let preferredCellSize: Degrees = 0.005
    /// Most cells in the grid; a country-sized database gets larger cells instead of a huge table.
    static let maximumCells = 1 << 20

    public let graph: RoadGraph
    /// The edges drawn, one per road: an edge whose twin (same way, reversed) has a lower index is left out.
    let edges: [EdgeIndex]
    /// The bounding box of each drawn edge's geometry, parallel to `edges`.
    let boxes: [BoundingBox]
    /// The bounding box of every drawn edge.
    public let bounds: BoundingBox
    let grid: Grid

    /// A uniform latitude/longitude grid in CSR layout: the drawn edges (indices into `edges`) touching
    /// cell `c` are `items[first[c] ..< first[c + 1]]`.
    struct Grid: Sendable {
        var minLatitude: Degrees
        var minLongitude: Degrees
        var cellSize: Degrees
        var rows: Int
        var columns: Int
        var first: [UInt32]
        var items: [UInt32]

        /// The cell rows and columns a box touches, clamped to the grid.
        func cells(covering box: BoundingBox) -> (rows: ClosedRange<Int>, columns: ClosedRange<Int>)? {
            guard !box.isEmpty, rows > 0, columns > 0 else { return nil }
            func index(_ value: Degrees, from origin: Degrees, count: Int) -> Int {
                let raw = ((value - origin) / cellSize).rounded(.down)
                return Int(min(max(raw, 0), Double(count - 1)))
            }
            let lastRow = Double(rows) * cellSize + minLatitude, lastColumn = Double(columns) * cellSize + minLongitude
            guard box.maxLatitude >= minLatitude, box.minLatitude <= lastRow,
                  box.maxLongitude >= minLongitude, box.minLongitude <= lastColumn else { return nil }
            return (index(box.minLatitude, from: minLatitude, count: rows)...index(box.maxLatitude, from: minLatitude, count: rows),
                    index(box.minLongitude, from: minLongitude, count: columns)...index(box.maxLongitude, from: minLongitude, count: columns))
        }
    }

    /// Indexes the roads of `graph`.
    /// - Complexity: O(edges × out-degree + shape points + cells).
    public init(graph: RoadGraph) {
        self.graph = graph
        var edges: [EdgeIndex] = []
        var boxes: [BoundingBox] = []
        var bounds = BoundingBox()
        for e in 0..<graph.edgeCount where !Self.hasEarlierTwin(EdgeIndex(e), in: graph) {
            var box = BoundingBox()
            box.include(graph.nodeCoordinates[Int(graph.tail[e])])
            box.include(graph.nodeCoordinates[Int(graph.head[e])])
            for point in graph.shapePoints(of: EdgeIndex(e)) { box.include(point) }
            edges.append(EdgeIndex(e))
            boxes.append(box)
            bounds.include(Coordinate(latitude: box.minLatitude, longitude: box.minLongitude))
            bounds.include(Coordinate(latitude: box.maxLatitude, longitude: box.maxLongitude))
        }
        self.edges = edges
        self.boxes = boxes
        self.bounds = bounds
        self.grid = Self.makeGrid(boxes: boxes, bounds: bounds)
    }

    /// Whether the same road driven the other way is an edge with a lower index (which is drawn instead).
    /// - Complexity: O(out-degree of the head + shape points).
    static func hasEarlierTwin(_ edge: EdgeIndex, in graph: RoadGraph) -> Bool {
        let from = graph.tail[Int(edge)]
        let shape = graph.shapePoints(of: edge)
        for candidate in graph.outgoingEdges(of: graph.head[Int(edge)]) where candidate < edge {
            let c = Int(candidate)
            guard graph.head[c] == from, graph.wayID[c] == graph.wayID[Int(edge)] else { continue }
            let other = graph.shapePoints(of: candidate)
            if other.count == shape.count && zip(other, shape.reversed()).allSatisfy({ $0 == $1 }) { return true }
        }
        return false
    }

    /// Counting sort of the edges into the cells their boxes touch.
    /// - Complexity: O(edges × cells per edge + cells).
    static func makeGrid(boxes: [BoundingBox], bounds: BoundingBox) -> Grid {
        guard !bounds.isEmpty else {
            return Grid(minLatitude: 0, minLongitude: 0, cellSize: preferredCellSize, rows: 0, columns: 0, first: [0], items: [])
        }
        let height = bounds.maxLatitude - bounds.minLatitude, width = bounds.maxLongitude - bounds.minLongitude
        var cellSize = preferredCellSize
        while (height / cellSize + 1) * (width / cellSize + 1) > Double(maximumCells) { cellSize *= 2 }
        var grid = Grid(minLatitude: bounds.minLatitude, minLongitude: bounds.minLongitude, cellSize: cellSize,
                        rows: Int(height / cellSize) + 1, columns: Int(width / cellSize) + 1, first: [], items: [])
        var counts = [UInt32](repeating: 0, count: grid.rows * grid.columns + 1)
        for box in boxes {
            guard let cells = grid.cells(covering: box) else { continue }
            for row in cells.rows { for column in cells.columns { counts[row * grid.columns + column + 1] += 1 } }
        }
        for c in 0..<(counts.count - 1) { counts[c + 1] += counts[c] }
        var fill = counts
        var items = [UInt32](repeating: 0, count: Int(counts[counts.count - 1]))
        for (i, box) in boxes.enumerated() {
            guard let cells = grid.cells(covering: box) else { continue }
            for row in cells.rows {
                for column in cells.columns {
                    let cell = row * grid.columns + column
                    items[Int(fill[cell])] = UInt32(i)
                    fill[cell] += 1
                }
            }
        }
        grid.first = counts
        grid.items = items
        return grid
    }

    /// The drawn edges whose bounding box meets `box` and whose class passes `include`, each once, in
    /// index order.
    /// - Complexity: O(cells in the box + edges listed in them).
    public func edges(in box: BoundingBox, where include: (HighwayClass) -> Bool) -> [EdgeIndex] {
        guard let cells = grid.cells(covering: box) else { return [] }
        var seen = [Bool](repeating: false, count: edges.count)
        var found: [UInt32] = []
        for row in cells.rows {
            for column in cells.columns {
                let cell = row * grid.columns + column
                for item in grid.items[Int(grid.first[cell]) ..< Int(grid.first[cell + 1])] where !seen[Int(item)] {
                    seen[Int(item)] = true
                    let b = boxes[Int(item)]
                    guard b.maxLatitude >= box.minLatitude, b.minLatitude <= box.maxLatitude,
                          b.maxLongitude >= box.minLongitude, b.minLongitude <= box.maxLongitude,
                          include(graph.highway[Int(edges[Int(item)])]) else { continue }
                    found.append(item)
                }
            }
        }
        found.sort()
        return found.map { edges[Int($0)] }
    }
}
