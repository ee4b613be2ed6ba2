import Foundation
import Geodesy
import OutputEncoding

/// The stages `waymark bench` can measure, in the order they run.
public enum BenchStage: String, CaseIterable, Sendable {
    /// OSM file -> graph (only for an OSM input); one measurement.
    case `import`
    /// Database -> graph (only for a .sqlite input); one measurement.
    case load
    /// A* route per pair (snapping included).
    case route
    /// Dijkstra route per pair, compared with A* (`--check-dijkstra`).
    case dijkstra
    /// `RouteGuidance.waypoints` per successful route.
    case guidance
    /// `RouteGuidance.steps` per successful route: OSRM's turn-by-turn steps (maneuvers, names,
    /// instructions, each step's geometry), what a route request with steps adds to the route itself.
    case steps
    /// `ARMarkerExporter.markers` per route's waypoints.
    case markers
    /// `Router.alternativeRoutes` per pair asking 3 alternatives (not run by default): times, the share
    /// of pairs with one, the largest stretch and sharing.
    case alternatives
    /// `Router.table` from the first N pairs' origins to their destinations, per `--table-sizes` entry
    /// (not run by default: a large table on A* alone takes hours).
    case table

    /// Parses a comma-separated list of stage names (`route,guidance`), spaces and case ignored.
    public static func parseList(_ text: String) throws(BenchmarkError) -> Set<BenchStage> {
        var result = Set<BenchStage>()
        for name in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) where !name.isEmpty {
            guard let stage = BenchStage(rawValue: name) else { throw .unknownStage(name) }
            result.insert(stage)
        }
        if result.isEmpty { throw .noStages }
        return result
    }
}

/// A query that failed, and why.
public struct BenchFailure: Sendable, Equatable {
    /// Index of the pair (0-based, the line order of `--pairs`/`--write-pairs` without the header).
    var pair: Int
    var reason: String
}

/// A pair where A* and Dijkstra disagree.
public struct BenchMismatch: Sendable, Equatable {
    var pair: Int
    /// nil when that search found no route.
    var aStarDistance: Meters?
    var dijkstraDistance: Meters?
    /// The optimised cost in the metric's unit: seconds for `time`, metres for `distance`.
    var aStarCost: Double?
    var dijkstraCost: Double?
    /// What differs, in words (a tie between equal-cost paths, a cost difference, a missing route).
    var note: String
}

/// The figures of one stage.
///
/// Schema (also the `--json` object, one per line, keys always present, `null` where not applicable):
/// see docs/formats.md, "Benchmark output".
public struct StageReport: Sendable {
    var stage: BenchStage
    var latencies: LatencySummary
    /// Queries attempted (pairs, or 1 for import/load).
    var attempted: Int
    var failures: [BenchFailure] = []
    /// Mean nodes settled per successful query (route/dijkstra).
    var settledNodesMean: Double?
    /// Mean route distance / duration over successful queries (route/dijkstra).
    var meanDistance: Meters?
    var meanDuration: Seconds?
    /// Mean number of items a query produced (waypoints for guidance, markers for markers).
    var itemsMean: Double?
    /// One-time preparation not counted per query (router set-up for route).
    var setup: Seconds?
    /// Peak resident set of the process after the stage.
    var peakResidentBytes: Int64?
    var mismatches: [BenchMismatch]?
    /// Stage-specific extras printed with the stage (import statistics, graph size).
    var notes: [String: Double] = [:]
    /// The table stage's figures for one size (nil for every other stage).
    var table: BenchTableFigures?
}

/// The context every stage shares.
public struct BenchContext: Sendable {
    var input: String
    var graphNodes: Int
    var graphEdges: Int
    var metric: String
    /// The route stage's search (`ch`, `astar` or `dijkstra`).
    var algorithm: String
    var seed: UInt64?
    var pairsFile: String?
    var queries: Int
    var build: String
}

/// Rendering of reports as a table or as JSON lines.
public enum BenchOutput {
    static func milliseconds(_ s: Seconds) -> String { String(format: "%.3f", s * 1000) }

