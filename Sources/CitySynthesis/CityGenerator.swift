import Foundation
import Geodesy
import OutputFiles

/// Options of a synthetic city.
public struct CityOptions: Sendable {
    /// About how many OSM nodes to write (the result is within a few percent).
    public var nodes: Int
    public var seed: UInt64
    /// The city's centre (default: Zagreb, a plausible mid-latitude city).
    public var center: Coordinate

    public init(nodes: Int, seed: UInt64 = 42, center: Coordinate = Coordinate(latitude: 45.8150, longitude: 15.9819)) {
        self.nodes = nodes
        self.seed = seed
        self.center = center
    }
}

/// What the generator wrote.
public struct CityStatistics: Sendable, Equatable {
    public var nodes = 0
    public var ways = 0
    public var relations = 0
    /// Uncompressed XML bytes, or PBF bytes.
    public var bytes: Int64 = 0
    /// Junctions per grid side.
    public var gridSide = 0

    /// One line on what was written: counts, grid, size and format, the file and the time it took
    /// (`5000 nodes, 1200 ways, 40 restrictions (30x30 grid), 0.6 MB of XML to city.osm in 0.1 s`).
    public func summary(path: String, seconds: Double) -> String {
        "\(nodes) nodes, \(ways) ways, \(relations) restrictions (\(gridSide)x\(gridSide) grid), "
            + "\(String(format: "%.1f", Double(bytes) / 1_000_000)) MB of \(CityGenerator.format(ofPath: path) == .pbf ? "PBF" : "XML") "
            + "to \(path) in \(String(format: "%.1f", seconds)) s"
    }
}

/// The encoding of a generated city.
public enum CityFileFormat: String, Sendable {
    case xml, pbf
}

/// Why a city cannot be generated.
public enum CityGenerationError: Error, CustomStringConvertible {
    case invalidNodeCount(Int)
    case output(OutputError)
    /// The city around this centre would reach past a pole or the 180th meridian.
    case centerTooCloseToEdge(Coordinate, halfWidth: Meters, halfHeight: Meters)

    public var description: String {
        switch self {
        case .invalidNodeCount(let n): "node count \(n) \(reason)"
        case .centerTooCloseToEdge(let center, _, _): "centre \(center): \(reason)"
        case .output(let error): error.description
        }
    }

    /// The message in a front end's own terms, naming the input that carried the node count or the
    /// centre (`--nodes 5 is out of range: …`); an output error reads as `description`.
    public func description(namingNodes nodes: String, center: String) -> String {
        switch self {
        case .invalidNodeCount(let n): "\(nodes) \(n) \(reason)"
        case .centerTooCloseToEdge(let centre, _, _): "\(center) \(centre): \(reason)"
        case .output: description
        }
    }

    /// What is wrong with the value (and what was expected), without naming it.
    public var reason: String {
        switch self {
        case .invalidNodeCount:
            "is out of range: expected 100 ... 100000000"
        case .centerTooCloseToEdge(_, let halfWidth, let halfHeight):
            "the city reaches \(Int(halfWidth.rounded(.up))) m east and west and \(Int(halfHeight.rounded(.up))) m north and south of its centre, "
                + "past a pole or the 180th meridian; expected a centre farther from them (latitude within -90 ... 90 and longitude within -180 ... 180 for the whole city)"
        case .output(let error):
            error.reason
        }
    }
}

/// Writes a synthetic but realistic OSM XML city (see `CityLayout` for its plan) in one streaming
/// pass per element type, in constant memory: ids and positions are recomputed from the layout, never
/// stored, so 5 M nodes cost no more memory than 5 k.
///
/// The file has what real extracts have: grid streets with curved shape points, diagonal avenues,
/// one-way streets (`yes` and `-1`), primary/secondary/tertiary/residential/service roads, a dual
/// carriageway ring motorway with `motorway_link` ramps, `maxspeed` as numbers, mph, zones and `none`
/// (and missing), names and refs, traffic signals, and `no_left_turn`/`no_right_turn`/`only_straight_on`
/// restrictions at artery crossings.
public enum CityGenerator {
    /// Generates the city into `path`: OSM PBF when the name ends in `.pbf`, else OSM XML (`.osm`,
    /// `.osm.gz`, `.osm.bz2`, or `-` for standard output). Both hold the same elements.
    /// - Complexity: O(nodes) time, O(1) memory (plus O(√nodes) for the interchange list).
    public static func write(_ options: CityOptions, to path: String) throws(CityGenerationError) -> CityStatistics {
        let layout = try checkedLayout(options)
        do throws(OutputError) {
            let file = try OutputFile(path: path)
            do throws(OutputError) {
                let statistics: CityStatistics
                if path != "-" && path.hasSuffix(".pbf") {
                    var writer = CityWriter(layout: layout, sink: CityPBFSink(output: file))
                    try writer.writeAll()
                    statistics = writer.statistics
                } else {
                    var writer = CityWriter(layout: layout, sink: CityXMLSink(buffer: XMLBuffer(output: file)))
                    try writer.writeAll()
                    statistics = writer.statistics
                }
                try file.close()
                return statistics
            } catch {
                file.discard()
                throw error
            }
        } catch {
            throw .output(error)
        }
    }

