/// The unit a speed limit was tagged in (the limit itself is always kept in km/h).
public enum SpeedUnit: UInt8, Sendable, Codable, CaseIterable, CustomStringConvertible {
    case kilometersPerHour = 0, milesPerHour, knots

    /// The unit's usual abbreviation: `km/h`, `mph`, `knots` (OSRM's annotation spells them so).
    public var description: String {
        switch self {
        case .kilometersPerHour: "km/h"
        case .milesPerHour: "mph"
        case .knots: "knots"
        }
    }
}

/// Where an edge's posted limit came from.
public enum SpeedLimitSource: UInt8, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// A numeric `maxspeed` (or `maxspeed:forward`/`:backward`) tag, or `walk`/`none`/`signals`.
    case tagged = 0
    /// A `CC:zone` form (`DE:urban`, `GB:nsl_single` …) resolved through the country table.
    case zone
    /// No usable tag: the default of the highway class (see `CarProfile`).
    case classDefault

    public var description: String {
        switch self {
        case .tagged: "tagged"
        case .zone: "zone"
        case .classDefault: "default"
        }
    }
}

/// The posted speed limit of an edge, kept apart from the speed routing assumes.
///
/// Invariant: `kind == .limited` iff `kilometersPerHour > 0`; for `.unlimited` (`maxspeed=none`) and
/// `.unknown` (`maxspeed=signals`, variable signs) the value is 0.
public struct SpeedLimit: Hashable, Sendable, Codable, CustomStringConvertible {
    public enum Kind: UInt8, Sendable, Codable {
        /// A numeric limit.
        case limited = 0
        /// No limit (`maxspeed=none`, e.g. German Autobahn).
        case unlimited
        /// The limit varies or is not known (`maxspeed=signals`, unparseable tags with no default).
        case unknown
    }

    // The float comes first so the three one-byte fields pack behind it: 8 bytes a value instead of 12
    // (a graph keeps one per directed edge).
    /// The limit in km/h, whatever unit it was tagged in; 0 unless `kind == .limited`.
    public var kilometersPerHour: Float
    public var kind: Kind
    /// The unit the tag used (mph roads keep `.milesPerHour` so exports can show "30 mph").
    public var unit: SpeedUnit
    public var source: SpeedLimitSource

    public init(kind: Kind, kilometersPerHour: Float, unit: SpeedUnit, source: SpeedLimitSource) {
        self.kind = kind
        self.kilometersPerHour = kind == .limited ? kilometersPerHour : 0
        self.unit = unit
        self.source = source
    }

    /// A numeric limit, given in km/h.
    public static func limited(_ kmh: KilometersPerHourValue, unit: SpeedUnit = .kilometersPerHour,
                               source: SpeedLimitSource) -> SpeedLimit {
        SpeedLimit(kind: .limited, kilometersPerHour: Float(kmh), unit: unit, source: source)
    }

    /// No limit.
    public static func unlimited(source: SpeedLimitSource = .tagged) -> SpeedLimit {
        SpeedLimit(kind: .unlimited, kilometersPerHour: 0, unit: .kilometersPerHour, source: source)
    }

    /// Unknown or variable limit.
    public static func unknown(source: SpeedLimitSource = .tagged) -> SpeedLimit {
        SpeedLimit(kind: .unknown, kilometersPerHour: 0, unit: .kilometersPerHour, source: source)
    }

    /// The limit expressed in its tagged unit (e.g. 30 for a 30 mph road), rounded; nil unless limited.
    public var valueInTaggedUnit: Int? {
        guard kind == .limited else { return nil }
        let v = Double(kilometersPerHour)
        switch unit {
        case .kilometersPerHour: return Int(v.rounded())
        case .milesPerHour: return Int((v / 1.609344).rounded())
        case .knots: return Int((v / 1.852).rounded())
        }
    }

    public var description: String {
        switch kind {
        case .limited: "\(valueInTaggedUnit ?? 0) \(unit) (\(source))"
        case .unlimited: "none (\(source))"
        case .unknown: "unknown (\(source))"
        }
    }
}

/// A plain number of km/h given to `SpeedLimit.limited`.
public typealias KilometersPerHourValue = Double
