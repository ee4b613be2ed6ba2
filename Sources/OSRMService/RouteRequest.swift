import RouteFormats
import Geodesy
import Guidance
import Routing

/// A `/route/v1` request: coordinates and OSRM's route options, with OSRM's defaults.
///
/// The one request model of `waymark serve` and `waymark route --format osrm`: both build it with
/// `parse(coordinates:options:limits:)` from name/value options and answer it with
/// `RoutingService.route(_:)`, so the same request prints the same body.
public struct RouteRequest: Sendable {
    /// OSRM's `overview`: the whole route's geometry simplified, full, or left out.
    public enum Overview: String, Sendable, CaseIterable {
        case simplified, full
        case none = "false"
    }

    /// One kind of per-segment annotation (`annotations=`); `maxspeed` is Mapbox's extension.
    public enum Annotation: String, Sendable, CaseIterable, Hashable {
        case nodes, distance, duration, datasources, weight, speed, maxspeed
    }

    /// OSRM's `continue_straight`: whether a route may turn around at a via point.
    public enum ContinueStraight: String, Sendable, CaseIterable {
        case `default`
        case yes = "true"
        case no = "false"
    }

    public var coordinates: [Coordinate]
    public var steps = false
    public var geometries: OSRMRouteResponse.GeometryFormat = .polyline
    public var overview: Overview = .simplified
    public var annotations: Set<Annotation> = []
    /// Alternatives asked for (0 for `false`, 1 for `true`), at most `ServiceLimits.alternatives`: the
    /// answer holds the best route and up to that many admissible alternatives, found only between two
    /// coordinates (OSRM's documentation: "a result cannot be guaranteed").
    public var alternatives = 0
    public var continueStraight: ContinueStraight = .default
    public var snapping: SnapOptions
    /// Indices of the coordinates that end legs (`waypoints=`); nil for all of them.
    public var waypoints: [Int]?
    public var skipWaypoints = false
    /// What the route minimises: time as OSRM (the CLI's `--metric distance` is Waymark's own).
    public var metric: RoutingMetric = .time
    /// Mapbox's `voice_instructions` and `banner_instructions` (both need `steps`).
    public var voiceInstructions = false
    public var bannerInstructions = false
    /// Mapbox's `voice_units`: metric (default) or imperial.
    public var voiceUnits: VoiceUnits = .metric
    /// The language of every instruction text (`language`: en or hr, or a locale of either such as `en-US`).
    public var language: InstructionLanguage = .en
    /// Mapbox's `roundabout_exits`: whether leaving a roundabout is a step of its own (`exit roundabout`),
    /// as Waymark always answers unless asked `false`.
    public var roundaboutExits = true

    public init(coordinates: [Coordinate]) {
        self.coordinates = coordinates
        self.snapping = SnapOptions(count: coordinates.count)
    }

    /// The option names the route service takes.
    static let optionNames = ["steps", "geometries", "overview", "annotations", "alternatives", "continue_straight",
                              "waypoints"] + SnapOptions.optionNames + instructionOptionNames

    /// The instruction options of Mapbox's Directions API, which `/route/v1` takes as well.
    static let instructionOptionNames = ["voice_instructions", "banner_instructions", "voice_units", "language", "roundabout_exits"]

    /// Builds a request from the coordinates segment and the options.
    /// - Throws: `InvalidQuery` for malformed coordinates or options, `InvalidValue` for a coordinate out
    ///   of range, `InvalidOptions` for options that do not fit (list lengths, indices), `TooBig` past
    ///   `limits.routeCoordinates`.
    public static func parse(coordinates text: String, options: [(name: String, value: String)],
                             limits: ServiceLimits) throws(ServiceError) -> RouteRequest {
        try parse(coordinates: CoordinateList.parse(text), options: options, limits: limits)
    }

