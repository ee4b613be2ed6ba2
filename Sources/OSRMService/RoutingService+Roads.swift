import Places
import Geodesy
import RoadNetwork

extension RoutingService {
    /// The road layer of this database (`/roads/v1`), built on the first request and kept.
    public var roadLayer: RoadLayer {
        roadLayerCache.withLock { cache in
            if let layer = cache { return layer }
            let layer = RoadLayer(graph: graph)
            cache = layer
            return layer
        }
    }

    /// Answers the map page's services: `/roads/v1?bbox=…&zoom=…` (the roads in a view) and
    /// `/roads/v1/info` (the database's extent, road classes and place categories); nil for any other
    /// target, which the OSRM services answer.
    /// - Throws: `InvalidVersion`, `InvalidUrl` for other paths under `/roads`; `RoadsRequest.parse`'s errors.
    func answerRoads(_ target: String) throws(ServiceError) -> ServiceResponse? {
        // Every request passes here first: the other services' targets leave before any splitting.
        guard target.utf8.starts(with: "/roads".utf8) else { return nil }
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let segments = parts[0].split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        guard segments.first == "roads" else { return nil }
        guard segments.count >= 2, !segments[segments.startIndex + 1].isEmpty else {
            throw ServiceError(.invalidUrl, "URL must be /roads/v1?bbox={minLon},{minLat},{maxLon},{maxLat}&zoom={zoom} or /roads/v1/info")
        }
        let version = segments[segments.startIndex + 1]
        guard version == "v1" else { throw ServiceError(.invalidVersion, "Service roads has no version \(version) (only v1)") }
        let options = try Self.queryOptions(parts.count > 1 ? parts[1] : "")
        switch segments.count {
        case 2:
            let request = try RoadsRequest.parse(options: options)
            return ServiceResponse(contentType: "application/geo+json; charset=utf-8", body: roadLayer.answer(request).body)
        case 3 where segments.last == "info":
            guard options.isEmpty else { throw ServiceError(.invalidQuery, "roads/v1/info takes no options") }
            return ServiceResponse(body: roadsInfo())
        default:
            throw ServiceError(.invalidUrl, "URL must be /roads/v1?bbox={minLon},{minLat},{maxLon},{maxLat}&zoom={zoom} or /roads/v1/info")
        }
    }

    /// `name=value` pairs of a query string, decoded.
    /// - Throws: `InvalidQuery` for an item without `=`; `InvalidUrl` for a bad percent escape.
    static func queryOptions(_ query: Substring) throws(ServiceError) -> [(name: String, value: String)] {
        var options: [(name: String, value: String)] = []
        for item in query.split(separator: "&") {
            guard let equals = item.firstIndex(of: "=") else {
                throw ServiceError(.invalidQuery, "option '\(item.prefix(60))' has no value (expected name=value)")
            }
            let name = try RequestTarget.decode(item[..<equals], what: "option name")
            options.append((name, try RequestTarget.decode(item[item.index(after: equals)...], what: "option '\(name)'")))
        }
        return options
    }

    /// `{"code":"Ok","bbox":[minLon,minLat,maxLon,maxLat],"nodes":…,"edges":…,"roads":…,"driving_side":…,
    /// "classes":[{"highway":…,"min_zoom":…,"roads":…}],"poi_categories":[{"name":…,"count":…}]}`: what the
    /// page needs to open on the database and offer its place categories.
    func roadsInfo() -> String {
        let layer = roadLayer
        var roadsPerClass = [Int](repeating: 0, count: HighwayClass.allCases.count)
        var ferries = 0
        for edge in layer.edges {
            if graph.flags[Int(edge)].contains(.ferry) { ferries += 1 } else { roadsPerClass[Int(graph.highway[Int(edge)].rawValue)] += 1 }
        }
        var classes = HighwayClass.allCases.filter { roadsPerClass[Int($0.rawValue)] > 0 }.map {
            "{\"highway\":\"\($0.osmValue)\",\"min_zoom\":\(RoadsRequest.minimumZoom(of: $0)),\"roads\":\(roadsPerClass[Int($0.rawValue)])}"
        }
        if ferries > 0 { classes.append("{\"highway\":\"ferry\",\"min_zoom\":\(RoadsRequest.ferryMinimumZoom),\"roads\":\(ferries)}") }
        let categories = PointOfInterestCategory.known.compactMap { category -> String? in
            let count = places.points.reduce(0) { $0 + (category.matches($1) ? 1 : 0) }
            return count > 0 ? "{\"name\":\"\(category.name)\",\"count\":\(count)}" : nil
        }
        var box: [UInt8] = []
        if !layer.bounds.isEmpty {
            for (i, value) in [layer.bounds.minLongitude, layer.bounds.minLatitude, layer.bounds.maxLongitude, layer.bounds.maxLatitude].enumerated() {
                if i > 0 { box.append(UInt8(ascii: ",")) }
                DecimalNumber.appendFixed(value, decimals: 6, to: &box)
            }
        }
        return "{\"code\":\"Ok\",\"bbox\":[\(String(decoding: box, as: UTF8.self))],\"nodes\":\(graph.nodeCount),\"edges\":\(graph.edgeCount),"
            + "\"roads\":\(layer.edges.count),\"driving_side\":\"\(graph.drivingSide)\",\"classes\":[\(classes.joined(separator: ","))],"
            + "\"poi_categories\":[\(categories.joined(separator: ","))]}"
    }
}
