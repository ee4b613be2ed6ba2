import Geodesy
import RoadNetwork

/// What a road database says about itself: where it came from, when, and summary figures of its graph.
///
/// Stored as key/value rows in the `metadata` table (see docs/formats.md, "The road database"), so a user can
/// read it with the `sqlite3` shell. `computed(...)` derives every figure from the graph itself; the
/// importer's own counts (ways read, ways with `maxspeed` …) travel in `importStatistics`.
public struct RoadNetworkMetadata: Hashable, Sendable {
    /// The database format version (`RoadNetworkStore.formatVersion` when written by this build).
    public var formatVersion: Int
    /// The file name of the imported extract (`monaco.osm.bz2`, or `-` for standard input).
    public var sourceFileName: String
    /// Lower-case hex SHA-256 of the extract's bytes as read (empty when read from standard input).
    public var sourceSHA256: String
    /// Size of the extract in bytes (0 when unknown).
    public var sourceBytes: Int64
    /// When the import ran, ISO 8601 in UTC (`2026-11-21T09:30:00Z`).
    public var importedAt: String
    /// The `waymark` version that wrote the database.
    public var writer: String

    public var nodeCount: Int
    public var edgeCount: Int
    public var shapePointCount: Int
    public var stringCount: Int
    /// Via-node restrictions (`TurnRestriction`s).
    public var restrictionCount: Int
    /// Via-way restrictions (`ViaWayRestriction` edge paths).
    public var viaWayRestrictionCount: Int
    /// The side traffic keeps to, and where that came from (given, inferred from roundabouts, assumed).
    public var drivingSide: DrivingSide
    public var drivingSideSource: DrivingSideSource
    /// Nodes with traffic signals, with stop signs (`stop=minor` included) and with give-way signs.
    public var trafficSignalNodeCount: Int
    public var stopNodeCount: Int
    public var giveWayNodeCount: Int
    public var pointOfInterestCount: Int
    /// Box around every node and shape point (empty for an empty graph).
    public var boundingBox: BoundingBox
    /// Sum of all edge lengths (both directions of a two-way road count).
    public var totalLengthMeters: Meters
    /// Edges whose limit comes from a numeric `maxspeed` tag (`SpeedLimitSource.posted`).
    public var taggedSpeedLimitEdgeCount: Int
    /// Length of those edges.
    public var taggedSpeedLimitLengthMeters: Meters
    /// Edges (count and length) per highway class, in `HighwayClass` order; classes without edges omitted.
    public var highwayBreakdown: [HighwayClassShare]
    /// Counts reported by the importer (`ways.highway` -> 2927 …), in the order the importer gave them.
    public var importStatistics: [ImportFigure]
    /// Wall-clock seconds the import spent contracting the hierarchies (both metrics, in parallel); nil
    /// for a database without them.
    public var hierarchyContractionSeconds: Double?
    /// Why the import left the hierarchies out although asked for them (the graph contracted too
    /// densely); nil when it has them or was imported with `--no-ch`.
    public var hierarchiesLeftOut: String?

    /// One highway class's share of the graph.
    /// Edges and length by where their speed limit comes from, in `SpeedLimitSource` order (sources
    /// with no edge left out).
    public var speedLimitBreakdown: [SpeedLimitShare] = []
    /// Road length by region (country or subdivision; `.none` for roads outside every polygon), and the
    /// part of it in built-up areas, by region code.
    public var regionBreakdown: [RegionShare] = []
    /// Where the regions came from: `boundaries` (the bundled polygons), `option` (`--country`), or `none`.
    public var speedLimitRegionOrigin: String = "none"

    /// One line of `speedLimitBreakdown`.
    public struct SpeedLimitShare: Hashable, Sendable {
        public var source: SpeedLimitSource
        public var edgeCount: Int
        public var lengthMeters: Meters
        public init(source: SpeedLimitSource, edgeCount: Int, lengthMeters: Meters) {
            self.source = source; self.edgeCount = edgeCount; self.lengthMeters = lengthMeters
        }
    }