    /// Builds a request from parsed coordinates (the CLI's `--from`/`--via`/`--to`) and the options.
    public static func parse(coordinates: [Coordinate], options: [(name: String, value: String)],
                             limits: ServiceLimits) throws(ServiceError) -> RouteRequest {
        for (i, c) in coordinates.enumerated() where !c.isValid {
            throw ServiceError(.invalidValue, "Invalid coordinate value: coordinate \(i) is out of range")
        }
        guard coordinates.count >= 2 else {
            throw ServiceError(.invalidOptions, "a route needs at least two coordinates (got \(coordinates.count))")
        }
        guard coordinates.count <= limits.routeCoordinates else {
            throw ServiceError(.tooBig, "Number of entries \(coordinates.count) is higher than current maximum (\(limits.routeCoordinates))")
        }
        var reader = try OptionReader(options)
        var request = RouteRequest(coordinates: coordinates)
        request.steps = try reader.bool("steps", default: false)
        request.geometries = try reader.choice("geometries", default: .polyline)
        request.overview = try reader.choice("overview", default: .simplified)
        request.annotations = try parseAnnotations(reader.take("annotations"))
        request.alternatives = try parseAlternatives(reader.take("alternatives"))
        guard request.alternatives <= limits.alternatives else {
            throw ServiceError(.tooBig, "Requested number of alternatives is higher than current maximum (\(limits.alternatives))")
        }
        request.continueStraight = try reader.choice("continue_straight", default: .default)
        request.snapping = try SnapOptions.read(from: &reader, count: coordinates.count)
        request.waypoints = try reader.indices("waypoints", count: coordinates.count)
        if let waypoints = request.waypoints {
            guard waypoints.first == 0, waypoints.last == coordinates.count - 1 else {
                throw ServiceError(.invalidOptions, "First and last coordinates must be specified in waypoints")
            }
            guard zip(waypoints, waypoints.dropFirst()).allSatisfy({ $0 < $1 }) else {
                throw ServiceError(.invalidOptions, "waypoints must be given in increasing order, each once")
            }
        }
        request.skipWaypoints = try reader.bool("skip_waypoints", default: false)
        try request.readInstructionOptions(from: &reader)
        try reader.finish(allowed: optionNames)
        return request
    }

    /// Reads `voice_instructions`, `banner_instructions`, `voice_units`, `language` and `roundabout_exits`.
    /// - Throws: `InvalidValue` naming `voice_units` or `language` for a value outside their choices,
    ///   `InvalidOptions` for voice or banner instructions without steps.
    mutating func readInstructionOptions(from reader: inout OptionReader) throws(ServiceError) {
        voiceInstructions = try reader.bool("voice_instructions", default: false)
        bannerInstructions = try reader.bool("banner_instructions", default: false)
        if let units = reader.take("voice_units") {
            guard let parsed = VoiceUnits(rawValue: units) else {
                throw ServiceError(.invalidValue, "voice_units='\(units.prefix(60))': expected metric or imperial")
            }
            voiceUnits = parsed
        }
        if let language = reader.take("language") {
            guard let parsed = Self.language(language) else {
                throw ServiceError(.invalidValue, "language='\(language.prefix(60))': expected en or hr (or a locale such as en-US)")
            }
            self.language = parsed
        }
        roundaboutExits = try reader.bool("roundabout_exits", default: true)
        if (voiceInstructions || bannerInstructions) && !steps {
            throw ServiceError(.invalidOptions, "\(voiceInstructions ? "voice_instructions" : "banner_instructions") needs steps=true")
        }
    }

    /// The instruction language of a `language` value: `en`, `hr`, or a locale of either (`en-US`, `hr_HR`).
    static func language(_ text: String) -> InstructionLanguage? {
        InstructionLanguage(rawValue: text.prefix { $0 != "-" && $0 != "_" }.lowercased())
    }

    static func parseAnnotations(_ text: String?) throws(ServiceError) -> Set<Annotation> {
        guard let text else { return [] }
        switch text {
        case "false": return []
        case "true": return Set(Annotation.allCases)
        default:
            var result: Set<Annotation> = []
            for item in text.split(separator: ",", omittingEmptySubsequences: false) {
                guard let kind = Annotation(rawValue: String(item)) else {
                    throw OptionReader.invalid("annotations", text, expected: "true, false or a list of " + Annotation.allCases.map(\.rawValue).joined(separator: ","))
                }
                result.insert(kind)
            }
            return result
        }
    }

    static func parseAlternatives(_ text: String?) throws(ServiceError) -> Int {
        guard let text else { return 0 }
        switch text {
        case "false": return 0
        case "true": return 1
        default:
            guard let n = OptionReader.integer(text), n <= 100 else {
                throw OptionReader.invalid("alternatives", text, expected: "true, false or a number of alternatives")
            }
            return n
        }
    }
}
