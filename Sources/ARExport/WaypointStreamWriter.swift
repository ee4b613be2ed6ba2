import Geodesy
import Guidance
import RoadNetwork

/// Writes the waypoint stream as JSON Lines: one object per waypoint, handed to `output` as soon as it
/// is written (so a consumer reading a pipe sees the drive as it happens), then one closing
/// `{"summary":{…}}` line.
///
/// A waypoint line:
///
///     {"seq":3,"lat":45.8,"lon":15.97,"ele":null,"distance":60,"bearing":90,"kind":"maneuver","edge":12,
///      "speed_limit":{"kind":"limited","kmh":48.3,"value":30,"unit":"mph","source":"tagged"},
///      "speed":50,"warning":"over","colour":"orange",
///      "instruction":{"type":"turn","modifier":"left","direction":"left","exit":null,"road":"Ilica",
///                     "text":"Turn left onto Ilica","follow":"Continue on Ilica for 200 m"},
///      "next":{"type":"arrive","modifier":"right","direction":"right","exit":null,"text":"…","distance":200},
///      "vehicle":{"lat":…,"lon":…,"matched_lat":…,"matched_lon":…,"distance":…,"speed":…,"time":…}}
///
/// `instruction` is present on maneuver and destination waypoints only, `vehicle` only in a trace
/// replay, `next` is null once nothing is ahead. Warning colours are chosen here, at export:
/// `normal` blue, `over` orange, `far_over` red, `unknown` grey. Numbers are fixed-precision (7
/// decimals for degrees, 1 for metres, degrees of bearing and km/h), never exponent notation.
public struct WaypointStreamWriter {
    /// The totals written on the closing line; updated by every `write`.
    public private(set) var summary: GuidanceSummary
    /// When false only the summary line is written (`--summary`).
    public var writesWaypoints: Bool
    private let output: (String) -> Void

    /// - Parameter output: receives each line, newline included.
    public init(summary: GuidanceSummary, writesWaypoints: Bool = true, output: @escaping (String) -> Void) {
        self.summary = summary
        self.writesWaypoints = writesWaypoints
        self.output = output
    }

    /// Counts a record and writes its line (unless summary-only).
    public mutating func write(_ record: GuidanceRecord) {
        summary.add(record)
        if writesWaypoints { output(Self.line(for: record) + "\n") }
    }

    /// Writes the closing summary line.
    public func finish() {
        output(Self.summaryLine(summary) + "\n")
    }

    /// The display colour of a warning level.
    public static func colour(for warning: SpeedWarning) -> String {
        switch warning {
        case .normal: "blue"
        case .over: "orange"
        case .farOver: "red"
        case .unknown: "grey"
        }
    }