    /// One line of `regionBreakdown`.
    public struct RegionShare: Hashable, Sendable {
        public var region: RegionCode
        public var lengthMeters: Meters
        public var urbanLengthMeters: Meters
        public init(region: RegionCode, lengthMeters: Meters, urbanLengthMeters: Meters) {
            self.region = region; self.lengthMeters = lengthMeters; self.urbanLengthMeters = urbanLengthMeters
        }
    }

    public struct HighwayClassShare: Hashable, Sendable {
        public var highway: HighwayClass
        public var edgeCount: Int
        public var lengthMeters: Meters
        public init(highway: HighwayClass, edgeCount: Int, lengthMeters: Meters) {
            self.highway = highway
            self.edgeCount = edgeCount
            self.lengthMeters = lengthMeters
        }
    }

    /// A named number from the importer.
    public struct ImportFigure: Hashable, Sendable {
        public var name: String
        public var value: Int
        public init(name: String, value: Int) { self.name = name; self.value = value }
    }

    /// Share of edges whose speed limit is tagged, 0...1 (0 for an empty graph).
    public var taggedSpeedLimitShare: Double {
        edgeCount == 0 ? 0 : Double(taggedSpeedLimitEdgeCount) / Double(edgeCount)
    }

    /// Share of the network's length whose speed limit is tagged, 0...1.
    public var taggedSpeedLimitLengthShare: Double {
        totalLengthMeters > 0 ? taggedSpeedLimitLengthMeters / totalLengthMeters : 0
    }

    public init(
        formatVersion: Int = RoadNetworkStore.formatVersion, sourceFileName: String, sourceSHA256: String,
        sourceBytes: Int64, importedAt: String, writer: String, nodeCount: Int, edgeCount: Int,
        shapePointCount: Int, stringCount: Int, restrictionCount: Int, pointOfInterestCount: Int,
        boundingBox: BoundingBox, totalLengthMeters: Meters, taggedSpeedLimitEdgeCount: Int,
        taggedSpeedLimitLengthMeters: Meters, highwayBreakdown: [HighwayClassShare], importStatistics: [ImportFigure],
        viaWayRestrictionCount: Int = 0, drivingSide: DrivingSide = .right, drivingSideSource: DrivingSideSource = .assumed,
        trafficSignalNodeCount: Int = 0, stopNodeCount: Int = 0, giveWayNodeCount: Int = 0,
        hierarchyContractionSeconds: Double? = nil, hierarchiesLeftOut: String? = nil
    ) {
        self.hierarchyContractionSeconds = hierarchyContractionSeconds
        self.hierarchiesLeftOut = hierarchiesLeftOut
        self.formatVersion = formatVersion
        self.sourceFileName = sourceFileName
        self.sourceSHA256 = sourceSHA256
        self.sourceBytes = sourceBytes
        self.importedAt = importedAt
        self.writer = writer
        self.nodeCount = nodeCount
        self.edgeCount = edgeCount
        self.shapePointCount = shapePointCount
        self.stringCount = stringCount
        self.restrictionCount = restrictionCount
        self.viaWayRestrictionCount = viaWayRestrictionCount
        self.drivingSide = drivingSide
        self.drivingSideSource = drivingSideSource
        self.trafficSignalNodeCount = trafficSignalNodeCount
        self.stopNodeCount = stopNodeCount
        self.giveWayNodeCount = giveWayNodeCount
        self.pointOfInterestCount = pointOfInterestCount
        self.boundingBox = boundingBox
        self.totalLengthMeters = totalLengthMeters
        self.taggedSpeedLimitEdgeCount = taggedSpeedLimitEdgeCount
        self.taggedSpeedLimitLengthMeters = taggedSpeedLimitLengthMeters
        self.highwayBreakdown = highwayBreakdown
        self.importStatistics = importStatistics
    }