    /// The format `write(_:to:)` writes for a path.
    public static func format(ofPath path: String) -> CityFileFormat {
        path != "-" && path.hasSuffix(".pbf") ? .pbf : .xml
    }
}

extension CityGenerator {
    /// Checks the options without writing anything: the node count, and that the whole city lies at
    /// valid coordinates (a centre near a pole or the 180th meridian would put nodes past them).
    public static func check(_ options: CityOptions) throws(CityGenerationError) {
        _ = try checkedLayout(options)
    }

    static func checkedLayout(_ options: CityOptions) throws(CityGenerationError) -> CityLayout {
        guard (100...100_000_000).contains(options.nodes) else { throw .invalidNodeCount(options.nodes) }
        let layout = CityLayout(size: CityLayout.side(forNodes: options.nodes), seed: options.seed, center: options.center)
        guard options.center.isValid, layout.corners != nil else {
            throw .centerTooCloseToEdge(options.center, halfWidth: layout.halfExtent.x, halfHeight: layout.halfExtent.y)
        }
        return layout
    }
}

/// The streaming passes of `CityGenerator`, writing to either file format through its sink.
struct CityWriter<Sink: CityElementSink> {
    let layout: CityLayout
    var sink: Sink
    var statistics = CityStatistics()
    private var nextWayID: Int64 = 1

    init(layout: CityLayout, sink: Sink) {
        self.layout = layout
        self.sink = sink
        statistics.gridSide = layout.size
    }

    mutating func writeAll() throws(OutputError) {
        let r = layout.ringRadius + layout.ringCarriagewayGap
        let halfW = max(Double(layout.size - 1) / 2 * layout.blockWidth + 10, r)
        let halfH = max(Double(layout.size - 1) / 2 * layout.blockHeight + 10, r)
        try sink.start(southWest: layout.coordinate((-halfW, -halfH)), northEast: layout.coordinate((halfW, halfH)))
        try writeNodes()
        try writeWays()
        try writeRelations()
        statistics.bytes = try sink.finish()
    }

    // MARK: Nodes

    private mutating func node(_ id: Int64, _ p: (x: Meters, y: Meters), signals: Bool = false) throws(OutputError) {
        try sink.node(id, layout.coordinate(p), tags: signals ? [("highway", "traffic_signals")] : [])
        statistics.nodes += 1
    }

    private mutating func writeNodes() throws(OutputError) {
        let n = layout.size
        for row in 0..<n {
            for column in 0..<n {
                let signals = row % 8 == 0 && column % 8 == 0
                try node(layout.junctionID(row, column), layout.junctionPosition(row, column), signals: signals)
            }
        }
        for row in 0..<n {
            for column in 0..<(n - 1) {
                let count = layout.horizontalShapeCount(row, column)
                for s in 0..<count {
                    try node(layout.horizontalShapeID(row, column, s), layout.horizontalShape(row, column, s, of: count))
                }
            }
        }
        for row in 0..<(n - 1) {
            for column in 0..<n {
                let count = layout.verticalShapeCount(row, column)
                for s in 0..<count {
                    try node(layout.verticalShapeID(row, column, s), layout.verticalShape(row, column, s, of: count))
                }
            }
        }
        for row in 0..<(n - 1) {
            for column in 0..<(n - 1) where layout.hasDiagonal(row, column) {
                try node(layout.diagonalMidID(row, column), layout.diagonalMid(row, column))
            }
        }
        for row in 0..<(n - 1) {
            for column in 0..<(n - 1) where layout.hasService(row, column) {
                try node(layout.serviceID(row, column, 0), layout.servicePoint(row, column, 0))
                try node(layout.serviceID(row, column, 1), layout.servicePoint(row, column, 1))
            }
        }
        for k in 0..<layout.ringNodes { try node(layout.innerRingID(k), layout.ringPosition(k, outer: false)) }
        for k in 0..<layout.ringNodes { try node(layout.outerRingID(k), layout.ringPosition(k, outer: true)) }
        for index in layout.interchanges.indices {
            for ramp in 0..<4 {
                for s in 0..<2 { try node(layout.rampShapeID(index, ramp, s), layout.rampShape(index, ramp, s)) }
            }
        }
    }

    // MARK: Ways

