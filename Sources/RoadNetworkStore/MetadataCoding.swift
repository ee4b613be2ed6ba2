import Geodesy
import RoadNetwork

/// Turns `RoadNetworkMetadata` into `metadata` table rows and back.
///
/// Numbers are written in Swift's shortest round-trip form, so a value read back is bit-identical.
enum MetadataCoding {
    enum Key {
        static let formatVersion = "format_version"
        static let sourceFile = "source_file"
        static let sourceSHA256 = "source_sha256"
        static let sourceBytes = "source_bytes"
        static let importedAt = "imported_at"
        static let writer = "writer"
        static let nodeCount = "node_count"
        static let edgeCount = "edge_count"
        static let shapePointCount = "shape_point_count"
        static let stringCount = "string_count"
        static let restrictionCount = "restriction_count"
        static let viaWayRestrictionCount = "via_way_restriction_count"
        static let drivingSide = "driving_side"
        static let drivingSideSource = "driving_side_source"
        static let pointOfInterestCount = "poi_count"
        static let trafficSignalNodeCount = "traffic_signal_nodes"
        static let stopNodeCount = "stop_nodes"
        static let giveWayNodeCount = "give_way_nodes"
        static let minLatitude = "bbox_min_lat"
        static let minLongitude = "bbox_min_lon"
        static let maxLatitude = "bbox_max_lat"
        static let maxLongitude = "bbox_max_lon"
        static let totalLength = "total_length_m"
        static let taggedEdges = "tagged_speed_limit_edges"
        static let taggedLength = "tagged_speed_limit_length_m"
        static let spatialIndex = "poi_spatial_index"
        static let hierarchyContractionSeconds = "ch.contraction_s"
        static let hierarchiesLeftOut = "ch.left_out"
        /// `highway.<class>.edges` and `highway.<class>.length_m`.
        static let highwayPrefix = "highway."
        /// `import.<figure>`.
        static let importPrefix = "import."
        /// `speed_limit.<source>.edges` and `speed_limit.<source>.length_m`.
        static let speedLimitPrefix = "speed_limit."
        /// `region.<code>.length_m` and `region.<code>.urban_length_m` (`region.none.…` outside every region).
        static let regionPrefix = "region."
        static let regionOrigin = "speed_limit_region_origin"
    }

