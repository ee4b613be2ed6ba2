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

/// Where an edge's speed limit came from: posted on the road (a sign, as mapped) or estimated.
///
/// The raw values are stored in road databases; new cases go at the end.
public enum SpeedLimitSource: UInt8, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// A numeric `maxspeed` (or `maxspeed:forward`/`:backward`) tag, or `walk`/`none`/`signals`.
    case posted = 0
    /// A zone the way is tagged to lie in (`maxspeed=DE:urban`, `zone:maxspeed=DE:30`,
    /// `maxspeed:type=GB:nsl_single` …): the sign is the zone's, the value the country's rule for it.
    case zone
    /// Nothing else applied: the default of the highway class (`CarProfile.defaultSpeedLimits`).
    case classDefault
    /// The country's legal default for the road type (the OSM wiki's rules), urban or rural as
    /// `SpeedLimit.builtUp` says.
    case legalDefault
    /// The posted limit of the surrounding roads of the same kind.
    case neighbours

    /// The spelling in every output (snake_case).
    public var description: String {
        switch self {
        case .posted: "posted"
        case .zone: "zone"
        case .classDefault: "class_default"
        case .legalDefault: "legal_default"
        case .neighbours: "neighbours"
        }
    }

    /// Whether Waymark worked the limit out rather than read it off the road's tags; every output says so.
    public var isEstimated: Bool {
        switch self {
        case .posted, .zone: false
        case .classDefault, .legalDefault, .neighbours: true
        }
    }
}

/// Whether a road lies in a built-up area (urban) or not, and what said so.
///
/// The raw values are stored in road databases; new cases go at the end.
public enum BuiltUpArea: UInt8, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// Not worked out (a graph built without the estimate).
    case unknown = 0
    /// The way's tags say urban (`maxspeed:type=DE:urban`, `zone:traffic`, `source:maxspeed`, `rural=no` …).
    case urbanByTags
    /// The way's tags say rural (`DE:rural`, `GB:nsl_single`, `rural=yes` …).
    case ruralByTags
    /// Inside a built-up area of the extract (residential, commercial, retail or industrial land use, a
    /// settlement's area).
    case urbanByArea
    /// The road network around it is as dense as a town's.
    case urbanByDensity
    /// The road network around it is as sparse as the countryside's.
    case ruralByDensity

    /// true urban, false rural, nil unknown.
    public var isUrban: Bool? {
        switch self {
        case .unknown: nil
        case .urbanByTags, .urbanByArea, .urbanByDensity: true
        case .ruralByTags, .ruralByDensity: false
        }
    }

    /// What decided: `tags`, `area`, `density`, or `unknown`.
    public var basis: String {
        switch self {
        case .unknown: "unknown"
        case .urbanByTags, .ruralByTags: "tags"
        case .urbanByArea: "area"
        case .urbanByDensity, .ruralByDensity: "density"
        }
    }

    /// `urban`, `rural` or `unknown`.
    public var description: String {
        switch isUrban {
        case true?: "urban"
        case false?: "rural"
        case nil: "unknown"
        }
    }
}

/// An ISO 3166-1 country (`PT`) or ISO 3166-2 subdivision (`US-CA`) code, packed into one word so that
/// it costs 8 bytes wherever it is kept; `none` when the region is not known (the sea, a graph built
/// without the estimate).
///
/// Invariant: `packed` holds 0–8 ASCII bytes, the first in the lowest byte, no NUL before the last.
public struct RegionCode: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    public let packed: UInt64

    /// No region.
    public static let none = RegionCode(packed: 0)

    public init(packed: UInt64) {
        self.packed = packed
    }

    /// The code of `text` (upper-cased), nil unless it is 1–8 characters of letters, digits and `-`.
    public init?(_ text: some StringProtocol) {
        let bytes = Array(text.uppercased().utf8)
        guard (1...8).contains(bytes.count),
              bytes.allSatisfy({ ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }) else { return nil }
        var packed: UInt64 = 0
        for (i, b) in bytes.enumerated() { packed |= UInt64(b) << (8 * UInt64(i)) }
        self.packed = packed
    }

    /// The text of the code; empty for `none`.
    public var description: String {
        var bytes: [UInt8] = []
        var rest = packed
        while rest != 0 {
            bytes.append(UInt8(rest & 0xFF))
            rest >>= 8
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The country part (`US` of `US-CA`).
    public var country: RegionCode {
        let text = description
        guard let dash = text.firstIndex(of: "-") else { return self }
        return RegionCode(text[..<dash]) ?? self
    }

    public static func < (a: RegionCode, b: RegionCode) -> Bool { a.description < b.description }
}

/// The speed limit of an edge, kept apart from the speed routing assumes, with where it came from.
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

    // The float comes first so the four one-byte fields pack behind it, then the region word: 16 bytes a
    // value (graphs intern them: a few thousand distinct values on a city).
    /// The limit in km/h, whatever unit it was tagged in; 0 unless `kind == .limited`.
    public var kilometersPerHour: Float
    public var kind: Kind
    /// The unit the tag (or the country's rule) used: mph roads keep `.milesPerHour` so exports can show "30 mph".
    public var unit: SpeedUnit
    public var source: SpeedLimitSource
    /// Whether the road is in a built-up area, as the estimate decided (also on posted limits).
    public var builtUp: BuiltUpArea
    /// The country or subdivision the road lies in.
    public var region: RegionCode

    public init(kind: Kind, kilometersPerHour: Float, unit: SpeedUnit, source: SpeedLimitSource,
                builtUp: BuiltUpArea = .unknown, region: RegionCode = .none) {
        self.kind = kind
        self.kilometersPerHour = kind == .limited ? kilometersPerHour : 0
        self.unit = unit
        self.source = source
        self.builtUp = builtUp
        self.region = region
    }

    /// A numeric limit, given in km/h.
    public static func limited(_ kmh: KilometersPerHourValue, unit: SpeedUnit = .kilometersPerHour,
                               source: SpeedLimitSource) -> SpeedLimit {
        SpeedLimit(kind: .limited, kilometersPerHour: Float(kmh), unit: unit, source: source)
    }

    /// No limit.
    public static func unlimited(source: SpeedLimitSource = .posted) -> SpeedLimit {
        SpeedLimit(kind: .unlimited, kilometersPerHour: 0, unit: .kilometersPerHour, source: source)
    }

    /// Unknown or variable limit.
    public static func unknown(source: SpeedLimitSource = .posted) -> SpeedLimit {
        SpeedLimit(kind: .unknown, kilometersPerHour: 0, unit: .kilometersPerHour, source: source)
    }

    /// Whether Waymark estimated the limit (`SpeedLimitSource.isEstimated`).
    public var isEstimated: Bool { source.isEstimated }

    /// The same limit with its context (built-up area, region) replaced.
    public func placed(builtUp: BuiltUpArea, region: RegionCode) -> SpeedLimit {
        var copy = self
        copy.builtUp = builtUp
        copy.region = region
        return copy
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

    /// `kind` as every output spells it: `limited`, `unlimited` or `unknown`.
    public var kindName: String {
        switch kind {
        case .limited: "limited"
        case .unlimited: "unlimited"
        case .unknown: "unknown"
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