    private mutating func beginWay() throws(OutputError) -> Int64 {
        let id = nextWayID
        nextWayID += 1
        try sink.beginWay(id)
        statistics.ways += 1
        return id
    }

    private mutating func nd(_ id: Int64) { sink.nd(id) }

    private mutating func tag(_ key: StaticString, _ value: String) { sink.tag(key, value) }

    private mutating func endWay() throws(OutputError) { try sink.endWay() }

    /// Runs per grid line: segments `run * runLength ... min(+runLength, size - 1)`.
    var runsPerLine: Int { (layout.size - 2) / layout.runLength + 1 }

    /// The way id of run `run` of row `row` (rows are written first, in order).
    func rowWayID(_ row: Int, _ run: Int) -> Int64 { Int64(row * runsPerLine + run) + 1 }
    /// The way id of run `run` of column `column` (written right after the rows).
    func columnWayID(_ column: Int, _ run: Int) -> Int64 { Int64((layout.size + column) * runsPerLine + run) + 1 }

    private mutating func writeWays() throws(OutputError) {
        let n = layout.size
        for row in 0..<n {
            for run in 0..<runsPerLine {
                let start = run * layout.runLength, end = min(start + layout.runLength, n - 1)
                let id = try beginWay()
                assert(id == rowWayID(row, run))
                for column in start..<end {
                    nd(layout.junctionID(row, column))
                    let count = layout.horizontalShapeCount(row, column)
                    for s in 0..<count { nd(layout.horizontalShapeID(row, column, s)) }
                }
                nd(layout.junctionID(row, end))
                lineTags(row, run: run, street: "Street")
                try endWay()
            }
        }
        for column in 0..<n {
            for run in 0..<runsPerLine {
                let start = run * layout.runLength, end = min(start + layout.runLength, n - 1)
                let id = try beginWay()
                assert(id == columnWayID(column, run))
                for row in start..<end {
                    nd(layout.junctionID(row, column))
                    let count = layout.verticalShapeCount(row, column)
                    for s in 0..<count { nd(layout.verticalShapeID(row, column, s)) }
                }
                nd(layout.junctionID(end, column))
                lineTags(column, run: run, street: "Avenue")
                try endWay()
            }
        }
        try writeDiagonals()
        try writeServices()
        try writeRing()
        try writeRamps()
    }

    /// A name for grid line `line` (unique per line; a few residential segments are unnamed).
    private func lineName(_ line: Int, street: String) -> String {
        let word = cityStreetWords[line % cityStreetWords.count]
        let round = line / cityStreetWords.count
        return round == 0 ? "\(word) \(street)" : "\(word) \(street) \(round + 1)"
    }

    private mutating func lineTags(_ line: Int, run: Int, street: String) {
        let lineClass = layout.lineClass(line)
        let pick = layout.hash(10, line, run)
        switch lineClass {
        case .primary:
            tag("highway", "primary")
            tag("ref", street == "Street" ? "D \(line / 16 + 1)" : "Ž \(line / 16 + 1)")
            tag("maxspeed", pick % 3 == 0 ? "60" : "50")
            tag("lanes", "4")
        case .secondary:
            tag("highway", "secondary")
            tag("maxspeed", ["50", "40", "50", "30 mph"][Int(pick % 4)])
        case .tertiary:
            tag("highway", "tertiary")
            if let speed = ["50", "HR:urban", nil, "40"][Int(pick % 4)] { tag("maxspeed", speed) }
        case .residential:
            tag("highway", pick % 29 == 0 ? "living_street" : "residential")
            if let speed = ["30", "DE:zone30", nil, nil, "20 mph", "RO:urban", "30", nil][Int(pick % 8)] { tag("maxspeed", speed) }
            if layout.isOneway(line) { tag("oneway", (line / 4) % 2 == 0 ? "yes" : "-1") }
        }
        if lineClass != .residential || pick % 23 != 0 { tag("name", lineName(line, street: street)) }
    }

    private mutating func writeDiagonals() throws(OutputError) {
        let n = layout.size
        // Diagonal line `offset = column - row`; its segments are the blocks (row, row + offset).
        for offset in stride(from: -(n - 2) / layout.diagonalSpacing * layout.diagonalSpacing, through: n - 2, by: layout.diagonalSpacing) {
            let firstRow = max(0, -offset), lastRow = min(n - 2, n - 2 - offset)
            guard firstRow <= lastRow else { continue }
            var start = firstRow
            while start <= lastRow {
                let end = min(start + layout.runLength - 1, lastRow)
                _ = try beginWay()
                for row in start...end {
                    nd(layout.junctionID(row, row + offset))
                    nd(layout.diagonalMidID(row, row + offset))
                }
                nd(layout.junctionID(end + 1, end + 1 + offset))
                tag("highway", "tertiary")
                tag("name", "Diagonal \(offset / layout.diagonalSpacing + n)")
                tag("maxspeed", "40")
                try endWay()
                start = end + 1
            }
        }
    }