    static func rows(of m: RoadNetworkMetadata) -> [(String, String)] {
        var rows: [(String, String)] = [
            (Key.formatVersion, String(m.formatVersion)),
            (Key.sourceFile, m.sourceFileName),
            (Key.sourceSHA256, m.sourceSHA256),
            (Key.sourceBytes, String(m.sourceBytes)),
            (Key.importedAt, m.importedAt),
            (Key.writer, m.writer),
            (Key.nodeCount, String(m.nodeCount)),
            (Key.edgeCount, String(m.edgeCount)),
            (Key.shapePointCount, String(m.shapePointCount)),
            (Key.stringCount, String(m.stringCount)),
            (Key.restrictionCount, String(m.restrictionCount)),
            (Key.viaWayRestrictionCount, String(m.viaWayRestrictionCount)),
            (Key.drivingSide, m.drivingSide.rawValue),
            (Key.drivingSideSource, m.drivingSideSource.rawValue),
            (Key.pointOfInterestCount, String(m.pointOfInterestCount)),
            (Key.trafficSignalNodeCount, String(m.trafficSignalNodeCount)),
            (Key.stopNodeCount, String(m.stopNodeCount)),
            (Key.giveWayNodeCount, String(m.giveWayNodeCount)),
            (Key.totalLength, String(m.totalLengthMeters)),
            (Key.taggedEdges, String(m.taggedSpeedLimitEdgeCount)),
            (Key.taggedLength, String(m.taggedSpeedLimitLengthMeters)),
        ]
        if !m.boundingBox.isEmpty {
            rows += [(Key.minLatitude, String(m.boundingBox.minLatitude)), (Key.minLongitude, String(m.boundingBox.minLongitude)),
                     (Key.maxLatitude, String(m.boundingBox.maxLatitude)), (Key.maxLongitude, String(m.boundingBox.maxLongitude))]
        }
        if let seconds = m.hierarchyContractionSeconds { rows.append((Key.hierarchyContractionSeconds, String(seconds))) }
        if let reason = m.hierarchiesLeftOut { rows.append((Key.hierarchiesLeftOut, reason)) }
        for share in m.highwayBreakdown {
            rows.append(("\(Key.highwayPrefix)\(share.highway.osmValue).edges", String(share.edgeCount)))
            rows.append(("\(Key.highwayPrefix)\(share.highway.osmValue).length_m", String(share.lengthMeters)))
        }
        for share in m.speedLimitBreakdown {
            rows.append(("\(Key.speedLimitPrefix)\(share.source).edges", String(share.edgeCount)))
            rows.append(("\(Key.speedLimitPrefix)\(share.source).length_m", String(share.lengthMeters)))
        }
        for share in m.regionBreakdown {
            let code = share.region == .none ? "none" : share.region.description
            rows.append(("\(Key.regionPrefix)\(code).length_m", String(share.lengthMeters)))
            rows.append(("\(Key.regionPrefix)\(code).urban_length_m", String(share.urbanLengthMeters)))
        }
        rows.append((Key.regionOrigin, m.speedLimitRegionOrigin))
        // The order of import figures is kept by a numeric prefix inside the value-less key space:
        // `import.007.ways_read`.
        for (i, figure) in m.importStatistics.enumerated() {
            rows.append((Key.importPrefix + threeDigits(i) + "." + figure.name, String(figure.value)))
        }
        return rows
    }

    private static func threeDigits(_ i: Int) -> String {
        var s = String(i)
        while s.count < 3 { s = "0" + s }
        return s
    }

