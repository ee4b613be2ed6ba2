import OutputFiles
import Foundation
import Geodesy
import OutputEncoding
import RoadNetwork
import RoadNetworkStore
import Routing
import RouteFormats

/// What a road database holds and where it came from (`waymark info`), from its metadata alone, so it
/// is instant on any size; `verify` also loads everything and checks it.
public struct DatabaseReport: Sendable {
    public let path: String
    public let metadata: RoadNetworkMetadata
    /// Size of the file (0 when it cannot be read).
    public let fileBytes: Int
    /// Seconds the whole database took to load, once `verify` passed.
    public private(set) var verifiedLoadSeconds: Double?

    /// Bytes of each stored contraction hierarchy, by metric name (empty without them).
    public let hierarchyBytes: [String: Int]

    /// Reads the metadata (checked against its CRC-32; no arrays are loaded).
    public init(path: String) throws(RoadNetworkStoreError) {
        self.path = path
        let database = try RoadNetworkDatabase(path: path)
        metadata = try database.metadata()
        hierarchyBytes = try database.hierarchyBytes()
        fileBytes = OSPath.size(of: path) ?? 0
    }

    /// `contraction hierarchies for time and distance, 8.1 MB (41 bytes per edge), contracted in 3.20 s`,
    /// the potential hierarchies that stand in for them, or why there are none.
    func hierarchiesText() -> String {
        guard !hierarchyBytes.isEmpty else {
            if let reason = metadata.hierarchiesLeftOut { return "no contraction hierarchies (left out at import: \(reason); routes use A*)" }
            return "no contraction hierarchies (imported with --no-ch; routes use A*)"
        }
        let total = hierarchyBytes.values.reduce(0, +)
        var text = (hasPotentials ? "potential hierarchies for A* for " : "contraction hierarchies for ")
            + metricNames.joined(separator: " and ") + ", " + Self.megabytes(Int64(total))
        if metadata.edgeCount > 0 { text += " (\(total / metadata.edgeCount) bytes per edge)" }
        if let seconds = metadata.hierarchyContractionSeconds { text += String(format: ", contracted in %.2f s", seconds) }
        if let reason = metadata.hierarchiesLeftOut {
            text += hasPotentials ? " (contraction hierarchies over turn states left out: \(reason))" : " (\(reason))"
        }
        return text
    }

    /// Whether the stored hierarchies are potential hierarchies (`HierarchySource.storedPotentials`).
    var hasPotentials: Bool { hierarchyBytes.keys.contains { HierarchySource.storedKind(of: $0)?.isPotential == true } }

    /// The metrics the stored hierarchies are for, time first.
    var metricNames: [String] {
        let metrics = Set(hierarchyBytes.keys.compactMap { HierarchySource.storedKind(of: $0)?.metric })
        return RoutingMetric.allCases.filter(metrics.contains).map(\.rawValue)
    }

    /// Loads the graph, points of interest and contraction hierarchies (the load itself checks every
    /// `RoadGraph` invariant and every array's checksum), compares their counts with the metadata and
    /// checks the hierarchies against the graph.
    /// - Throws: the load's error, or `.corrupt` when the counts disagree.
    /// - Complexity: O(size of the database).
    public mutating func verify() throws(RoadNetworkStoreError) {
        let clock = ContinuousClock()
        let started = clock.now
        let stored = try RoadNetworkStore.load(path: path)
        let elapsed = (clock.now - started).components
        let g = stored.graph, m = metadata
        let found = [g.nodeCount, g.edgeCount, g.shapePoints.count, g.restrictions.count, stored.pointsOfInterest.count]
        let recorded = [m.nodeCount, m.edgeCount, m.shapePointCount, m.restrictionCount, m.pointOfInterestCount]
        guard found == recorded else {
            throw .corrupt(path: path, detail: "the metadata counts \(recorded) (nodes, edges, shape points, restrictions, POIs) but the data holds \(found)")
        }
        // The hierarchies' checksums were checked by the load; whether they fit the graph, here.
        let network = LoadedRoadNetwork(graph: g, pointsOfInterest: stored.pointsOfInterest, source: .database(path: path),
                                        hierarchies: stored.hierarchies)
        do throws(RoadNetworkLoadError) {
            _ = try network.makeRouter()
        } catch {
            if case .hierarchy(_, let problem) = error { throw .corrupt(path: path, detail: problem.description) }
            throw .corrupt(path: path, detail: error.description)
        }
        verifiedLoadSeconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18
    }

    // MARK: Text