    private mutating func writeServices() throws(OutputError) {
        let n = layout.size
        for row in 0..<(n - 1) {
            for column in 0..<(n - 1) where layout.hasService(row, column) {
                _ = try beginWay()
                nd(layout.junctionID(row, column))
                nd(layout.serviceID(row, column, 0))
                nd(layout.serviceID(row, column, 1))
                tag("highway", "service")
                tag("service", layout.hash(11, row, column) % 3 == 0 ? "parking_aisle" : "driveway")
                try endWay()
            }
        }
    }

    private mutating func writeRing() throws(OutputError) {
        let n = layout.ringNodes, chunk = 100
        var start = 0
        while start < n {
            let end = min(start + chunk, n)
            // Inner carriageway: counter-clockwise, increasing index.
            _ = try beginWay()
            for k in start...end { nd(layout.innerRingID(k)) }
            ringTags(start / chunk)
            try endWay()
            // Outer carriageway: clockwise, decreasing index.
            _ = try beginWay()
            for k in stride(from: end, through: start, by: -1) { nd(layout.outerRingID(k)) }
            ringTags(start / chunk)
            try endWay()
            start = end
        }
    }

    private mutating func ringTags(_ chunk: Int) {
        tag("highway", "motorway")
        tag("oneway", "yes")
        tag("ref", "A 1")
        tag("name", "Ring Motorway")
        tag("layer", "1")
        tag("lanes", "2")
        // Real motorways mix forms: a number, none (unlimited), mph on some stretches, or no tag.
        if let speed = ["100", "none", "80", nil, "60 mph"][chunk % 5] { tag("maxspeed", speed) }
    }

    private mutating func writeRamps() throws(OutputError) {
        for (index, change) in layout.interchanges.enumerated() {
            let junction = layout.junctionID(change.row, change.column)
            for ramp in 0..<4 {
                let ringNode = ramp < 2 ? layout.innerRingID(layout.rampRingIndex(change, ramp: ramp))
                                        : layout.outerRingID(layout.rampRingIndex(change, ramp: ramp))
                let onRamp = ramp % 2 == 0
                _ = try beginWay()
                nd(onRamp ? junction : ringNode)
                if onRamp {
                    nd(layout.rampShapeID(index, ramp, 0)); nd(layout.rampShapeID(index, ramp, 1))
                } else {
                    nd(layout.rampShapeID(index, ramp, 1)); nd(layout.rampShapeID(index, ramp, 0))
                }
                nd(onRamp ? ringNode : junction)
                tag("highway", "motorway_link")
                tag("oneway", "yes")
                if ramp == 0 { tag("maxspeed", "60") }
                try endWay()
            }
        }
    }

    // MARK: Relations

    private mutating func writeRelations() throws(OutputError) {
        let n = layout.size
        var id: Int64 = 1
        // At crossings of two arteries (both split there): from the eastbound row run arriving at the
        // junction, a left turn goes north (up the column run ending here), a right turn south (the
        // column run starting here), straight on east (the next row run).
        for row in stride(from: layout.runLength, to: n - 1, by: layout.runLength) {
            for column in stride(from: layout.runLength, to: n - 1, by: layout.runLength) {
                let pick = layout.hash(12, row, column) % 6
                guard pick < 3 else { continue }
                let from = rowWayID(row, column / layout.runLength - 1)
                let (kind, to): (StaticString, Int64) = switch pick {
                case 0: ("no_left_turn", columnWayID(column, row / layout.runLength - 1))
                case 1: ("no_right_turn", columnWayID(column, row / layout.runLength))
                default: ("only_straight_on", rowWayID(row, column / layout.runLength))
                }
                try sink.relation(id, members: [CityRelationMember(kind: .way, ref: from, role: "from"),
                                                CityRelationMember(kind: .node, ref: layout.junctionID(row, column), role: "via"),
                                                CityRelationMember(kind: .way, ref: to, role: "to")],
                                  tags: [("type", "restriction"), ("restriction", kind)])
                id += 1
                statistics.relations += 1
            }
        }
    }
}

/// Words the generated street names are made of.
private let cityStreetWords = [
    "Maple", "Oak", "Linden", "Chestnut", "Harbour", "Mill", "Market", "Church", "Station", "River",
    "Meadow", "Orchard", "Garden", "Castle", "Bridge", "Hill", "Forest", "Lake", "Spring", "Vine",
    "Cedar", "Willow", "Birch", "Elm", "Ash", "Poplar", "Rose", "Tulip", "Iris", "Lily",
    "Baker", "Smith", "Tanner", "Weaver", "Potter", "Miller", "Cooper", "Fisher", "Carter", "Mason",
]
