import ArgumentParser

/// `waymark route`'s OSRM options: the query options of OSRM's `/route/v1`, same names (with dashes)
/// and values, read by the service's own parser (`RouteRequest.parse`), so their defaults and errors
/// are the server's. Only valid with `--format osrm`.
struct OSRMRouteArguments: ParsableArguments {
    @Option(name: .long, help: "osrm: steps true (default here) or false (OSRM's server default).")
    var steps: String?
    @Option(name: .long, help: "osrm: geometry encoding polyline (default), polyline6 or geojson.")
    var geometries: String?
    @Option(name: .long, help: "osrm: overview simplified (default), full or false.")
    var overview: String?
    @Option(name: .long, help: "osrm: annotations true, false (default) or a list of nodes,distance,duration,datasources,weight,speed,maxspeed.")
    var annotations: String?
    @Option(name: .long, help: "osrm: alternatives true, false (default) or a number up to 3: the best route and up to that many alternatives (two coordinates only).")
    var alternatives: String?
    @Option(name: .customLong("continue-straight"), help: "osrm: continue_straight default, true or false (no U-turn at via points unless false).")
    var continueStraight: String?
    @Option(name: .long, help: ArgumentHelp("osrm: radiuses {radius};{radius}... per coordinate (metres or unlimited).", valueName: "list"))
    var radiuses: String?
    @Option(name: .long, help: ArgumentHelp("osrm: bearings {value},{range};... per coordinate.", valueName: "list"))
    var bearings: String?
    @Option(name: .long, help: ArgumentHelp("osrm: exclude motorway, toll and/or ferry (comma-separated).", valueName: "classes"))
    var exclude: String?
    @Option(name: .long, help: ArgumentHelp("osrm: waypoints {index};{index}... that end legs (first and last included).", valueName: "list"))
    var waypoints: String?
    @Option(name: .customLong("skip-waypoints"), help: "osrm: skip_waypoints true or false (default false).")
    var skipWaypoints: String?
    @Option(name: .customLong("voice-instructions"), help: "osrm: voice_instructions true or false (default false): Mapbox's spoken announcements on every step.")
    var voiceInstructions: String?
    @Option(name: .customLong("banner-instructions"), help: "osrm: banner_instructions true or false (default false): Mapbox's banners on every step.")
    var bannerInstructions: String?
    @Option(name: .customLong("voice-units"), help: "osrm: voice_units metric (default) or imperial.")
    var voiceUnits: String?
    @Option(name: .customLong("roundabout-exits"), help: "osrm: roundabout_exits true (default) or false (leaving a roundabout is no step of its own).")
    var roundaboutExits: String?

    /// The OSRM request the command makes: the options given, and `steps=true` unless `--steps` says
    /// otherwise. A command-line route is read for its turns (the guidance scorer and people alike), so
    /// the CLI asks for steps where an HTTP client must ask; the body is the server's for that request.
    func options() -> [(name: String, value: String)] {
        var given = givenOptions()
        if steps == nil { given.insert((name: "steps", value: "true"), at: 0) }
        return given
    }

    /// The options given on the command line, as OSRM query name/value pairs.
    func givenOptions() -> [(name: String, value: String)] {
        let all: [(String, String?)] = [
            ("steps", steps), ("geometries", geometries), ("overview", overview), ("annotations", annotations),
            ("alternatives", alternatives), ("continue_straight", continueStraight), ("radiuses", radiuses),
            ("bearings", bearings), ("exclude", exclude), ("waypoints", waypoints), ("skip_waypoints", skipWaypoints),
            ("voice_instructions", voiceInstructions), ("banner_instructions", bannerInstructions), ("voice_units", voiceUnits),
            ("roundabout_exits", roundaboutExits),
        ]
        return all.compactMap { name, value in value.map { (name, $0) } }
    }

    /// Fails when an OSRM option is given without `--format osrm` (it would be silently ignored).
    func rejectUnlessOSRM() throws {
        if let first = givenOptions().first {
            throw CommandFailure(message: "--\(first.name.replacingOccurrences(of: "_", with: "-")): an OSRM option, expected only with --format osrm")
        }
    }
}
