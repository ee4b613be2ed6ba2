import Geodesy
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
        w.beginObject()
        w.field("type", "FeatureCollection")
        w.key("features")
        w.beginArray()

        var line = route.coordinates
        // RFC 7946 needs two or more positions in a LineString; a zero-length route repeats its point.
        if line.count == 1 { line.append(line[0]) }
        w.beginObject()
        w.field("type", "Feature")
        w.key("geometry")
        w.beginObject()
        w.field("type", "LineString")
        w.key("coordinates")
        w.beginArray()
        for c in line { position(c, into: &w) }
        w.endArray()
        w.endObject()
        w.key("properties")
        w.beginObject()
        w.field("distance", route.distance)
        w.field("duration", route.duration)
        w.field("weight", route.weight)
        w.field("metric", route.metric.rawValue)
        w.field("legs", route.legs.count)
        w.endObject()
        w.endObject()

        let waypoints = route.waypoints
        for (i, waypoint) in waypoints.enumerated() {
            w.beginObject()
            w.field("type", "Feature")
            w.key("geometry")
            w.beginObject()
            w.field("type", "Point")
            w.key("coordinates")
            position(waypoint.location, into: &w)
            w.endObject()
            w.key("properties")
            w.beginObject()
            w.field("role", i == 0 ? "start" : i == waypoints.count - 1 ? "end" : "via")
            w.field("index", i)
            w.key("input")
            position(waypoint.input, into: &w)
            w.field("snap_distance", waypoint.distance, decimals: 2)
            w.field("name", graph.name(of: waypoint.edge))
            w.endObject()
            w.endObject()
        }
        w.endArray()
        w.endObject()
        return w.text
    }

    private static func position(_ c: Coordinate, into w: inout JSONWriter) { w.position(c, decimals: 7) }
}