    /// The report as aligned `Name  value` lines, then the highway classes and import statistics.
    public func text() -> String {
        let m = metadata
        var lines: [(String, String)] = []
        lines.append(("Database", "\(path) (format version \(m.formatVersion), \(Self.megabytes(Int64(fileBytes))))"))
        let sourceName = m.sourceFileName == "-" ? "standard input" : m.sourceFileName
        lines.append(("Source", m.sourceBytes > 0 ? "\(sourceName) (\(Int(m.sourceBytes).withThousandsSeparators) bytes)" : sourceName))
        lines.append(("SHA-256", m.sourceSHA256.isEmpty ? "not recorded (read from standard input)" : m.sourceSHA256))
        lines.append(("Imported", "\(m.importedAt) by \(m.writer)"))
        lines.append(("Nodes", "\(m.nodeCount.withThousandsSeparators) routing nodes"))
        lines.append(("Edges", "\(m.edgeCount.withThousandsSeparators) directed edges, \(Self.kilometers(m.totalLengthMeters))"))
        lines.append(("Shape points", m.shapePointCount.withThousandsSeparators))
        lines.append(("Names and refs", "\(max(0, m.stringCount - 1).withThousandsSeparators) distinct"))
        lines.append(("Turn restrictions", restrictionsText()))
        lines.append(("Driving side", drivingSideText()))
        lines.append(("Traffic controls", "\(m.trafficSignalNodeCount.withThousandsSeparators) traffic signals, "
            + "\(m.stopNodeCount.withThousandsSeparators) stop signs, \(m.giveWayNodeCount.withThousandsSeparators) give-way signs (nodes)"))
        lines.append(("Points of interest", m.pointOfInterestCount.withThousandsSeparators))
        lines.append(("Hierarchies", hierarchiesText()))
        lines.append(("Bounding box", m.boundingBox.isEmpty ? "empty" :
            "\(Coordinate(latitude: m.boundingBox.minLatitude, longitude: m.boundingBox.minLongitude)) .. "
            + "\(Coordinate(latitude: m.boundingBox.maxLatitude, longitude: m.boundingBox.maxLongitude)) (lat,lon)"))
        lines.append(("Tagged speed limits", "\(Self.percent(m.taggedSpeedLimitShare)) of edges "
            + "(\(m.taggedSpeedLimitEdgeCount.withThousandsSeparators) of \(m.edgeCount.withThousandsSeparators)), "
            + "\(Self.percent(m.taggedSpeedLimitLengthShare)) of length"))
        lines.append(("Speed limits", speedLimitSourcesText()))
        lines.append(("Regions", regionsText()))
        let width = lines.map(\.0.count).max() ?? 0
        var out = lines.map { $0.0.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.1 }.joined(separator: "\n") + "\n"
        out += highwayClassesText() + importStatisticsText()
        if let verifiedLoadSeconds {
            out += "Verified: the whole database loads in \(String(format: "%.3f", verifiedLoadSeconds)) s and passes every graph invariant check\n"
        }
        return out
    }

    private func highwayClassesText() -> String {
        let m = metadata
        guard !m.highwayBreakdown.isEmpty else { return "" }
        var out = "Highway classes (edges, length, share of length):\n"
        let nameWidth = m.highwayBreakdown.map(\.highway.osmValue.count).max() ?? 0
        let countWidth = m.highwayBreakdown.map(\.edgeCount.withThousandsSeparators.count).max() ?? 0
        for share in m.highwayBreakdown {
            let count = share.edgeCount.withThousandsSeparators
            let lengthShare = m.totalLengthMeters > 0 ? share.lengthMeters / m.totalLengthMeters : 0
            out += "  " + share.highway.osmValue.padding(toLength: nameWidth + 2, withPad: " ", startingAt: 0)
                + String(repeating: " ", count: countWidth - count.count) + count
                + "  " + Self.kilometers(share.lengthMeters) + "  " + Self.percent(lengthShare) + "\n"
        }
        return out
    }

    private func importStatisticsText() -> String {
        guard !metadata.importStatistics.isEmpty else { return "" }
        var out = "Import statistics:\n"
        let nameWidth = metadata.importStatistics.map(\.name.count).max() ?? 0
        for figure in metadata.importStatistics {
            out += "  " + figure.name.padding(toLength: nameWidth + 2, withPad: " ", startingAt: 0) + figure.value.withThousandsSeparators + "\n"
        }
        return out
    }

