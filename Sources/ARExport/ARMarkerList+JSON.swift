import Geodesy
import OutputEncoding
import RoadNetwork

extension ARMarkerList {
    /// The version of the JSON layout, bumped whenever a key changes meaning or name (2: every key
    /// snake_case, `speed_limit_kmh`; 3: `speed_limit_source`, `speed_limit_estimated` and
    /// `warning_estimated` on every marker, the `unchecked` warning).
    public static let formatVersion = 3

    /// The AR app's marker list as JSON: frame and conventions, batches, then one marker per line.
    ///
    /// Each route marker says where the limit at it comes from: `speed_limit_source` (`posted`, `zone`,
    /// `legal_default`, `neighbours`, `class_default`) and `speed_limit_estimated` (true for the last
    /// three; both null on labels), and `warning_estimated`, true when its `warning` and `color` compare
    /// the speed with an estimated limit. `warning` is `unchecked` (grey) where the warning policy does
    /// not compare the limit (`WarningPolicy`).
    ///
    /// Positions to the millimetre, coordinates to 1e-7° (about 1 cm), angles to 0.01° / 1e-4 rad.
    /// The geo-anchor altitude is `null` when the ground height is unknown (the app then lets ARKit
    /// place the anchor on its own terrain).
    /// - Complexity: O(markers).
    public func json() -> String {
        var w = JSONWriter(layout: .spaced, capacity: 4096 + 600 * markers.count)
        w.beginObject(multilineIndent: 0)
        w.field("format", "waymark-ar-markers")
        w.field("version", ARMarkerList.formatVersion)
        writeConventions(into: &w)
        writeOrigin(into: &w)
        writeOptions(into: &w)
        w.field("route_distance", routeDistance, decimals: 2)
        w.field("marker_count", markers.count)
        w.key("batches")
        w.beginArray(multilineIndent: 2)
        for b in batches { writeBatch(b, into: &w) }
        w.endArray()
        w.key("markers")
        w.beginArray(multilineIndent: 2)
        for m in markers { writeMarker(m, into: &w) }
        w.endArray()
        w.endObject()
        return w.text + "\n"
    }

    /// Index of the batch holding marker `index`.
    func batchIndex(ofMarker index: Int) -> Int { index / max(1, options.batchSize) }

    /// `units` and `axes`: the conventions spelled out, so the file explains itself.
    private func writeConventions(into w: inout JSONWriter) {
        w.key("units")
        w.beginObject()
        w.field("position", "m")
        w.field("distance", "m")
        w.field("altitude", "m")
        w.field("bearing", "deg")
        w.field("yaw", "rad")
        w.field("speed", "km/h")
        w.endObject()
        w.key("axes")
        w.beginObject()
        w.field("enu", "east, north, up in the tangent plane at the origin (exact WGS-84 ellipsoid -> ECEF -> ENU), origin at the camera")
        w.field("arkit", "ARKit worldAlignment gravityAndHeading: x = east, y = up, z = south (z = -north); origin at the camera")
        w.field("yaw", "radians about +y, counter-clockwise seen from above; 0 = the model's forward (-z) facing north, "
            + "-pi/2 = east, +pi/2 = west, pi = south")
        w.field("bearing", "degrees clockwise from true north")
        w.endObject()
    }

    private func writeOrigin(into w: inout JSONWriter) {
        w.key("origin")
        w.beginObject()
        w.field("latitude", frame.origin.latitude, decimals: 7)
        w.field("longitude", frame.origin.longitude, decimals: 7)
        w.field("ground_altitude", originElevationSource == .unknown ? nil : frame.groundAltitude, decimals: 3)
        w.field("elevation_source", originElevationSource.rawValue)
        w.field("camera_height", frame.cameraHeight, decimals: 3)
        w.field("road_surface_y", -frame.cameraHeight, decimals: 3)
        w.endObject()
    }