    /// Rebuilds the metadata, naming the first missing or malformed key.
    static func metadata(from rows: [String: String], path: String) throws(RoadNetworkStoreError) -> RoadNetworkMetadata {
        func text(_ key: String) throws(RoadNetworkStoreError) -> String {
            guard let value = rows[key] else { throw .corrupt(path: path, detail: "metadata key '\(key)' is missing") }
            return value
        }
        func int(_ key: String) throws(RoadNetworkStoreError) -> Int {
            guard let value = Int(try text(key)), value >= 0 else {
                throw .corrupt(path: path, detail: "metadata '\(key)' is '\(rows[key] ?? "")', expected a whole number")
            }
            return value
        }
        func double(_ key: String) throws(RoadNetworkStoreError) -> Double {
            guard let value = Double(try text(key)) else {
                throw .corrupt(path: path, detail: "metadata '\(key)' is '\(rows[key] ?? "")', expected a number")
            }
            return value
        }
        var box = BoundingBox()
        if rows[Key.minLatitude] != nil {
            box = BoundingBox(minLatitude: try double(Key.minLatitude), minLongitude: try double(Key.minLongitude),
                              maxLatitude: try double(Key.maxLatitude), maxLongitude: try double(Key.maxLongitude))
        }
        var breakdown: [RoadNetworkMetadata.HighwayClassShare] = []
        for h in HighwayClass.allCases {
            let edgesKey = "\(Key.highwayPrefix)\(h.osmValue).edges"
            if rows[edgesKey] != nil {
                breakdown.append(.init(highway: h, edgeCount: try int(edgesKey),
                                       lengthMeters: try double("\(Key.highwayPrefix)\(h.osmValue).length_m")))
            }
        }
        guard let side = DrivingSide(rawValue: try text(Key.drivingSide)) else {
            throw .corrupt(path: path, detail: "metadata '\(Key.drivingSide)' is '\(rows[Key.drivingSide] ?? "")', expected left or right")
        }
        guard let sideSource = DrivingSideSource(rawValue: try text(Key.drivingSideSource)) else {
            throw .corrupt(path: path, detail: "metadata '\(Key.drivingSideSource)' is '\(rows[Key.drivingSideSource] ?? "")', expected option, roundabouts or default")
        }
        var figures: [(order: String, figure: RoadNetworkMetadata.ImportFigure)] = []
        for (key, value) in rows where key.hasPrefix(Key.importPrefix) {
            let rest = key.dropFirst(Key.importPrefix.count)
            guard let dot = rest.firstIndex(of: "."), let number = Int(value) else {
                throw .corrupt(path: path, detail: "metadata '\(key)' is malformed")
            }
            figures.append((String(rest[..<dot]), .init(name: String(rest[rest.index(after: dot)...]), value: number)))
        }
        figures.sort { $0.order < $1.order }
        var metadata = RoadNetworkMetadata(
            formatVersion: try int(Key.formatVersion), sourceFileName: try text(Key.sourceFile),
            sourceSHA256: try text(Key.sourceSHA256), sourceBytes: Int64(try int(Key.sourceBytes)),
            importedAt: try text(Key.importedAt), writer: try text(Key.writer), nodeCount: try int(Key.nodeCount),
            edgeCount: try int(Key.edgeCount), shapePointCount: try int(Key.shapePointCount),
            stringCount: try int(Key.stringCount), restrictionCount: try int(Key.restrictionCount),
            pointOfInterestCount: try int(Key.pointOfInterestCount), boundingBox: box,
            totalLengthMeters: try double(Key.totalLength), taggedSpeedLimitEdgeCount: try int(Key.taggedEdges),
            taggedSpeedLimitLengthMeters: try double(Key.taggedLength), highwayBreakdown: breakdown,
            importStatistics: figures.map(\.figure), viaWayRestrictionCount: try int(Key.viaWayRestrictionCount),
            drivingSide: side, drivingSideSource: sideSource,
            trafficSignalNodeCount: try int(Key.trafficSignalNodeCount), stopNodeCount: try int(Key.stopNodeCount),
            giveWayNodeCount: try int(Key.giveWayNodeCount),
            hierarchyContractionSeconds: rows[Key.hierarchyContractionSeconds] == nil ? nil : try double(Key.hierarchyContractionSeconds),
            hierarchiesLeftOut: rows[Key.hierarchiesLeftOut] == nil ? nil : try text(Key.hierarchiesLeftOut))
        for source in SpeedLimitSource.allCases where rows["\(Key.speedLimitPrefix)\(source).edges"] != nil {
            metadata.speedLimitBreakdown.append(.init(
                source: source, edgeCount: try int("\(Key.speedLimitPrefix)\(source).edges"),
                lengthMeters: try double("\(Key.speedLimitPrefix)\(source).length_m")))
        }
        for key in rows.keys.sorted() where key.hasPrefix(Key.regionPrefix) && key.hasSuffix(".urban_length_m") {
            let code = String(key.dropFirst(Key.regionPrefix.count).dropLast(".urban_length_m".count))
            guard let region = code == "none" ? RegionCode.none : RegionCode(code) else {
                throw .corrupt(path: path, detail: "metadata '\(key)' names no region")
            }
            metadata.regionBreakdown.append(.init(region: region, lengthMeters: try double("\(Key.regionPrefix)\(code).length_m"),
                                                  urbanLengthMeters: try double(key)))
        }
        metadata.speedLimitRegionOrigin = rows[Key.regionOrigin] ?? "none"
        return metadata
    }
}

extension MetadataCoding {
    /// The CRC-32 of the metadata rows in key order (independent of the order SQLite returns them).
    static func checksum(of rows: [String: String]) -> CRC32 {
        var checksum = CRC32()
        for key in rows.keys.sorted() {
            checksum.add(key)
            checksum.add(rows[key]!)
        }
        return checksum
    }
}
