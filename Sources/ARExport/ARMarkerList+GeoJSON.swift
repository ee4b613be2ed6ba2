import Geodesy
import OutputEncoding
import RoadNetwork

extension ARMarkerList {
    /// The markers as an RFC 7946 FeatureCollection of Points for map tools, one feature per line.
    ///
    /// Positions are `[longitude, latitude]`, with the altitude as a third value only when the ground
    /// height is known. `marker-color`/`marker-symbol` follow the simplestyle convention many viewers read.
    /// Route markers carry the limit (`speed_limit_kmh`, `speed_limit_source`, `speed_limit_estimated`)
    /// and `warning_estimated`, as the JSON list does.
    /// - Complexity: O(markers).
    public func geoJSON() -> String {
        var w = JSONWriter(layout: .spaced, capacity: 64 + 600 * markers.count)
        w.featureCollection(multilineIndent: 0) { w in
            for m in markers { writeFeature(m, into: &w) }
        }
        return w.text + "\n"
    }

    private func writeFeature(_ m: ARMarker, into w: inout JSONWriter) {
        w.feature(.point) { w in
            w.beginArray()
            w.number(m.coordinate.longitude, decimals: 7)
            w.number(m.coordinate.latitude, decimals: 7)
            if m.elevationSource != .unknown { w.number(m.altitude, decimals: 3) }
            w.endArray()
        } properties: { w in
            writeProperties(of: m, into: &w)
        }
    }

    private func writeProperties(of m: ARMarker, into w: inout JSONWriter) {
        w.field("index", m.index)
        w.field("batch", batchIndex(ofMarker: m.index))
        w.field("kind", m.kind.rawValue)
        w.field("arrow", m.arrow?.rawValue)
        w.field("color", m.color.rawValue)
        w.field("warning", m.warning.rawValue)
        w.field("warning_estimated", m.warningIsEstimated)
        w.field("speed_limit_kmh", m.speedLimitKilometersPerHour, decimals: 1)
        w.field("speed_limit_source", m.speedLimit?.source.description)
        w.field("speed_limit_estimated", m.speedLimit?.isEstimated)
        w.field("marker-color", m.color.hex)
        w.field("marker-symbol", ARMarkerList.symbol(m.kind))
        w.field("distance_along_route", m.distanceAlongRoute, decimals: 2)
        w.field("bearing", m.bearing.degrees, decimals: 2)
        w.field("yaw", m.yaw, decimals: 4)
        w.field("arkit_x", m.arkit.x, decimals: 3)
        w.field("arkit_y", m.arkit.y, decimals: 3)
        w.field("arkit_z", m.arkit.z, decimals: 3)
        w.field("height_above_ground", m.heightAboveGround, decimals: 3)
        w.field("elevation_source", m.elevationSource.rawValue)
        w.field("visibility_radius", m.visibilityRadius, decimals: 3)
        w.field("instruction", m.instruction)
        if m.kind == .turnArrow {
            w.key("lanes")
            w.lanes(m.lanes, nullForAbsentIndication: true)
        }
        if let label = m.label {
            w.field("name", label.pointOfInterest.name)
            w.field("category", label.category)
            w.field("distance_from_route", label.distanceFromRoute, decimals: 2)
        }
    }

    /// A Maki icon name for map viewers.
    static func symbol(_ kind: ARMarkerKind) -> String {
        switch kind {
        case .road: "circle"
        case .turnArrow: "triangle"
        case .via: "marker"
        case .destination: "embassy"
        case .poi: "star"
        }
    }
}
