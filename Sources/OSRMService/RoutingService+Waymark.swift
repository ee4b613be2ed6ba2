import ARExport
import Geodesy
import Guidance
import Places
import RouteFormats
import Routing

extension RoutingService {
    /// Waymark's own services, documented like OSRM's (docs/http-api.md):
    /// `/waypoints/v1/{profile}/{coordinates}` (the JSON Lines waypoint stream, sent in chunks),
    /// `/markers/v1/{profile}/{coordinates}?format=json|geojson|csv|gpx` (AR markers), both taking
    /// `speed`, `spacing`, `language` and `warn_on` (`guidedRoute`),
    /// `/pois/v1/{lon,lat}?radius=&category=&limit=&format=json|geojson` (places nearby).
    func answerWaymarkService(_ request: RequestTarget, workspace: RoutingWorkspace) throws(ServiceError) -> ServiceResponse {
        switch request.service {
        case "waypoints": return try waypoints(request, workspace: workspace)
        case "markers": return try markers(request, workspace: workspace)
        case "pois": return try pointsOfInterest(request)
        default: throw ServiceError(.invalidService, "Service \(request.service) not found!")
        }
    }

    /// Lines of the waypoint stream per chunk sent.
    static let linesPerChunk = 64

    func waypoints(_ request: RequestTarget, workspace: RoutingWorkspace) throws(ServiceError) -> ServiceResponse {
        var reader = try OptionReader(request.options)
        let (route, guidance) = try guidedRoute(request.coordinates, reader: &reader, workspace: workspace)
        try reader.finish(allowed: Self.guidanceOptionNames + ["continue_straight"] + SnapOptions.optionNames)
        try checkWaypointBudget(route, guidance)
        let waypoints = RouteGuidance.waypoints(for: route, using: self.guidance, options: guidance)
        try RequestCancellation.check()
        var lines: [String] = []
        let summary = GuidanceSummary(distance: route.distance, duration: route.duration, warningPolicy: guidance.warningPolicy)
        var writer = WaypointStreamWriter(summary: summary) { lines.append($0) }
        for (i, record) in GuidanceReplay.records(for: waypoints, language: guidance.language).enumerated() {
            if i & 1023 == 0 { try RequestCancellation.check() }
            writer.write(record)
        }
        writer.finish()
        let chunks = stride(from: 0, to: lines.count, by: Self.linesPerChunk).map {
            lines[$0..<min(lines.count, $0 + Self.linesPerChunk)].joined()
        }
        return ServiceResponse(contentType: "application/x-ndjson; charset=utf-8", parts: chunks)
    }

    static let markerOptionNames = ["format", "pois", "corridor", "origin", "origin_altitude", "camera_height", "road_marker_height",
                                    "turn_arrow_height", "destination_height", "poi_label_height", "batch_size", "batch_trigger",
                                    "visibility_radius"]

    func markers(_ request: RequestTarget, workspace: RoutingWorkspace) throws(ServiceError) -> ServiceResponse {
        var reader = try OptionReader(request.options)
        let (route, guidance) = try guidedRoute(request.coordinates, reader: &reader, workspace: workspace)
        let format = try reader.choice("format", default: ARMarkerFormat.json)
        let categories = try Self.categories(reader.take("pois"), option: "pois")
        let corridor = try reader.number("corridor", range: 0...1_000_000) ?? 100
        var options = ARMarkerOptions()
        if let origin = reader.take("origin") {
            let parsed = try CoordinateList.parse(origin)
            guard parsed.count == 1 else { throw OptionReader.invalid("origin", origin, expected: "one {longitude},{latitude}") }
            options.origin = parsed[0]
        }
        options.originAltitude = try reader.number("origin_altitude", range: -1_000...10_000)
        let heights: [(String, WritableKeyPath<ARMarkerOptions, Double>)] = [
            ("camera_height", \.cameraHeight), ("road_marker_height", \.roadMarkerHeight), ("turn_arrow_height", \.turnArrowHeight),
            ("destination_height", \.destinationHeight), ("poi_label_height", \.poiLabelHeight), ("batch_trigger", \.batchTrigger),
            ("visibility_radius", \.visibilityRadius),
        ]
        for (name, path) in heights {
            if let value = try reader.number(name, range: -1_000_000...1_000_000) { options[keyPath: path] = value }
        }
        options.batchSize = try reader.integer("batch_size", default: options.batchSize, range: 0...100_000_000)
        try reader.finish(allowed: Self.guidanceOptionNames + Self.markerOptionNames + ["continue_straight"] + SnapOptions.optionNames)

        try checkWaypointBudget(route, guidance)
        let waypoints = RouteGuidance.waypoints(for: route, using: self.guidance, options: guidance)
        try RequestCancellation.check()
        var along: [PointOfInterestOnRoute] = []
        if let categories {
            do throws(PlacesError) {
                along = try places.placesAlongRoute(waypoints.map(\.coordinate), distances: waypoints.map(\.distanceAlongRoute),
                                                    corridor: corridor, categories: categories)
            } catch {
                throw ServiceError(.invalidValue, error.description)
            }
        }
        let list: ARMarkerList
        do throws(ARExportError) {
            list = try ARMarkerExporter.markers(for: waypoints, placesAlongRoute: along, options: options)
        } catch {
            throw ServiceError(.invalidValue, error.description)
        }
        try RequestCancellation.check()
        return ServiceResponse(contentType: format.contentType, body: format.document(for: list))
    }