    /// The human-readable table.
    public static func table(_ reports: [StageReport], context: BenchContext) -> String {
        var out = "waymark bench: \(context.input) (\(context.graphNodes) nodes, \(context.graphEdges) edges), "
        out += "\(context.queries) pairs "
        out += context.pairsFile.map { "from \($0)" } ?? "drawn with seed \(context.seed ?? 0)"
        out += ", metric \(context.metric), algorithm \(context.algorithm), \(context.build) build\n\n"
        let header = ["stage", "count", "failed", "total s", "median ms", "p95 ms", "p99 ms", "max ms", "per s",
                      "settled", "items", "peak RSS MB", "mean km", "mean min"]
        var rows: [[String]] = [header]
        let tables = reports.filter { $0.stage == .table }, perQuery = reports.filter { $0.stage != .table }
        for r in perQuery {
            rows.append([
                r.stage.rawValue, "\(r.latencies.count)", "\(r.failures.count)",
                String(format: "%.3f", r.latencies.total), milliseconds(r.latencies.median), milliseconds(r.latencies.p95),
                milliseconds(r.latencies.p99), milliseconds(r.latencies.max),
                String(format: "%.1f", r.latencies.queriesPerSecond),
                r.settledNodesMean.map { String(format: "%.0f", $0) } ?? "-",
                r.itemsMean.map { String(format: "%.1f", $0) } ?? "-",
                r.peakResidentBytes.map { String(format: "%.1f", Double($0) / 1_048_576) } ?? "-",
                r.meanDistance.map { String(format: "%.3f", $0 / 1000) } ?? "-",
                r.meanDuration.map { String(format: "%.2f", $0 / 60) } ?? "-",
            ])
        }
        if !perQuery.isEmpty { out += aligned(rows) }
        for r in perQuery {
            if let setup = r.setup { out += "\n\(r.stage.rawValue): one-time set-up \(String(format: "%.3f", setup)) s (not in the per-query figures)" }
            for (key, value) in r.notes.sorted(by: { $0.key < $1.key }) {
                out += "\n\(r.stage.rawValue): \(key) = \(value == value.rounded() ? String(Int64(value)) : String(format: "%.3f", value))"
            }
        }
        let section = tableSection(tables)
        // Alone, the table stage's section follows the header line directly.
        out += perQuery.isEmpty ? String(section.drop(while: { $0 == "\n" })) : section
        // Every table size lists the same pairs left out: show them once.
        for r in perQuery + tables.prefix(1) where !r.failures.isEmpty {
            out += "\n\n\(r.stage.rawValue): \(r.failures.count) \(r.stage == .table ? "pairs left out (a point not snapped)" : "failed queries")"
            var byReason: [String: [Int]] = [:]
            for f in r.failures { byReason[Self.reasonClass(f.reason), default: []].append(f.pair) }
            for (reason, pairs) in byReason.sorted(by: { $0.value.count > $1.value.count }) {
                let shown = pairs.prefix(10).map(String.init).joined(separator: ", ")
                out += "\n  \(pairs.count) x \(reason) (pairs \(shown)\(pairs.count > 10 ? ", …" : ""))"
            }
            for f in r.failures.prefix(5) { out += "\n  pair \(f.pair): \(f.reason)" }
        }
        for r in reports {
            guard let mismatches = r.mismatches else { continue }
            if mismatches.isEmpty {
                out += "\n\n\(r.stage.rawValue): every route distance agrees with \(context.algorithm)'s to the metre (and every cost exactly)"
            } else {
                out += "\n\n\(r.stage.rawValue): \(mismatches.count) pairs where \(context.algorithm) and Dijkstra differ:"
                for m in mismatches {
                    out += "\n  pair \(m.pair): \(context.algorithm) \(m.aStarDistance.map { String(format: "%.1f m", $0) } ?? "none"), "
                    out += "Dijkstra \(m.dijkstraDistance.map { String(format: "%.1f m", $0) } ?? "none"); \(m.note)"
                }
            }
        }
        return out + "\n"
    }