    /// Derives every figure from `graph` and `pointsOfInterest`; the caller supplies the provenance.
    /// - Complexity: O(nodes + edges + shape points + points of interest).
    public static func computed(
        graph: RoadGraph, pointsOfInterest: [PointOfInterest], sourceFileName: String, sourceSHA256: String,
        sourceBytes: Int64, importedAt: String = ISO8601.now(), writer: String = "waymark",
        importStatistics: [ImportFigure] = [], drivingSideSource: DrivingSideSource = .assumed
    ) -> RoadNetworkMetadata {
        var classCount = [Int](repeating: 0, count: HighwayClass.allCases.count)
        var classLength = [Double](repeating: 0, count: HighwayClass.allCases.count)
        var total: Double = 0, taggedCount = 0, taggedLength: Double = 0
        var limitShares = SpeedLimitShares()
        for e in 0..<graph.edgeCount {
            let length = Double(graph.lengthMeters[e])
            let c = Int(graph.highway[e].rawValue)
            classCount[c] += 1
            classLength[c] += length
            total += length
            let limit = graph.speedLimit[e]
            if limit.source == .posted {
                taggedCount += 1
                taggedLength += length
            }
            limitShares.add(limit, length: length)
        }
        var controls = [Int](repeating: 0, count: TrafficControl.Kind.allCases.count)
        for control in graph.nodeControls { controls[Int(control.kind.rawValue)] += 1 }
        let breakdown = HighwayClass.allCases.compactMap { h -> HighwayClassShare? in
            let i = Int(h.rawValue)
            return classCount[i] > 0 ? HighwayClassShare(highway: h, edgeCount: classCount[i], lengthMeters: classLength[i]) : nil
        }
        var metadata = RoadNetworkMetadata(
            sourceFileName: sourceFileName, sourceSHA256: sourceSHA256, sourceBytes: sourceBytes,
            importedAt: importedAt, writer: writer, nodeCount: graph.nodeCount, edgeCount: graph.edgeCount,
            shapePointCount: graph.shapePoints.count, stringCount: graph.strings.count,
            restrictionCount: graph.restrictions.count, pointOfInterestCount: pointsOfInterest.count,
            boundingBox: graph.boundingBox, totalLengthMeters: total, taggedSpeedLimitEdgeCount: taggedCount,
            taggedSpeedLimitLengthMeters: taggedLength, highwayBreakdown: breakdown, importStatistics: importStatistics,
            viaWayRestrictionCount: graph.viaWayRestrictions.count, drivingSide: graph.drivingSide,
            drivingSideSource: drivingSideSource,
            trafficSignalNodeCount: controls[Int(TrafficControl.Kind.trafficSignals.rawValue)],
            stopNodeCount: controls[Int(TrafficControl.Kind.stop.rawValue)] + controls[Int(TrafficControl.Kind.stopMinor.rawValue)],
            giveWayNodeCount: controls[Int(TrafficControl.Kind.giveWay.rawValue)])
        metadata.speedLimitBreakdown = limitShares.sources
        metadata.regionBreakdown = limitShares.regions
        return metadata
    }

    /// The speed-limit sources and the regions of a graph's edges, by length, summed in `computed`'s one
    /// pass over the edges.
    struct SpeedLimitShares {
        private var sourceCount = [Int](repeating: 0, count: SpeedLimitSource.allCases.count)
        private var sourceLength = [Double](repeating: 0, count: SpeedLimitSource.allCases.count)
        private var regionLength: [RegionCode: (all: Double, urban: Double)] = [:]

        mutating func add(_ limit: SpeedLimit, length: Double) {
            sourceCount[Int(limit.source.rawValue)] += 1
            sourceLength[Int(limit.source.rawValue)] += length
            regionLength[limit.region, default: (0, 0)].all += length
            if limit.builtUp.isUrban == true { regionLength[limit.region, default: (0, 0)].urban += length }
        }

        var sources: [SpeedLimitShare] {
            SpeedLimitSource.allCases.compactMap { source in
                let i = Int(source.rawValue)
                return sourceCount[i] > 0 ? SpeedLimitShare(source: source, edgeCount: sourceCount[i], lengthMeters: sourceLength[i]) : nil
            }
        }

        var regions: [RegionShare] {
            regionLength.keys.sorted().map {
                RegionShare(region: $0, lengthMeters: regionLength[$0]!.all, urbanLengthMeters: regionLength[$0]!.urban)
            }
        }
    }
}