    private func writeOptions(into w: inout JSONWriter) {
        w.key("options")
        w.beginObject()
        w.field("batch_size", options.batchSize)
        w.field("batch_trigger", options.batchTrigger, decimals: 3)
        w.field("visibility_radius", options.visibilityRadius, decimals: 3)
        w.key("heights_above_ground")
        w.beginObject()
        w.field("road", options.roadMarkerHeight, decimals: 3)
        w.field("turn_arrow", options.turnArrowHeight, decimals: 3)
        w.field("via", options.destinationHeight, decimals: 3)
        w.field("destination", options.destinationHeight, decimals: 3)
        w.field("poi", options.poiLabelHeight, decimals: 3)
        w.endObject()
        w.endObject()
    }

    private func writeBatch(_ b: ARMarkerBatch, into w: inout JSONWriter) {
        w.beginObject()
        w.field("index", b.index)
        w.field("first_marker", b.markers.lowerBound)
        w.field("last_marker", b.markers.upperBound - 1)
        w.field("count", b.markers.count)
        w.field("start_distance", b.startDistance, decimals: 2)
        w.field("end_distance", b.endDistance, decimals: 2)
        w.key("next_batch_trigger")
        if let t = b.nextBatchTrigger {
            w.beginObject()
            w.field("distance_along_route", t.distanceAlongRoute, decimals: 2)
            w.field("latitude", t.coordinate.latitude, decimals: 7)
            w.field("longitude", t.coordinate.longitude, decimals: 7)
            w.field("radius", t.radius, decimals: 3)
            w.field("marker_index", t.markerIndex)
            w.endObject()
        } else {
            w.null()
        }
        w.endObject()
    }

    private func writeMarker(_ m: ARMarker, into w: inout JSONWriter) {
        w.beginObject()
        w.field("index", m.index)
        w.field("batch", batchIndex(ofMarker: m.index))
        w.field("kind", m.kind.rawValue)
        w.field("arrow", m.arrow?.rawValue)
        w.field("color", m.color.rawValue)
        w.field("warning", m.warning.rawValue)
        w.field("speed_limit_kmh", m.speedLimitKilometersPerHour, decimals: 1)
        w.field("speed_limit_source", m.speedLimit?.source.description)
        w.field("speed_limit_estimated", m.speedLimit?.isEstimated)
        w.field("warning_estimated", m.warningIsEstimated)
        w.field("distance_along_route", m.distanceAlongRoute, decimals: 2)
        w.key("enu")
        w.beginObject()
        w.field("east", m.enu.east, decimals: 3)
        w.field("north", m.enu.north, decimals: 3)
        w.field("up", m.enu.up, decimals: 3)
        w.endObject()
        w.key("arkit")
        w.beginObject()
        w.field("x", m.arkit.x, decimals: 3)
        w.field("y", m.arkit.y, decimals: 3)
        w.field("z", m.arkit.z, decimals: 3)
        w.endObject()
        w.key("geo_anchor")
        w.beginObject()
        w.field("latitude", m.coordinate.latitude, decimals: 7)
        w.field("longitude", m.coordinate.longitude, decimals: 7)
        w.field("altitude", m.elevationSource == .unknown ? nil : m.altitude, decimals: 3)
        w.endObject()
        w.field("elevation_source", m.elevationSource.rawValue)
        w.field("height_above_ground", m.heightAboveGround, decimals: 3)
        w.key("heading")
        w.beginObject()
        w.field("bearing", m.bearing.degrees, decimals: 2)
        w.field("yaw", m.yaw, decimals: 4)
        w.endObject()
        w.field("visibility_radius", m.visibilityRadius, decimals: 3)
        w.field("instruction", m.instruction)
        if m.kind == .turnArrow {
            w.key("lanes")
            w.lanes(m.lanes, nullForAbsentIndication: true)
        }
        if let sequence = m.waypointSequence { w.field("waypoint", sequence) }
        if let label = m.label {
            let poi = label.pointOfInterest
            w.key("poi")
            w.beginObject()
            w.field("name", poi.name)
            w.field("category", label.category)
            w.field("osm_type", "\(poi.osmType)")
            w.field("osm_id", Int(poi.osmID))
            w.field("distance_from_route", label.distanceFromRoute, decimals: 2)
            w.endObject()
        }
        w.endObject()
    }
}