    /// `posted 6.0 %, zone 0.4 %, legal_default 80.2 %, neighbours 13.4 % of length (estimated: 93.6 %)`.
    func speedLimitSourcesText() -> String {
        let m = metadata
        guard m.totalLengthMeters > 0, !m.speedLimitBreakdown.isEmpty else { return "none" }
        let parts = m.speedLimitBreakdown.map { "\($0.source) \(Self.percent($0.lengthMeters / m.totalLengthMeters))" }
        let estimated = m.speedLimitBreakdown.filter(\.source.isEstimated).map(\.lengthMeters).reduce(0, +)
        return parts.joined(separator: ", ") + " of length (estimated: \(Self.percent(estimated / m.totalLengthMeters)))"
    }

    /// `PT 812.4 km (61.2 % urban), ES 3.1 km (0.0 % urban); from the bundled boundaries`.
    func regionsText() -> String {
        let m = metadata
        guard !m.regionBreakdown.isEmpty else { return "none" }
        let parts = m.regionBreakdown.sorted { $0.lengthMeters > $1.lengthMeters }.map { share in
            let name = share.region == .none ? "outside every country" : share.region.description
            let urban = share.lengthMeters > 0 ? share.urbanLengthMeters / share.lengthMeters : 0
            return "\(name) \(Self.kilometers(share.lengthMeters)) (\(Self.percent(urban)) urban)"
        }
        let origin: String
        switch m.speedLimitRegionOrigin {
        case "boundaries": origin = "from the bundled country boundaries"
        case "option": origin = "given with --country"
        default: origin = "not worked out"
        }
        return parts.joined(separator: ", ") + "; " + origin
    }

    /// An import figure by name (0 when the database predates it).
    private func figure(_ name: String) -> Int { metadata.importStatistics.first(where: { $0.name == name })?.value ?? 0 }

    /// `12 via a node, 3 via ways (2 of 3 relations with via ways kept; 1 dropped: 1 ways not connected in order)`.
    func restrictionsText() -> String {
        let m = metadata
        var text = "\(m.restrictionCount.withThousandsSeparators) via a node, \(m.viaWayRestrictionCount.withThousandsSeparators) via ways"
        let read = figure("restrictions_with_via_way")
        guard read > 0 else { return text }
        let reasons = [("malformed", figure("via_way_restrictions_malformed")),
                       ("member ways missing or not drivable", figure("via_way_restrictions_missing_ways")),
                       ("ways not connected in order", figure("via_way_restrictions_unconnected"))].filter { $0.1 > 0 }
        let kept = figure("via_way_restrictions_kept")
        text += " (\(kept.withThousandsSeparators) of \(read.withThousandsSeparators) relations with via ways kept"
        let dropped = read - kept
        if dropped > 0 {
            text += "; \(dropped.withThousandsSeparators) dropped"
            if !reasons.isEmpty { text += ": " + reasons.map { "\($0.1.withThousandsSeparators) \($0.0)" }.joined(separator: ", ") }
        }
        return text + ")"
    }

    /// `left (inferred from 12 roundabouts: 11 clockwise, 1 counterclockwise)`.
    func drivingSideText() -> String {
        let m = metadata
        let clockwise = figure("roundabouts_clockwise"), counter = figure("roundabouts_counterclockwise")
        switch m.drivingSideSource {
        case .option: return "\(m.drivingSide.rawValue) (given with --driving-side)"
        case .roundabouts:
            return "\(m.drivingSide.rawValue) (inferred from \(clockwise + counter) roundabouts: \(clockwise) clockwise, \(counter) counterclockwise)"
        case .assumed:
            let why = clockwise + counter == 0 ? "no roundabouts to infer it from" : "roundabouts tied \(clockwise) to \(counter)"
            return "\(m.drivingSide.rawValue) (default: \(why); give --driving-side at import)"
        }
    }

    static func kilometers(_ meters: Meters) -> String { String(format: "%.1f km", meters / 1000) }
    static func percent(_ share: Double) -> String { String(format: "%.1f %%", share * 100) }
    /// `12.3 MB` (decimal megabytes).
    public static func megabytes(_ bytes: Int64) -> String { String(format: "%.1f MB", Double(bytes) / 1e6) }

    // MARK: JSON

    /// The report as one JSON object (snake_case keys; figures at full precision).
    public func json() -> String {
        var w = JSONWriter(capacity: 4096)
        w.beginObject()
        writeSummary(into: &w)
        writeBoundingBox(into: &w)
        writeBreakdowns(into: &w)
        w.field("region_origin", metadata.speedLimitRegionOrigin)
        w.key("import_statistics")
        w.beginObject()
        for figure in metadata.importStatistics { w.key(figure.name); w.integer(figure.value) }
        w.endObject()
        writeHierarchies(into: &w)
        if let verifiedLoadSeconds { w.key("verified_load_seconds"); w.number(roundTrip: verifiedLoadSeconds) }
        w.endObject()
        return w.text
    }