    /// Rows as columns padded to their widest cell (the first left-aligned, the others right-aligned),
    /// with a rule under the header row.
    static func aligned(_ rows: [[String]]) -> String {
        guard let header = rows.first else { return "" }
        let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        var out = ""
        for (index, row) in rows.enumerated() {
            let cells = row.enumerated().map { column, cell in
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                return column == 0 ? cell + pad : pad + cell
            }
            out += cells.joined(separator: "  ") + "\n"
            if index == 0 { out += widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ") + "\n" }
        }
        return out
    }

    /// The table stage's sizes as their own table (its figures are per table, not per query), then the
    /// sampled cells that differ from their pairwise routes.
    static func tableSection(_ reports: [StageReport]) -> String {
        let sized = reports.compactMap { r in r.table.map { (r, $0) } }
        guard let (first, _) = sized.first else { return "" }
        let runs = first.attempted == 1 ? "1 run" : "\(first.attempted) runs"
        var out = "\n\ntable: Router.table alone, \(runs) per size (median, min and max of the runs)"
        if let setup = first.setup { out += "; router set-up \(String(format: "%.3f", setup)) s, not counted" }
        out += "\n\n"
        var rows = [["size", "cells", "unreachable", "median ms", "min ms", "max ms", "algorithm", "checked", "mismatches", "peak RSS MB"]]
        for (r, t) in sized {
            rows.append(["\(t.sources) x \(t.destinations)", "\(t.cells)", "\(t.unreachableCells)", milliseconds(r.latencies.median),
                         milliseconds(r.latencies.min), milliseconds(r.latencies.max), t.algorithm.rawValue,
                         "\(t.checkedCells)", "\(t.mismatches.count)",
                         r.peakResidentBytes.map { String(format: "%.1f", Double($0) / 1_048_576) } ?? "-"])
        }
        out += aligned(rows)
        for (_, t) in sized {
            let size = "\(t.sources) x \(t.destinations)"
            guard !t.mismatches.isEmpty else {
                out += "\ntable \(size): every sampled cell agrees with its \(t.checkAlgorithm.rawValue) route (cost exactly, distance to the metre)"
                continue
            }
            let check = t.checkAlgorithm.rawValue
            out += t.mismatches.count == 1 ? "\ntable \(size): 1 sampled cell differs from its \(check) route:"
                : "\ntable \(size): \(t.mismatches.count) sampled cells differ from their \(check) routes:"
            for m in t.mismatches {
                func cell(_ duration: Seconds?, _ distance: Meters?) -> String {
                    guard let duration, let distance else { return "none" }
                    return String(format: "%.1f s %.1f m", duration, distance)
                }
                out += "\n  source \(m.source) -> destination \(m.destination): table \(cell(m.tableDuration, m.tableDistance)), "
                out += "\(t.checkAlgorithm.rawValue) \(cell(m.routeDuration, m.routeDistance)); \(m.note)"
            }
        }
        return out
    }

    /// The failure reason without its coordinates, so failures group by kind.
    static func reasonClass(_ reason: String) -> String {
        if reason.hasPrefix("no drivable road within") { return "no drivable road nearby" }
        if reason.hasPrefix("no route from") { return "no route (points not connected)" }
        return reason
    }

    /// One JSON object per stage, one per line (JSON Lines).
    public static func jsonLines(_ reports: [StageReport], context: BenchContext) -> String {
        reports.map { json($0, context: context) }.joined(separator: "\n") + "\n"
    }

    /// Significant digits of the figures in the JSON lines.
    static let significantDigits = 6

    /// The table stage's sampled cells that differ from their pairwise routes, as a JSON array.
    static func writeMismatches(_ mismatches: [BenchTableMismatch], into w: inout JSONWriter) {
        w.beginArray()
        for m in mismatches {
            w.beginObject()
            w.field("source", m.source)
            w.field("destination", m.destination)
            for (key, value): (StaticString, Double?) in [("table_duration_s", m.tableDuration), ("table_distance_m", m.tableDistance),
                                 ("route_duration_s", m.routeDuration), ("route_distance_m", m.routeDistance)] {
                w.key(key)
                w.number(value, significantDigits: significantDigits)
            }
            w.field("note", m.note)
            w.endObject()
        }
        w.endArray()
    }

    /// One stage's JSON object (every key present, `null` where not applicable).
    static func json(_ r: StageReport, context: BenchContext) -> String {
        var w = JSONWriter(capacity: 1024 + 96 * r.failures.count)
        func figure(_ name: StaticString, _ value: Double?) { w.key(name); w.number(value, significantDigits: significantDigits) }
        w.beginObject()
        w.field("stage", r.stage.rawValue)
        w.field("input", context.input)
        w.field("build", context.build)
        w.field("graph_nodes", context.graphNodes)
        w.field("graph_edges", context.graphEdges)
        w.field("metric", context.metric)
        w.field("algorithm", r.table?.algorithm.rawValue ?? context.algorithm)
        w.key("seed")
        if let seed = context.seed { w.raw(String(seed)) } else { w.null() }
        w.field("pairs_file", context.pairsFile)
        w.field("attempted", r.attempted)
        w.field("count", r.latencies.count)
        w.field("failed", r.failures.count)
        figure("total_s", r.latencies.total)
        figure("mean_ms", r.latencies.mean * 1000)
        figure("median_ms", r.latencies.median * 1000)
        figure("min_ms", r.latencies.min * 1000)
        figure("p95_ms", r.latencies.p95 * 1000)
        figure("p99_ms", r.latencies.p99 * 1000)
        figure("max_ms", r.latencies.max * 1000)
        figure("queries_per_second", r.latencies.queriesPerSecond)
        figure("settled_nodes_mean", r.settledNodesMean)
        figure("items_mean", r.itemsMean)
        figure("mean_distance_m", r.meanDistance)
        figure("mean_duration_s", r.meanDuration)
        figure("setup_s", r.setup)
        w.field("peak_rss_bytes", r.peakResidentBytes.map { Int($0) })
        w.key("failures")
        w.beginArray()
        for f in r.failures {
            w.beginObject()
            w.field("pair", f.pair)
            w.field("reason", f.reason)
            w.endObject()
        }
        w.endArray()
        w.key("mismatches")
        if let table = r.table {
            writeMismatches(table.mismatches, into: &w)
        } else if let mismatches = r.mismatches {
            w.beginArray()
            for m in mismatches {
                w.beginObject()
                w.field("pair", m.pair)
                figure("astar_distance_m", m.aStarDistance)
                figure("dijkstra_distance_m", m.dijkstraDistance)
                figure("astar_cost", m.aStarCost)
                figure("dijkstra_cost", m.dijkstraCost)
                w.field("note", m.note)
                w.endObject()
            }
            w.endArray()
        } else {
            w.null()
        }
        w.key("notes")
        w.beginObject()
        for (key, value) in r.notes.sorted(by: { $0.key < $1.key }) { w.key(key); w.number(value, significantDigits: significantDigits) }
        w.endObject()
        w.endObject()
        return w.text
    }
}
