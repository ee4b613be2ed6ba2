import ArgumentParser
import Foundation
import Geodesy
import RoadNetwork
import RoadNetworkStore
import RouteFormats

/// `waymark info CITY.sqlite`: what a road database holds and where it came from, from its metadata
/// alone (no graph is loaded, so it is instant on any size).
struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Show a road database's counts, bounding box, speed-limit coverage, highway classes and source.")

    @Argument(help: "A road database written by 'waymark import'.")
    var database: String

    @Flag(name: .long, help: "Print one JSON object instead of text.")
    var json = false

    @Flag(name: .long, help: "Also load the whole graph and points of interest, check every invariant, and report the load time.")
    var verify = false

    func run() throws {
        try reportingFailures {
            let metadata = try RoadNetworkStore.metadata(path: database)
            let fileBytes = (try? FileManager.default.attributesOfItem(atPath: database))?[.size] as? Int ?? 0
            var verification: Verification?
            if verify { verification = try Self.verify(database, against: metadata) }
            if json {
                try writeOutput(Self.json(metadata, path: database, fileBytes: fileBytes, verification: verification) + "\n")
            } else {
                try writeOutput(Self.text(metadata, path: database, fileBytes: fileBytes))
                if let verification { try writeOutput("Verified: the whole database loads in \(String(format: "%.3f", verification.loadSeconds)) s and passes every graph invariant check\n") }
            }
        }
    }

    /// The outcome of `--verify`.
    struct Verification {
        var loadSeconds: Double
    }

    /// Loads everything (the load itself checks every `RoadGraph` invariant) and compares the counts
    /// with the metadata.
    static func verify(_ path: String, against metadata: RoadNetworkMetadata) throws -> Verification {
        let clock = ContinuousClock()
        let started = clock.now
        let stored = try RoadNetworkStore.load(path: path)
        let elapsed = clock.now - started
        let g = stored.graph
        let found = [g.nodeCount, g.edgeCount, g.shapePoints.count, g.restrictions.count, stored.pointsOfInterest.count]
        let recorded = [metadata.nodeCount, metadata.edgeCount, metadata.shapePointCount, metadata.restrictionCount, metadata.pointOfInterestCount]
        guard found == recorded else {
            throw CommandFailure(message: "\(path): damaged road database: the metadata counts \(recorded) (nodes, edges, shape points, restrictions, POIs) but the data holds \(found)")
        }
        return Verification(loadSeconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
    }

    // MARK: Text

    static func text(_ m: RoadNetworkMetadata, path: String, fileBytes: Int) -> String {
        var lines: [(String, String)] = []
        lines.append(("Database", "\(path) (format version \(m.formatVersion), \(ImportCommand.megabytes(Int64(fileBytes))))"))
        let sourceName = m.sourceFileName == "-" ? "standard input" : m.sourceFileName
        lines.append(("Source", m.sourceBytes > 0 ? "\(sourceName) (\(Int(m.sourceBytes).withThousandsSeparators) bytes)" : sourceName))
        lines.append(("SHA-256", m.sourceSHA256.isEmpty ? "not recorded (read from standard input)" : m.sourceSHA256))
        lines.append(("Imported", "\(m.importedAt) by \(m.writer)"))
        lines.append(("Nodes", "\(m.nodeCount.withThousandsSeparators) routing nodes"))
        lines.append(("Edges", "\(m.edgeCount.withThousandsSeparators) directed edges, \(kilometers(m.totalLengthMeters))"))
        lines.append(("Shape points", m.shapePointCount.withThousandsSeparators))
        lines.append(("Names and refs", "\(max(0, m.stringCount - 1).withThousandsSeparators) distinct"))
        lines.append(("Turn restrictions", restrictionsText(m)))
        lines.append(("Driving side", drivingSideText(m)))
        lines.append(("Points of interest", m.pointOfInterestCount.withThousandsSeparators))
        lines.append(("Bounding box", m.boundingBox.isEmpty ? "empty" :
            "\(Coordinate(latitude: m.boundingBox.minLatitude, longitude: m.boundingBox.minLongitude)) .. "
            + "\(Coordinate(latitude: m.boundingBox.maxLatitude, longitude: m.boundingBox.maxLongitude)) (lat,lon)"))
        lines.append(("Tagged speed limits", "\(percent(m.taggedSpeedLimitShare)) of edges "
            + "(\(m.taggedSpeedLimitEdgeCount.withThousandsSeparators) of \(m.edgeCount.withThousandsSeparators)), "
            + "\(percent(m.taggedSpeedLimitLengthShare)) of length"))
        let width = lines.map(\.0.count).max() ?? 0
        var out = lines.map { $0.0.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.1 }.joined(separator: "\n") + "\n"
        if !m.highwayBreakdown.isEmpty {
            out += "Highway classes (edges, length, share of length):\n"
            let nameWidth = m.highwayBreakdown.map(\.highway.osmValue.count).max() ?? 0
            let countWidth = m.highwayBreakdown.map(\.edgeCount.withThousandsSeparators.count).max() ?? 0
            for share in m.highwayBreakdown {
                let count = share.edgeCount.withThousandsSeparators
                let lengthShare = m.totalLengthMeters > 0 ? share.lengthMeters / m.totalLengthMeters : 0
                out += "  " + share.highway.osmValue.padding(toLength: nameWidth + 2, withPad: " ", startingAt: 0)
                    + String(repeating: " ", count: countWidth - count.count) + count
                    + "  " + kilometers(share.lengthMeters) + "  " + percent(lengthShare) + "\n"
            }
        }
        if !m.importStatistics.isEmpty {
            out += "Import statistics:\n"
            let nameWidth = m.importStatistics.map(\.name.count).max() ?? 0
            for figure in m.importStatistics {
                out += "  " + figure.name.padding(toLength: nameWidth + 2, withPad: " ", startingAt: 0) + figure.value.withThousandsSeparators + "\n"
            }
        }
        return out
    }

    /// `12 via a node, 3 via ways (2 relations kept with via ways; 1 dropped: 1 unconnected)`.
    static func restrictionsText(_ m: RoadNetworkMetadata) -> String {
        func figure(_ name: String) -> Int { m.importStatistics.first(where: { $0.name == name })?.value ?? 0 }
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
    static func drivingSideText(_ m: RoadNetworkMetadata) -> String {
        func figure(_ name: String) -> Int { m.importStatistics.first(where: { $0.name == name })?.value ?? 0 }
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

    // MARK: JSON

    static func json(_ m: RoadNetworkMetadata, path: String, fileBytes: Int, verification: Verification? = nil) -> String {
        func number(_ v: Double) -> String { v.isFinite ? "\(v)" : "null" }
        var fields: [String] = [
            "\"database\":\(quote(path))",
            "\"database_bytes\":\(fileBytes)",
            "\"format_version\":\(m.formatVersion)",
            "\"source_file\":\(quote(m.sourceFileName))",
            "\"source_sha256\":\(m.sourceSHA256.isEmpty ? "null" : quote(m.sourceSHA256))",
            "\"source_bytes\":\(m.sourceBytes)",
            "\"imported_at\":\(quote(m.importedAt))",
            "\"writer\":\(quote(m.writer))",
            "\"nodes\":\(m.nodeCount)",
            "\"edges\":\(m.edgeCount)",
            "\"shape_points\":\(m.shapePointCount)",
            "\"strings\":\(m.stringCount)",
            "\"turn_restrictions\":\(m.restrictionCount)",
            "\"via_way_restrictions\":\(m.viaWayRestrictionCount)",
            "\"driving_side\":\(quote(m.drivingSide.rawValue))",
            "\"driving_side_source\":\(quote(m.drivingSideSource.rawValue))",
            "\"points_of_interest\":\(m.pointOfInterestCount)",
            "\"total_length_m\":\(number(m.totalLengthMeters))",
            "\"tagged_speed_limit_edges\":\(m.taggedSpeedLimitEdgeCount)",
            "\"tagged_speed_limit_share\":\(number(m.taggedSpeedLimitShare))",
            "\"tagged_speed_limit_length_share\":\(number(m.taggedSpeedLimitLengthShare))",
        ]
        let box = m.boundingBox
        fields.append("\"bbox\":" + (box.isEmpty ? "null" :
            "{\"min_lat\":\(box.minLatitude),\"min_lon\":\(box.minLongitude),\"max_lat\":\(box.maxLatitude),\"max_lon\":\(box.maxLongitude)}"))
        let classes = m.highwayBreakdown.map {
            "{\"highway\":\(quote($0.highway.osmValue)),\"edges\":\($0.edgeCount),\"length_m\":\(number($0.lengthMeters))}"
        }
        fields.append("\"highway_classes\":[\(classes.joined(separator: ","))]")
        let figures = m.importStatistics.map { "\(quote($0.name)):\($0.value)" }
        fields.append("\"import_statistics\":{\(figures.joined(separator: ","))}")
        if let verification { fields.append("\"verified_load_seconds\":\(number(verification.loadSeconds))") }
        return "{" + fields.joined(separator: ",") + "}"
    }

    /// A JSON string literal.
    static func quote(_ s: String) -> String { JSONWriter.quoted(s) }
}
