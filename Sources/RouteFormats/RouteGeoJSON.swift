import Geodesy
import OutputEncoding
import RoadNetwork
import Routing

/// A route as an RFC 7946 GeoJSON FeatureCollection (positions are [longitude, latitude]).
///
/// Features, in order: the route as one LineString (properties `distance` m, `duration` s, `weight`,
/// `metric`, `legs`), then one Point per snapped start, via and destination (properties `role`
/// `start`/`via`/`end`, `index`, `input` [lon, lat] as given, `snap_distance` m, `name` of the road).
public enum RouteGeoJSON {
    /// The FeatureCollection text.
    /// - Complexity: O(coordinates + waypoints).
    public static func document(route: Route, graph: RoadGraph) -> String {
        var w = JSONWriter()
        w.featureCollection { w in
            writeLine(of: route, into: &w)
            writeWaypoints(of: route, graph: graph, into: &w)
        }
        return w.text
    }

    /// The route as one LineString feature.
    private static func writeLine(of route: Route, into w: inout JSONWriter) {
        var line = route.coordinates
        // RFC 7946 needs two or more positions in a LineString; a zero-length route repeats its point.
        if line.count == 1 { line.append(line[0]) }
        w.feature(.lineString) { w in
            w.beginArray()
            for c in line { position(c, into: &w) }
            w.endArray()
        } properties: { w in
            w.field("distance", route.distance)
            w.field("duration", route.duration)
            w.field("weight", route.weight)
            w.field("metric", route.metric.rawValue)
            w.field("legs", route.legs.count)
        }
    }

    /// One Point feature per snapped start, via and destination.
    private static func writeWaypoints(of route: Route, graph: RoadGraph, into w: inout JSONWriter) {
        let waypoints = route.waypoints
        for (i, waypoint) in waypoints.enumerated() {
            w.feature(.point) { w in
                position(waypoint.location, into: &w)
            } properties: { w in
                w.field("role", i == 0 ? "start" : i == waypoints.count - 1 ? "end" : "via")
                w.field("index", i)
                w.key("input")
                position(waypoint.input, into: &w)
                w.field("snap_distance", waypoint.distance, decimals: 2)
                w.field("name", graph.name(of: waypoint.edge))
            }
        }
    }

    private static func position(_ c: Coordinate, into w: inout JSONWriter) { w.position(c, decimals: 7) }
}
