import Geodesy
import Guidance
import OutputEncoding
import RoadNetwork

/// Writes the waypoint stream as JSON Lines: one object per waypoint, handed to `output` as soon as it
/// is written (so a consumer reading a pipe sees the drive as it happens), then one closing
/// `{"summary":{"format":"waymark-waypoints","version":4,…}}` line.
///
/// A waypoint line (version 3):
///
///     {"seq":3,"lat":45.8,"lon":15.97,"ele":null,"distance":60,"bearing":90,"kind":"maneuver","edge":12,
///      "speed_limit":{"kind":"limited","kmh":48.3,"value":30,"unit":"mph","source":"posted",
///                     "estimated":false,"urban":true,"country":"US","region":"US-CA"},
///      "speed":50,"warning":"over","color":"orange","warning_estimated":false,
///      "instruction":{"type":"turn","modifier":"left","direction":"left","exit":null,"road":"Ilica",
///                     "text":"Turn left onto Ilica","follow":"Continue on Ilica for 200 m",
///                     "lanes":[{"indications":["left"],"valid":true,"active":true,"valid_indication":"left"},
///                              {"indications":["straight"],"valid":false,"active":false,"valid_indication":null}]},
///      "next":{"type":"arrive","modifier":"right","direction":"right","exit":null,"text":"…","lanes":[],"distance":200},
///      "vehicle":{"lat":…,"lon":…,"matched_lat":…,"matched_lon":…,"distance":…,"speed":…,"time":…}}
///
/// `speed_limit.source` says where the limit comes from: `posted` or `zone` (read off the road's tags),
/// `legal_default`, `neighbours` or `class_default` (estimated by Waymark; `estimated` is true for
/// these three); `urban` is true (built-up area), false (rural) or null (not worked out); `country` is
/// the ISO 3166-1 code and `region` the full code (`US-CA`), both null when not known.
/// `warning_estimated` is true when the warning compares the speed with an estimated limit (a
/// `normal`, `over` or `far_over` warning whose limit is estimated), never for `unknown` or `unchecked`.
///
/// `lanes` (on `instruction` and `next`) are the lanes at the maneuver's junction from the left edge of the
/// road, OSRM's lane objects with Mapbox's `active` (the lanes to be in) and `valid_indication`: mapped
/// `turn:lanes` data, never estimated; `[]` where the road maps none. `instruction` is present on maneuver and destination waypoints only, `vehicle` only in a trace
/// replay, `next` is null once nothing is ahead. Warning colours are `WarningColor`'s:
/// `normal` blue, `over` orange, `far_over` red, `unknown` and `unchecked` grey (`unchecked`: the
/// warning policy does not compare this limit, see `WarningPolicy`). Numbers are fixed-precision (7
/// decimals for degrees, 1 for metres, degrees of bearing and km/h), never exponent notation.
///
/// In a trace replay, a re-route (the car left the route; a new one was planned from where it was
/// matched to the destination) is written as one line before the new route's waypoints:
///
///     {"reroute":{"point":17,"lat":…,"lon":…,"matched_lat":…,"matched_lon":…,"time":…,"distance":840.2,"duration":95.3}}
///
/// `point` is the trace point's index, `lat`/`lon` its recorded and `matched_*` its matched position (the
/// new route's start), `time` its trace time or null, `distance`/`duration` the new route's. The waypoint
/// lines after it belong to the new route: `seq` and `distance` start again from 0.
///
/// The summary line: `format`, `version`, `warn_on` (the `WarningPolicy`), `waypoints`, `maneuvers`,
/// `distance`, `duration`, `warnings` (waypoints per level, every level), `estimated_warnings` (of
/// those, the ones against an estimated limit: `normal`, `over`, `far_over`), `colors` (per colour;
/// grey counts `unknown` and `unchecked`), `directions`, and `trace` in a replay (`points`, `matched`, `discarded`, `replayed_distance`, `reroutes`).
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

    /// Writes a re-route's line (unless summary-only) and counts it.
    public mutating func write(_ reroute: Reroute) {
        summary.reroutes = (summary.reroutes ?? 0) + 1
        if writesWaypoints { output(Self.line(for: reroute) + "\n") }
    }

    /// Writes the closing summary line.
    public func finish() {
        output(Self.summaryLine(summary) + "\n")
    }

    /// The version of the line layout, written on the summary line; bumped whenever a key changes
    /// meaning or name (2: `color`/`colors` instead of `colour`/`colours`, `format` and `version` added;
    /// 3: `speed_limit.source` spelled `posted`/`zone`/`legal_default`/`neighbours`/`class_default`
    /// instead of `tagged`/`zone`/`default`, `speed_limit.estimated`/`urban`/`country`/`region`,
    /// `warning_estimated`, the `unchecked` warning, and `warn_on`/`estimated_warnings` on the summary;
    /// 4: a replay re-routes, the `reroute` line and the summary's `trace.reroutes`).
    public static let formatVersion = 4

    /// The JSON object of one record (no newline).
    /// - Complexity: O(length of the line); built in one byte buffer (a route has thousands of lines).
    public static func line(for record: GuidanceRecord) -> String {
        let w = record.waypoint
        var j = JSONWriter(capacity: 512)
        j.beginObject()
        j.field("seq", w.sequence)
        j.field("lat", w.coordinate.latitude, decimals: 7)
        j.field("lon", w.coordinate.longitude, decimals: 7)
        j.field("ele", w.elevation, decimals: 1)
        j.field("distance", w.distanceAlongRoute, decimals: 1)
        j.field("bearing", w.bearing.degrees, decimals: 1)
        j.field("kind", w.kind.rawValue)
        j.field("edge", Int(w.edge))
        j.key("speed_limit"); speedLimit(w.speedLimit, into: &j)
        j.field("speed", w.vehicleSpeed, decimals: 1)
        j.field("warning", w.warning.rawValue)
        j.field("color", WarningColor(w.warning).rawValue)
        j.field("warning_estimated", w.warningIsEstimated)
        if let m = w.maneuver {
            j.key("instruction")
            j.beginObject()
            maneuverFields(m, into: &j)
            j.field("road", m.roadName.isEmpty ? m.roadRef : m.roadName)
            j.field("follow", record.follow)
            j.endObject()
        }
        j.key("next")
        if let next = record.nextManeuver {
            j.beginObject()
            maneuverFields(next, into: &j)
            j.field("distance", record.distanceToNextManeuver, decimals: 1)
            j.endObject()
        } else {
            j.null()
        }
        if let v = record.vehicle {
            j.key("vehicle")
            j.beginObject()
            j.field("lat", v.coordinate.latitude, decimals: 7)
            j.field("lon", v.coordinate.longitude, decimals: 7)
            j.field("matched_lat", v.matched.latitude, decimals: 7)
            j.field("matched_lon", v.matched.longitude, decimals: 7)
            j.field("distance", v.distanceAlongRoute, decimals: 1)
            j.field("speed", v.speed, decimals: 1)
            j.field("time", v.time, decimals: 3)
            j.endObject()
        }
        j.endObject()
        return j.text
    }

    /// The `{"reroute":{…}}` object of a re-route (no newline).
    public static func line(for reroute: Reroute) -> String {
        var j = JSONWriter(capacity: 256)
        j.beginObject()
        j.key("reroute")
        j.beginObject()
        j.field("point", reroute.traceIndex)
        j.field("lat", reroute.coordinate.latitude, decimals: 7)
        j.field("lon", reroute.coordinate.longitude, decimals: 7)
        j.field("matched_lat", reroute.matched.latitude, decimals: 7)
        j.field("matched_lon", reroute.matched.longitude, decimals: 7)
        j.field("time", reroute.time, decimals: 3)
        j.field("distance", reroute.distance, decimals: 1)
        j.field("duration", reroute.duration, decimals: 1)
        j.endObject()
        j.endObject()
        return j.text
    }

    /// The closing `{"summary":{…}}` object (no newline).
    public static func summaryLine(_ summary: GuidanceSummary) -> String {
        var j = JSONWriter(capacity: 512)
        j.beginObject()
        j.key("summary")
        j.beginObject()
        j.field("format", "waymark-waypoints")
        j.field("version", formatVersion)
        j.field("warn_on", summary.warningPolicy.rawValue)
        j.field("waypoints", summary.waypoints)
        j.field("maneuvers", summary.maneuvers)
        j.field("distance", summary.distance, decimals: 1)
        j.field("duration", summary.duration, decimals: 1)
        j.key("warnings")
        j.beginObject()
        for warning in SpeedWarning.allCases { j.key(warning.rawValue); j.integer(summary.warnings[warning] ?? 0) }
        j.endObject()
        j.key("estimated_warnings")
        j.beginObject()
        for warning in SpeedWarning.allCases where warning.isComparison {
            j.key(warning.rawValue); j.integer(summary.estimatedWarnings[warning] ?? 0)
        }
        j.endObject()
        j.key("colors")
        j.beginObject()
        for color in WarningColor.allCases {
            let count = SpeedWarning.allCases.filter { WarningColor($0) == color }.reduce(0) { $0 + (summary.warnings[$1] ?? 0) }
            j.key(color.rawValue); j.integer(count)
        }
        j.endObject()
        j.key("directions")
        j.beginObject()
        for direction in TurnDirection.allCases { j.key(direction.rawValue); j.integer(summary.directions[direction] ?? 0) }
        j.endObject()
        if let total = summary.tracePoints {
            j.key("trace")
            j.beginObject()
            j.field("points", total)
            j.field("matched", summary.traceMatched ?? 0)
            j.field("discarded", summary.traceDiscarded ?? 0)
            j.field("replayed_distance", summary.replayedDistance, decimals: 1)
            j.field("reroutes", summary.reroutes ?? 0)
            j.endObject()
        }
        j.endObject()
        j.endObject()
        return j.text
    }

    private static func maneuverFields(_ m: Maneuver, into j: inout JSONWriter) {
        j.field("type", m.type.rawValue)
        j.field("modifier", m.modifier?.rawValue)
        j.field("direction", m.direction.rawValue)
        j.field("exit", m.exit)
        j.field("text", m.instruction)
        j.key("lanes")
        j.lanes(m.lanes, nullForAbsentIndication: true)
    }

    private static func speedLimit(_ limit: SpeedLimit, into j: inout JSONWriter) {
        j.beginObject()
        j.field("kind", limit.kindName)
        j.field("kmh", limit.kind == .limited ? Double(limit.kilometersPerHour) : nil, decimals: 1)
        j.field("value", limit.valueInTaggedUnit)
        j.field("unit", limit.unit.description)
        j.field("source", limit.source.description)
        j.field("estimated", limit.isEstimated)
        j.field("urban", limit.builtUp.isUrban)
        j.field("country", limit.region == .none ? nil : limit.region.country.description)
        j.field("region", limit.region == .none ? nil : limit.region.description)
        j.endObject()
    }
}
