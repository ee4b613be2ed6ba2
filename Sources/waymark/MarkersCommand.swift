import ArgumentParser
import ARExport
import Foundation
import Geodesy
import Guidance
import Places
import RoadNetwork
import RoadNetworkStore
import Routing

/// `waymark markers`: routes, runs guidance, and writes the AR marker list (json, geojson, csv, gpx).
struct MarkersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "markers",
        abstract: "Write AR markers for a route: road markers, turn arrows, the destination arrow and POI labels.",
        discussion: """
        Positions are metres from the origin (default: the route start), as east/north/up and in ARKit's
        gravityAndHeading axes (x east, y up, z south); the camera is the origin, held --camera-height
        above the road, so the road surface at the origin is at y = -camera-height. Yaw is radians about +y,
        counter-clockwise from above, 0 = facing north (-z). Heights come from OSM ele data, else --dem
        SRTM tiles, else are relative to the origin (marked 'unknown').
        """)

    @OptionGroup var source: GraphSource

    @OptionGroup var endpoints: RouteEndpoints



    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("AR origin LAT,LON[,ALT] (ALT = ground height in metres); default the route start.", valueName: "lat,lon[,alt]"))
    var origin: String?

    @Option(name: .long, help: "Planned constant speed in km/h, for the marker colours (speed warnings).")
    var speed: Double?

    @Option(name: .long, help: "Output format: json, geojson, csv or gpx.")
    var format: String = "json"

    @Option(name: .long, help: "Camera height above the road at the origin, metres.")
    var cameraHeight: Double = 1.5

    @Option(name: .long, help: "Road markers' height above the road surface, metres.")
    var roadMarkerHeight: Double = 0.5

    @Option(name: .long, help: "Turn arrows' height above the road, metres.")
    var arrowHeight: Double = 4

    @Option(name: .long, help: "Destination and via arrows' height above the road, metres.")
    var destinationHeight: Double = 6

    @Option(name: .long, help: "POI labels' height above the ground, metres.")
    var poiHeight: Double = 3

    @Option(name: .long, help: "Markers per batch.")
    var batchSize: Int = 200

    @Option(name: .long, help: "Request the next batch within this many metres of the batch's last marker.")
    var batchTrigger: Double = 25

    @Option(name: .long, help: "Markers are visible within this radius, metres.")
    var visibility: Double = 50

    @Option(name: .long, help: "A directory of SRTM .hgt tiles (1\" or 3\", e.g. N43E007.hgt) for heights.")
    var dem: String?

    @Option(name: .long, help: "Add labels of these POI categories near the route (comma-separated, at most 6, or 'all').")
    var pois: String?

    @Option(name: .long, help: "POIs within this distance of the route get a label, metres (at most 1000).")
    var poiCorridor: Double = 100

    @Option(name: .long, help: "Waypoint spacing: 'bands' (default) or a fixed interval in metres.")
    var spacing: String = "bands"

    @Option(name: .long, help: "Instruction language: en or hr.")
    var language: String = "en"

    @Option(name: [.short, .long], help: "Write to this file (replaced atomically) instead of standard output ('-').")
    var output: String?

    @Flag(name: .long, help: "Print the time of each stage (load, route, guidance, POIs, markers, write) on standard error.")
    var timings = false

    /// The output formats.
    enum Format: String, CaseIterable { case json, geojson, csv, gpx }

    func validate() throws {
        _ = try markerOptions()
        _ = try guidanceOptions()
        if pois != nil { try NumericOption.check(poiCorridor, option: "--poi-corridor", range: 1...PointOfInterestFinder.maximumCorridor, unit: "a distance in metres") }
    }

    /// The marker options from the command line, validated.
    func markerOptions() throws -> ARMarkerOptions {
        var options = ARMarkerOptions()
        if let origin {
            let parsed = try Self.origin(origin)
            options.origin = parsed.coordinate
            options.originAltitude = parsed.altitude
        }
        options.cameraHeight = cameraHeight
        options.roadMarkerHeight = roadMarkerHeight
        options.turnArrowHeight = arrowHeight
        options.destinationHeight = destinationHeight
        options.poiLabelHeight = poiHeight
        options.batchSize = batchSize
        options.batchTrigger = batchTrigger
        options.visibilityRadius = visibility
        try Self.failing { () throws(ARExportError) in try options.validate() }
        return options
    }

    func run() throws {
        try reportingFailures {
            // Everything that can be checked without the graph is checked first, so bad options fail fast.
            guard let outputFormat = Format(rawValue: format.lowercased()) else {
                throw CommandFailure(message: "--format '\(format)' is not supported (expected json, geojson, csv or gpx)")
            }
            let (start, end, vias) = try endpoints.resolved()
            let options = try markerOptions()
            let categories = try pois.map { text in
                try Self.failing { () throws(PlacesError) in
                    text.lowercased() == "all" ? [] : try PointOfInterestCategory.parseList(text)
                }
            }
            if pois != nil, !(poiCorridor.isFinite && poiCorridor > 0 && poiCorridor <= PointOfInterestFinder.maximumCorridor) {
                throw CommandFailure(message: "invalid value '\(poiCorridor)' for --poi-corridor: expected a positive distance in metres up to \(Int(PointOfInterestFinder.maximumCorridor))")
            }
            let guidance = try guidanceOptions()
            try checkOutput(output, option: "--output")

            let clock = ContinuousClock()
            var stages: [(String, Duration)] = []
            var mark = clock.now
            func lap(_ name: String) {
                let now = clock.now
                stages.append((name, now - mark))
                mark = now
            }
            let loaded = try source.load()
            lap("load")
            let router = Router(graph: loaded.graph)
            let route: Route
            do {
                route = try router.route(from: start, to: end, via: vias)
            } catch let error as RoutingError {
                throw CommandFailure(message: error.description, status: Self.status(for: error))
            }
            lap("route")
            let waypoints = RouteGuidance.waypoints(for: route, in: loaded.graph, options: guidance)
            lap("guidance")
            var area = BoundingBox()
            for w in waypoints { area.include(w.coordinate) }
            if let o = options.origin { area.include(o) }

            var places: [PointOfInterestOnRoute] = []
            if let categories {
                let candidates = try poiCandidates(near: area, corridor: poiCorridor, all: loaded.pointsOfInterest)
                places = try Self.failing { () throws(PlacesError) in
                    try PointOfInterestFinder(candidates).placesAlongRoute(
                        waypoints.map(\.coordinate), distances: waypoints.map(\.distanceAlongRoute),
                        corridor: poiCorridor, categories: categories)
                }
            }
            lap("pois")
            let elevation = try dem.map { directory in
                try Self.failing { () throws(ARExportError) in try ElevationModel.load(directory: directory, covering: area) }
            }
            lap("dem")
            let list = try Self.failing { () throws(ARExportError) in
                try ARMarkerExporter.markers(for: waypoints, placesAlongRoute: places, options: options, elevation: elevation)
            }
            lap("markers")
            let text: String = switch outputFormat {
            case .json: list.json()
            case .geojson: list.geoJSON()
            case .csv: list.csv()
            case .gpx: list.gpx()
            }
            lap("format")
            try writeOutput(text, to: output, option: "--output")
            lap("write")
            if timings {
                let parts = stages.map { "\($0.0) \(Self.milliseconds($0.1)) ms" }.joined(separator: ", ")
                printError("timings: \(parts) (\(list.markers.count) markers, \(Int(route.distance.rounded())) m)")
            }
        }
    }

    /// Candidate places for the corridor search: the database's bounding-box query with --db, every
    /// imported place with --osm (the finder's grid index narrows them).
    func poiCandidates(near area: BoundingBox, corridor: Meters, all: [PointOfInterest]) throws -> [PointOfInterest] {
        guard let path = source.databasePath, !area.isEmpty else { return all }
        let corner = PointOfInterestFinder.boundingBox(around: Coordinate(latitude: area.maxLatitude, longitude: area.maxLongitude), radius: corridor)
        let latitudePad = corner.maxLatitude - area.maxLatitude, longitudePad = corner.maxLongitude - area.maxLongitude
        let box = BoundingBox(minLatitude: area.minLatitude - latitudePad, minLongitude: area.minLongitude - longitudePad,
                              maxLatitude: area.maxLatitude + latitudePad, maxLongitude: area.maxLongitude + longitudePad)
        do {
            return try RoadNetworkStore.pointsOfInterest(path: path, within: box)
        } catch {
            throw CommandFailure(message: error.description)
        }
    }

    /// The guidance options from `--spacing`, `--language`, `--speed`.
    func guidanceOptions() throws -> GuidanceOptions {
        try parseGuidanceOptions(spacing: spacing, language: language, plannedSpeed: speed)
    }

    /// Runs a marker library call, turning its typed error into a one-line CLI failure naming the option.
    static func failing<T>(_ body: () throws(ARExportError) -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw CommandFailure(message: LibraryErrorMessages.message(for: error))
        }
    }

    /// Runs a places library call, turning its typed error into a one-line CLI failure naming the option.
    static func failing<T>(_ body: () throws(PlacesError) -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw CommandFailure(message: LibraryErrorMessages.message(for: error, categories: "--pois"))
        }
    }


    /// Parses `LAT,LON` or `LAT,LON,ALT`.
    static func origin(_ text: String) throws -> (coordinate: Coordinate, altitude: Meters?) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3 else {
            throw CommandFailure(message: "--origin '\(text)': expected LAT,LON or LAT,LON,ALT (decimal degrees, then metres)")
        }
        let coordinate = try parseCoordinate(parts.prefix(2).joined(separator: ","), option: "--origin")
        guard parts.count == 3 else { return (coordinate, nil) }
        let altitudeText = parts[2].trimmingCharacters(in: .whitespaces)
        guard let altitude = DecimalNumber.parse(altitudeText), altitude.isFinite else {
            throw CommandFailure(message: "--origin '\(text)': altitude '\(altitudeText)' is not a number of metres")
        }
        return (coordinate, altitude)
    }

    /// A duration in milliseconds with one decimal.
    static func milliseconds(_ d: Duration) -> String {
        let ms = Double(d.components.seconds) * 1_000 + Double(d.components.attoseconds) / 1e15
        return String((ms * 10).rounded() / 10)
    }

    static func status(for error: RoutingError) -> Int32 {
        switch error {
        case .noRoute: ExitStatus.noRoute
        case .noRoadNearby: ExitStatus.noRoadNearby
        case .tooFewCoordinates: ExitStatus.failure
        }
    }
}