    /// The file, its source and the graph's counts and shares.
    private func writeSummary(into w: inout JSONWriter) {
        let m = metadata
        w.field("database", path)
        w.field("database_bytes", fileBytes)
        w.field("format_version", m.formatVersion)
        w.field("source_file", m.sourceFileName)
        w.field("source_sha256", m.sourceSHA256.isEmpty ? nil : m.sourceSHA256)
        w.key("source_bytes"); w.raw(String(m.sourceBytes))
        w.field("imported_at", m.importedAt)
        w.field("writer", m.writer)
        w.field("nodes", m.nodeCount)
        w.field("edges", m.edgeCount)
        w.field("shape_points", m.shapePointCount)
        w.field("strings", m.stringCount)
        w.field("turn_restrictions", m.restrictionCount)
        w.field("via_way_restrictions", m.viaWayRestrictionCount)
        w.field("driving_side", m.drivingSide.rawValue)
        w.field("driving_side_source", m.drivingSideSource.rawValue)
        w.field("traffic_signal_nodes", m.trafficSignalNodeCount)
        w.field("stop_nodes", m.stopNodeCount)
        w.field("give_way_nodes", m.giveWayNodeCount)
        w.field("points_of_interest", m.pointOfInterestCount)
        w.key("total_length_m"); w.number(roundTrip: m.totalLengthMeters)
        w.field("tagged_speed_limit_edges", m.taggedSpeedLimitEdgeCount)
        w.key("tagged_speed_limit_share"); w.number(roundTrip: m.taggedSpeedLimitShare)
        w.key("tagged_speed_limit_length_share"); w.number(roundTrip: m.taggedSpeedLimitLengthShare)
    }

    /// `bbox`: null for an empty graph.
    private func writeBoundingBox(into w: inout JSONWriter) {
        let box = metadata.boundingBox
        w.key("bbox")
        guard !box.isEmpty else { w.null(); return }
        w.beginObject()
        w.key("min_lat"); w.number(roundTrip: box.minLatitude)
        w.key("min_lon"); w.number(roundTrip: box.minLongitude)
        w.key("max_lat"); w.number(roundTrip: box.maxLatitude)
        w.key("max_lon"); w.number(roundTrip: box.maxLongitude)
        w.endObject()
    }

    /// The length by highway class, by speed-limit source and by region.
    private func writeBreakdowns(into w: inout JSONWriter) {
        let m = metadata
        w.key("highway_classes")
        w.beginArray()
        for share in m.highwayBreakdown {
            w.beginObject()
            w.field("highway", share.highway.osmValue)
            w.field("edges", share.edgeCount)
            w.key("length_m"); w.number(roundTrip: share.lengthMeters)
            w.endObject()
        }
        w.endArray()
        w.key("speed_limit_sources")
        w.beginArray()
        for share in m.speedLimitBreakdown {
            w.beginObject()
            w.field("source", share.source.description)
            w.field("estimated", share.source.isEstimated)
            w.field("edges", share.edgeCount)
            w.key("length_m"); w.number(roundTrip: share.lengthMeters)
            w.endObject()
        }
        w.endArray()
        w.key("regions")
        w.beginArray()
        for share in m.regionBreakdown {
            w.beginObject()
            w.field("region", share.region == .none ? nil : share.region.description)
            w.key("length_m"); w.number(roundTrip: share.lengthMeters)
            w.key("urban_length_m"); w.number(roundTrip: share.urbanLengthMeters)
            w.endObject()
        }
        w.endArray()
    }

    /// `contraction_hierarchies` (null without any) and why they were left out, if they were.
    private func writeHierarchies(into w: inout JSONWriter) {
        w.key("contraction_hierarchies")
        if hierarchyBytes.isEmpty {
            w.null()
        } else {
            w.beginObject()
            w.field("kind", hasPotentials ? "potentials" : "turn_states")
            w.key("metrics")
            w.beginArray()
            for name in metricNames { w.string(name) }
            w.endArray()
            w.field("bytes", hierarchyBytes.values.reduce(0, +))
            w.key("contraction_seconds")
            if let seconds = metadata.hierarchyContractionSeconds { w.number(roundTrip: seconds) } else { w.null() }
            w.endObject()
        }
        w.key("contraction_hierarchies_left_out")
        if let reason = metadata.hierarchiesLeftOut { w.string(reason) } else { w.null() }
    }
}