    func pointsOfInterest(_ request: RequestTarget) throws(ServiceError) -> ServiceResponse {
        let coordinates = try CoordinateList.parse(request.coordinates)
        guard coordinates.count == 1 else { throw ServiceError(.invalidOptions, "pois takes exactly one coordinate (got \(coordinates.count))") }
        var reader = try OptionReader(request.options)
        let radius = try reader.number("radius", range: 0...1_000_000) ?? PointOfInterestQuery.defaultRadius
        let categories = try Self.categories(reader.take("category"), option: "category") ?? []
        let limit = try reader.integer("limit", default: 0, range: 0...100_000)
        let format = try reader.choice("format", default: NearbyPointsOfInterestFormat.json)
        try reader.finish(allowed: ["radius", "category", "limit", "format"])
        guard radius <= limits.poiRadiusMeters else {
            throw ServiceError(.tooBig, "radius \(Int(radius)) m is larger than the limit (\(Int(limits.poiRadiusMeters)) m)")
        }
        let query: PointOfInterestQuery
        do throws(PlacesError) {
            query = try PointOfInterestQuery(center: coordinates[0], radius: radius, categories: categories, limit: limit == 0 ? nil : limit)
        } catch {
            throw ServiceError(.invalidValue, error.description)
        }
        let body = format.render(places.nearby(query), query: query)
        return ServiceResponse(contentType: format == .geojson ? "application/geo+json; charset=utf-8"
                                   : format == .json ? "application/json; charset=utf-8" : "text/plain; charset=utf-8", body: body)
    }

    // MARK: Shared parts

    /// Refuses, before any waypoint is made, a request whose waypoints would pass the output budget
    /// (`ServiceLimits.waypointsPerRequest`): the estimate is the route's points plus its length over
    /// the spacing (the bands' densest, 20 m, for `bands`).
    func checkWaypointBudget(_ route: Route, _ guidance: GuidanceOptions) throws(ServiceError) {
        let spacing: Double
        switch guidance.spacing {
        case .bands: spacing = 20
        case .fixed(let metres): spacing = metres > 0 && metres.isFinite ? metres : .infinity
        }
        let points = route.legs.reduce(0) { $0 + $1.coordinates.count }
        let densified = spacing.isInfinite ? 0 : route.distance / spacing
        let estimate = Double(points) + densified
        guard estimate <= Double(limits.waypointsPerRequest) else {
            throw ServiceError(.tooBig, "the route of \(Int(route.distance)) m at a spacing of \(spacing.isInfinite ? "none" : "\(spacing) m") "
                + "makes about \(Int(min(estimate, 1e15))) waypoints, more than the limit (\(limits.waypointsPerRequest)); use a larger spacing or split the route")
        }
    }

    static let guidanceOptionNames = ["speed", "spacing", "language", "warn_on", "alternative"]

    /// The route of a Waymark service request (OSRM's snapping options and `continue_straight` apply)
    /// and its guidance options (`speed` km/h, `spacing` bands or metres, `language` en or hr,
    /// `warn_on` posted, estimated or both: `WarningPolicy`, a bad value `InvalidValue` naming `warn_on`;
    /// `alternative` K selects the K-th alternative route, 0 the best: `selectedRoute`).
    func guidedRoute(_ coordinates: String, reader: inout OptionReader,
                     workspace: RoutingWorkspace) throws(ServiceError) -> (Route, GuidanceOptions) {
        let parsed = try CoordinateList.parse(coordinates)
        guard parsed.count >= 2 else { throw ServiceError(.invalidOptions, "a route needs at least two coordinates (got \(parsed.count))") }
        guard parsed.count <= limits.routeCoordinates else {
            throw ServiceError(.tooBig, "Number of entries \(parsed.count) is higher than current maximum (\(limits.routeCoordinates))")
        }
        var request = RouteRequest(coordinates: parsed)
        request.snapping = try SnapOptions.read(from: &reader, count: parsed.count)
        request.continueStraight = try reader.choice("continue_straight", default: .default)
        var guidance = GuidanceOptions()
        guidance.plannedSpeed = try reader.number("speed", range: 0...1_000_000)
        guidance.language = try reader.choice("language", default: InstructionLanguage.en)
        if let policy = reader.take("warn_on") {
            do throws(GuidanceInputError) {
                guidance.warningPolicy = try WarningPolicy(parsing: policy)
            } catch {
                throw ServiceError(.invalidValue, error.description(naming: [.warningPolicy: "warn_on"]))
            }
        }
        if let spacing = reader.take("spacing"), spacing != "bands" {
            guard let metres = DecimalNumber.parse(spacing) else { throw OptionReader.invalid("spacing", spacing, expected: "bands or a number of metres") }
            guidance.spacing = .fixed(metres)
        }
        do throws(GuidanceOptionsError) { try guidance.validate() } catch { throw ServiceError(.invalidValue, error.description) }
        let alternative = try reader.integer("alternative", default: 0, range: 0...limits.alternatives)
        return (try selectedRoute(request, alternative: alternative, workspace: workspace), guidance)
    }

    /// A comma-separated category list (`all` for every category); nil when not given.
    static func categories(_ text: String?, option: String) throws(ServiceError) -> [PointOfInterestCategory]? {
        guard let text else { return nil }
        if text == "all" { return [] }
        var result: [PointOfInterestCategory] = []
        for name in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let category = PointOfInterestCategory.named(String(name)) else {
                throw ServiceError(.invalidValue, "\(option): unknown category '\(name)' (see waymark pois --help)")
            }
            result.append(category)
        }
        return result
    }
}

extension ARMarkerFormat {
    /// The content type of a marker response in this format.
    var contentType: String {
        switch self {
        case .json: "application/json; charset=utf-8"
        case .geojson: "application/geo+json; charset=utf-8"
        case .csv: "text/csv; charset=utf-8"
        case .gpx: "application/gpx+xml; charset=utf-8"
        }
    }
}