    /// The JSON object of one record (no newline).
    public static func line(for record: GuidanceRecord) -> String {
        let w = record.waypoint
        var s = "{\"seq\":\(w.sequence)"
        s += ",\"lat\":" + ExportFormatting.fixed(w.coordinate.latitude, 7)
        s += ",\"lon\":" + ExportFormatting.fixed(w.coordinate.longitude, 7)
        s += ",\"ele\":" + ExportFormatting.jsonNumber(w.elevation, 1)
        s += ",\"distance\":" + ExportFormatting.fixed(w.distanceAlongRoute, 1)
        s += ",\"bearing\":" + ExportFormatting.fixed(w.bearing.degrees, 1)
        s += ",\"kind\":\"\(w.kind.rawValue)\""
        s += ",\"edge\":\(w.edge)"
        s += ",\"speed_limit\":" + speedLimit(w.speedLimit)
        s += ",\"speed\":" + ExportFormatting.jsonNumber(w.vehicleSpeed, 1)
        s += ",\"warning\":\"\(w.warning.rawValue)\",\"colour\":\"\(colour(for: w.warning))\""
        if let m = w.maneuver {
            s += ",\"instruction\":{" + maneuverFields(m)
            s += ",\"road\":" + ExportFormatting.jsonString(m.roadName.isEmpty ? m.roadRef : m.roadName)
            s += ",\"follow\":" + ExportFormatting.jsonString(record.follow) + "}"
        }
        if let next = record.nextManeuver {
            s += ",\"next\":{" + maneuverFields(next)
            s += ",\"distance\":" + ExportFormatting.jsonNumber(record.distanceToNextManeuver, 1) + "}"
        } else {
            s += ",\"next\":null"
        }
        if let v = record.vehicle {
            s += ",\"vehicle\":{\"lat\":" + ExportFormatting.fixed(v.coordinate.latitude, 7)
            s += ",\"lon\":" + ExportFormatting.fixed(v.coordinate.longitude, 7)
            s += ",\"matched_lat\":" + ExportFormatting.fixed(v.matched.latitude, 7)
            s += ",\"matched_lon\":" + ExportFormatting.fixed(v.matched.longitude, 7)
            s += ",\"distance\":" + ExportFormatting.fixed(v.distanceAlongRoute, 1)
            s += ",\"speed\":" + ExportFormatting.jsonNumber(v.speed, 1)
            s += ",\"time\":" + ExportFormatting.jsonNumber(v.time, 3) + "}"
        }
        return s + "}"
    }

    /// The closing `{"summary":{…}}` object (no newline).
    public static func summaryLine(_ summary: GuidanceSummary) -> String {
        var s = "{\"summary\":{\"waypoints\":\(summary.waypoints),\"maneuvers\":\(summary.maneuvers)"
        s += ",\"distance\":" + ExportFormatting.fixed(summary.distance, 1)
        s += ",\"duration\":" + ExportFormatting.fixed(summary.duration, 1)
        s += ",\"warnings\":{"
        s += SpeedWarning.allCases.map { "\"\($0.rawValue)\":\(summary.warnings[$0] ?? 0)" }.joined(separator: ",")
        s += "},\"colours\":{"
        s += SpeedWarning.allCases.map { "\"\(colour(for: $0))\":\(summary.warnings[$0] ?? 0)" }.joined(separator: ",")
        s += "},\"directions\":{"
        s += TurnDirection.allCases.map { "\"\($0.rawValue)\":\(summary.directions[$0] ?? 0)" }.joined(separator: ",")
        s += "}"
        if let total = summary.tracePoints {
            s += ",\"trace\":{\"points\":\(total),\"matched\":\(summary.traceMatched ?? 0),\"discarded\":\(summary.traceDiscarded ?? 0)"
            s += ",\"replayed_distance\":" + ExportFormatting.jsonNumber(summary.replayedDistance, 1) + "}"
        }
        return s + "}}"
    }

    private static func maneuverFields(_ m: Maneuver) -> String {
        var s = "\"type\":\"\(m.type.rawValue)\""
        s += ",\"modifier\":" + ExportFormatting.jsonString(m.modifier?.rawValue)
        s += ",\"direction\":\"\(m.direction.rawValue)\""
        s += ",\"exit\":" + (m.exit.map(String.init) ?? "null")
        s += ",\"text\":" + ExportFormatting.jsonString(m.instruction)
        return s
    }

    private static func speedLimit(_ limit: SpeedLimit) -> String {
        let kind: String
        switch limit.kind {
        case .limited: kind = "limited"
        case .unlimited: kind = "unlimited"
        case .unknown: kind = "unknown"
        }
        var s = "{\"kind\":\"\(kind)\""
        s += ",\"kmh\":" + (limit.kind == .limited ? ExportFormatting.fixed(Double(limit.kilometersPerHour), 1) : "null")
        s += ",\"value\":" + (limit.valueInTaggedUnit.map(String.init) ?? "null")
        s += ",\"unit\":\"\(limit.unit.description)\""
        s += ",\"source\":\"\(limit.source.description)\"}"
        return s
    }
}
