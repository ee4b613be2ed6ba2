import Geodesy
import LegalSpeedLimits
import RoadNetwork

/// Fills in the speed limit of every edge whose way posts none, and records for every edge the region
/// and built-up area it lies in.
///
/// The order, from the most to the least trusted:
/// 1. **posted**: the way's numeric `maxspeed` (kept as read).
/// 2. **zone**: a zone tag (`maxspeed=DE:urban`, `maxspeed:type=GB:nsl_single`); the value is the
///    country's rule for that road type (`LegalDefaultSpeeds`) where the rules cover it, else the
///    profile's zone table.
/// 3. **neighbours**: the nearest posted road of the same class along the network (`NeighbourLimits`).
/// 4. **legal default**: the country's rule for the road type, with the built-up area decided by the
///    way's tags, else by the built-up areas the extract maps (`BuiltUpAreas`), else by the road density
///    around it (`RoadDensity`).
/// 5. **class default**: the profile's table, only where the country has no rule.
///
/// Routing speeds are left alone: they follow posted and zone limits only, as OSRM's car profile does.
struct SpeedLimitEstimator {
    let rules: LegalDefaultSpeeds
    let boundaries: CountryBoundaries
    let options: SpeedLimitEstimateOptions
    let walkingPace: KilometersPerHour

    /// What the estimate did, for the import statistics.
    struct Outcome {
        var graph: RoadGraph
        var regionOrigin: RegionOrigin
    }

    /// The graph with every edge's limit estimated where needed and placed in its region and built-up area.
    /// - Complexity: O(edges × (region lookup + rule evaluation, cached per distinct tag set)) plus the
    ///   density grid and the neighbour searches.
    func estimate(_ graph: RoadGraph, wayTags: WayTagSets, builtUpAreas: BuiltUpAreas = BuiltUpAreas()) -> Outcome {
        let density = RoadDensity(graph: graph)
        var context = EvaluationContext(rules: rules, walkingPace: walkingPace)
        var limits = [SpeedLimit](graph.speedLimit)
        var regionOfID: [String: RegionCode] = [:]
        for e in 0..<graph.edgeCount {
            let midpoint = Self.midpoint(of: e, in: graph)
            let region = options.region ?? region(at: midpoint, cache: &regionOfID)
            let (tagSet, tags) = wayTags.tags(ofWay: graph.wayID[e])
            let builtUp = context.builtUpByTags(tagSet: tagSet, tags: tags)
                ?? (builtUpAreas.contains(midpoint) ? .urbanByArea : nil)
                ?? (density.isBuiltUp(at: midpoint) ? .urbanByDensity : .ruralByDensity)
            var limit = limits[e]
            switch limit.source {
            case .zone:
                if let ruled = context.zoneLimit(tagSet: tagSet, tags: tags) { limit = ruled }
            case .classDefault where graph.flags[e].contains(.ferry):
                break  // A ferry has no road speed limit; it stays unknown.
            case .classDefault:
                let key = LegalKey(region: region, tagSet: tagSet, isUrban: builtUp.isUrban ?? false,
                                   name: context.reads("name", in: region) ? graph.name(of: EdgeIndex(e)) : "",
                                   ref: context.reads("ref", in: region) ? graph.ref(of: EdgeIndex(e)) : "")
                if let legal = context.legalLimit(key, tags: tags) { limit = legal }
            case .posted, .legalDefault, .neighbours:
                break
            }
            limits[e] = limit.placed(builtUp: builtUp, region: region)
        }
        if options.usesNeighbours { applyNeighbours(to: &limits, in: graph) }
        return Outcome(graph: graph.replacingSpeedLimits(limits), regionOrigin: options.region == nil ? .boundaries : .option)
    }

    /// Replaces estimated limits by the nearest posted limit of the same road class, where one is near.
    private func applyNeighbours(to limits: inout [SpeedLimit], in graph: RoadGraph) {
        let labels = NeighbourLimits(maximumDistance: options.neighbourDistance)
            .labels(in: graph, limits: limits, isPosted: { !limits[$0].isEstimated })
        for e in 0..<graph.edgeCount where limits[e].isEstimated && !graph.flags[e].contains(.ferry) {
            guard let label = labels[e] else { continue }
            var limit = label.placed(builtUp: limits[e].builtUp, region: limits[e].region)
            limit.source = .neighbours
            limits[e] = limit
        }
    }

    /// The edge's midpoint, between its end nodes (close enough for regions and densities).
    static func midpoint(of e: Int, in graph: RoadGraph) -> Coordinate {
        let a = graph.nodeCoordinates[Int(graph.tail[e])], b = graph.nodeCoordinates[Int(graph.head[e])]
        return Coordinate(latitude: (a.latitude + b.latitude) / 2, longitude: (a.longitude + b.longitude) / 2)
    }

    /// The most specific region at `point` that has rules of its own (`US-CA` before `US`), else the
    /// country; `.none` at sea.
    ///
    /// Cached by the most specific id at the point, which decides the rest of the list.
    private func region(at point: Coordinate, cache: inout [String: RegionCode]) -> RegionCode {
        let ids = boundaries.regions(at: point)
        guard let key = ids.first else { return .none }
        if let cached = cache[key] { return cached }
        let chosen = ids.first(where: rules.hasRules(for:)) ?? ids.last
        let region = chosen.flatMap { RegionCode($0) } ?? .none
        cache[key] = region
        return region
    }
}
/// What decides a legal default: the region, the way's tags, whether it is built-up, and the name and
/// ref where the region's rules read them.
struct LegalKey: Hashable {
    var region: RegionCode
    var tagSet: UInt32
    var isUrban: Bool
    var name: String
    var ref: String
}
