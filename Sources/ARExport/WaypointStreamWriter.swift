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
    /// - Complexity: O(length of the line); built in one byte buffer (a route has thousands of lines).
    public static func line(for record: GuidanceRecord) -> String {
        let w = record.waypoint
        var j = JSONLine()
        j.raw("{\"seq\":"); j.int(w.sequence)
        j.raw(",\"lat\":"); j.fixed(w.coordinate.latitude, 7)
        j.raw(",\"lon\":"); j.fixed(w.coordinate.longitude, 7)
        j.raw(",\"ele\":"); j.fixed(w.elevation, 1)
        j.raw(",\"distance\":"); j.fixed(w.distanceAlongRoute, 1)
        j.raw(",\"bearing\":"); j.fixed(w.bearing.degrees, 1)
        j.raw(",\"kind\":"); j.string(w.kind.rawValue)
        j.raw(",\"edge\":"); j.int(Int(w.edge))
        j.raw(",\"speed_limit\":"); speedLimit(w.speedLimit, into: &j)
        j.raw(",\"speed\":"); j.fixed(w.vehicleSpeed, 1)
        j.raw(",\"warning\":"); j.string(w.warning.rawValue)
        j.raw(",\"colour\":"); j.string(colour(for: w.warning))
        if let m = w.maneuver {
            j.raw(",\"instruction\":{"); maneuverFields(m, into: &j)
            j.raw(",\"road\":"); j.string(m.roadName.isEmpty ? m.roadRef : m.roadName)
            j.raw(",\"follow\":"); j.string(record.follow)
            j.raw("}")
        }
        if let next = record.nextManeuver {
            j.raw(",\"next\":{"); maneuverFields(next, into: &j)
            j.raw(",\"distance\":"); j.fixed(record.distanceToNextManeuver, 1)
            j.raw("}")
        } else {
            j.raw(",\"next\":null")
        }
        if let v = record.vehicle {
            j.raw(",\"vehicle\":{\"lat\":"); j.fixed(v.coordinate.latitude, 7)
            j.raw(",\"lon\":"); j.fixed(v.coordinate.longitude, 7)
            j.raw(",\"matched_lat\":"); j.fixed(v.matched.latitude, 7)
            j.raw(",\"matched_lon\":"); j.fixed(v.matched.longitude, 7)
            j.raw(",\"distance\":"); j.fixed(v.distanceAlongRoute, 1)
            j.raw(",\"speed\":"); j.fixed(v.speed, 1)
            j.raw(",\"time\":"); j.fixed(v.time, 3)
            j.raw("}")
        }
        j.raw("}")
        return j.text
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

    private static func maneuverFields(_ m: Maneuver, into j: inout JSONLine) {
        j.raw("\"type\":"); j.string(m.type.rawValue)
        j.raw(",\"modifier\":"); j.string(m.modifier?.rawValue)
        j.raw(",\"direction\":"); j.string(m.direction.rawValue)
        j.raw(",\"exit\":")
        if let exit = m.exit { j.int(exit) } else { j.raw("null") }
        j.raw(",\"text\":"); j.string(m.instruction)
    }

    private static func speedLimit(_ limit: SpeedLimit, into j: inout JSONLine) {
        j.raw("{\"kind\":")
        switch limit.kind {
        case .limited: j.string("limited")
        case .unlimited: j.string("unlimited")
        case .unknown: j.string("unknown")
        }
        j.raw(",\"kmh\":"); j.fixed(limit.kind == .limited ? Double(limit.kilometersPerHour) : nil, 1)
        j.raw(",\"value\":")
        if let v = limit.valueInTaggedUnit { j.int(v) } else { j.raw("null") }
        j.raw(",\"unit\":"); j.string(limit.unit.description)
        j.raw(",\"source\":"); j.string(limit.source.description)
        j.raw("}")
    }
}

/// A JSON text assembled in one byte buffer: fixed-precision numbers (trailing zeros dropped, never an
/// exponent, `null` for nil or non-finite values, the same text as `ExportFormatting.fixed`) and
/// RFC 8259 string escaping.
struct JSONLine {
    private var bytes: [UInt8] = []
    private static let powersOfTen: [Double] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000]

    init() { bytes.reserveCapacity(512) }

    var text: String { String(decoding: bytes, as: UTF8.self) }

    mutating func raw(_ s: StaticString) {
        s.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func int(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        digits(UInt64(value.magnitude), minimumCount: 1)
    }

    /// `value` rounded to `decimals` (at most 7) places, trailing zeros dropped.
    mutating func fixed(_ value: Double?, _ decimals: Int) {
        guard let value, value.isFinite else { raw("null"); return }
        let scaled = (value * Self.powersOfTen[decimals]).rounded()
        guard abs(scaled) < 9.0e15 else { bytes.append(contentsOf: "\(value)".utf8); return }
        var units = Int64(scaled)
        if units == 0 { bytes.append(UInt8(ascii: "0")); return }
        if units < 0 { bytes.append(UInt8(ascii: "-")); units = -units }
        let scale = Int64(Self.powersOfTen[decimals])
        digits(UInt64(units / scale), minimumCount: 1)
        var fraction = units % scale
        guard fraction != 0 else { return }
        var places = decimals
        while fraction % 10 == 0 { fraction /= 10; places -= 1 }
        bytes.append(UInt8(ascii: "."))
        digits(UInt64(fraction), minimumCount: places)
    }

    /// A JSON string literal, or `null` for nil.
    mutating func string(_ text: String?) {
        guard let text else { raw("null"); return }
        bytes.append(UInt8(ascii: "\""))
        for b in text.utf8 {
            switch b {
            case UInt8(ascii: "\""): raw("\\\"")
            case UInt8(ascii: "\\"): raw("\\\\")
            case 0x0A: raw("\\n")
            case 0x0D: raw("\\r")
            case 0x09: raw("\\t")
            case 0..<0x20:
                raw("\\u00")
                let hex: [UInt8] = Array("0123456789abcdef".utf8)
                bytes.append(hex[Int(b >> 4)])
                bytes.append(hex[Int(b & 15)])
            default: bytes.append(b)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Decimal digits of `value`, left-padded with zeros to `minimumCount`.
    private mutating func digits(_ value: UInt64, minimumCount: Int) {
        var buffer: (UInt64, UInt64, UInt64) = (0, 0, 0)   // 24 bytes: room for 20 digits
        var v = value, count = 0
        withUnsafeMutableBytes(of: &buffer) { raw in
            repeat {
                raw[23 - count] = UInt8(ascii: "0") + UInt8(v % 10)
                v /= 10
                count += 1
            } while v > 0 || count < minimumCount
            bytes.append(contentsOf: raw[(24 - count)...])
        }
    }
}
