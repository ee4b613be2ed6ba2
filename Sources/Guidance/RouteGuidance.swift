import Geodesy
import RoadNetwork
import Routing

// CONTRACT (the guidance engineer implements the bodies; signatures are relied on by ARExport and the CLI).

/// How densely waypoints are inserted along the route.
public enum SpacingPolicy: Sendable, Hashable {
    /// The design's bands: a stretch of 20–100 m gets a waypoint every 20 m, 100–1000 m every 50 m,
    /// 1–5 km every 100 m, over 5 km every 200 m; shorter stretches get none.
    case bands
    /// A fixed interval.
    case fixed(Meters)
}

/// The language of instruction texts.
public enum InstructionLanguage: String, Sendable, CaseIterable {
    case en, hr
}

/// Options of the guidance passes.
public struct GuidanceOptions: Sendable {
    public var spacing: SpacingPolicy
    public var language: InstructionLanguage
    /// A planned constant speed for the warnings; nil when no speed is known (warnings `unknown`).
    public var plannedSpeed: KilometersPerHour?
    /// Which limits the warnings compare the speed with (`--warn-on`; default every limit).
    public var warningPolicy: WarningPolicy

    public init(spacing: SpacingPolicy = .bands, language: InstructionLanguage = .en, plannedSpeed: KilometersPerHour? = nil,
                warningPolicy: WarningPolicy = .both) {
        self.spacing = spacing
        self.language = language
        self.plannedSpeed = plannedSpeed
        self.warningPolicy = warningPolicy
    }
}

/// One turn-by-turn step: a maneuver, then the stretch of road driven until the next one (OSRM's step).
public struct RouteStep: Sendable {
    public var maneuver: Maneuver
    /// Road name of the stretch ("" when unnamed).
    public var name: String
    public var ref: String
    /// The signposted destinations of the road taken (OSRM's `destinations`; "" when none).
    public var destinations: String
    /// The exit numbers or names of the maneuver (OSRM's `exits`; "" when none): the road's `junction:ref`,
    /// else, where the step takes a slip road off a numbered motorway junction, that junction's number.
    public var exits: String
    public var distance: Meters
    public var duration: Seconds
    /// Geometry of the stretch, starting at the maneuver location.
    public var coordinates: [Coordinate]
    /// Driving, or on a ferry.
    public var mode: TravelMode
    /// The lanes at the maneuver's junction, left to right, when the road arriving there maps them
    /// (`turn:lanes`); empty when it does not.
    public var lanes: [Lane] = []
    /// The lanes at the junctions the step drives through after its maneuver, where their roads map lanes,
    /// in driving order.
    public var passedLanes: [PassedJunctionLanes] = []

    public init(maneuver: Maneuver, name: String, ref: String, destinations: String = "", exits: String = "",
                distance: Meters, duration: Seconds, coordinates: [Coordinate], mode: TravelMode = .driving) {
        self.maneuver = maneuver
        self.name = name
        self.ref = ref
        self.destinations = destinations
        self.exits = exits
        self.distance = distance
        self.duration = duration
        self.coordinates = coordinates
        self.mode = mode
    }
}

/// The guidance pipeline over a route: steps (turn-by-turn) and the densified waypoint list.
///
/// Each pass comes in two forms: over a bare graph, measuring the junctions and rings of the route as it
/// goes (one route), and over a `GuidanceIndex` that has measured the whole graph once (many routes,
/// as a server answers). Both give the same result.
public enum RouteGuidance {
    /// The turn-by-turn steps of one leg, from `depart` to `arrive`.
    /// - Complexity: O(coordinates + edges × junction degree) of the leg.
    public static func steps(for leg: RouteLeg, in graph: RoadGraph, language: InstructionLanguage = .en) -> [RouteStep] {
        steps(for: leg, using: .measuringOnDemand(graph), language: language)
    }

    /// `steps(for:in:language:)` over an index of the graph.
    public static func steps(for leg: RouteLeg, using index: GuidanceIndex, language: InstructionLanguage = .en) -> [RouteStep] {
        StepBuilder(index: index, leg: leg, language: language).steps()
    }

    /// The steps of every leg of a route, one array per leg; unlike `steps(for:in:language:)` on a lone
    /// leg, an intermediate leg's arrival names its via point ("You have arrived at waypoint 1").
    /// - Complexity: O(coordinates + edges × junction degree) of the route.
    public static func steps(for route: Route, in graph: RoadGraph, language: InstructionLanguage = .en) -> [[RouteStep]] {
        steps(for: route, using: .measuringOnDemand(graph), language: language)
    }

    /// `steps(for:in:language:)` of a route over an index of the graph.
    ///
    /// `shouldStop`, asked before each leg, abandons the work (a server's request whose time ran out): the
    /// legs not yet built are left out, so the caller must discard the result when it returns true.
    public static func steps(for route: Route, using index: GuidanceIndex, language: InstructionLanguage = .en,
                             shouldStop: (() -> Bool)? = nil) -> [[RouteStep]] {
        var steps: [[RouteStep]] = []
        steps.reserveCapacity(route.legs.count)
        for (n, leg) in route.legs.enumerated() {
            if let shouldStop, shouldStop() { break }
            var builder = StepBuilder(index: index, leg: leg, language: language)
            if n < route.legs.count - 1 { builder.arrivalIndex = n + 1 }
            steps.append(builder.steps())
        }
        return steps
    }

    /// The full waypoint list of a route: densified, with maneuvers, speed limits and warnings.
    ///
    /// Every waypoint carries `options.plannedSpeed` as the vehicle speed (a trace replay sets it per
    /// point instead, see `GuidanceReplay`), and its warning under `options.warningPolicy`.
    /// - Complexity: O(coordinates + inserted points + edges × junction degree).
    public static func waypoints(for route: Route, in graph: RoadGraph, options: GuidanceOptions = GuidanceOptions()) -> [Waypoint] {
        waypoints(for: route, using: .measuringOnDemand(graph), options: options)
    }

    /// `waypoints(for:in:options:)` over an index of the graph.
    public static func waypoints(for route: Route, using index: GuidanceIndex,
                                 options: GuidanceOptions = GuidanceOptions()) -> [Waypoint] {
        let speed = options.plannedSpeed
        return WaypointBuilder(index: index, options: options).build(for: route) { _ in speed }
    }
}
