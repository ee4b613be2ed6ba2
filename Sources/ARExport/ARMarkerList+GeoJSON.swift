import Geodesy

extension ARMarkerList {
    /// The markers as an RFC 7946 FeatureCollection of Points for map tools.
    ///
    /// Positions are `[longitude, latitude]`, with the altitude as a third value only when the ground
    /// height is known. `marker-color`/`marker-symbol` follow the simplestyle convention many viewers read.
    /// - Complexity: O(markers).
    public func geoJSON() -> String {
        typealias F = ExportFormatting
        var out = "{\"type\": \"FeatureCollection\", \"features\": ["
        for (i, m) in markers.enumerated() {
            out += i == 0 ? "\n" : ",\n"
            var position = "\(F.fixed(m.coordinate.longitude, 7)), \(F.fixed(m.coordinate.latitude, 7))"
            if m.elevationSource != .unknown { position += ", \(F.fixed(m.altitude, 3))" }
            out += "  {\"type\": \"Feature\", \"geometry\": {\"type\": \"Point\", \"coordinates\": [\(position)]}, \"properties\": {"
            out += "\"index\": \(m.index), \"batch\": \(batchIndex(ofMarker: m.index)), \"kind\": \"\(m.kind.rawValue)\", "
            out += "\"arrow\": \(F.jsonString(m.arrow?.rawValue)), \"color\": \"\(m.color.rawValue)\", \"warning\": \"\(m.warning.rawValue)\", "
            out += "\"marker-color\": \"\(ARMarkerList.hexColor(m.color))\", \"marker-symbol\": \"\(ARMarkerList.symbol(m.kind))\", "
            out += "\"distanceAlongRoute\": \(F.fixed(m.distanceAlongRoute, 2)), \"bearing\": \(F.fixed(m.bearing.degrees, 2)), "
            out += "\"yaw\": \(F.fixed(m.yaw, 4)), \"arkitX\": \(F.fixed(m.arkit.x, 3)), \"arkitY\": \(F.fixed(m.arkit.y, 3)), "
            out += "\"arkitZ\": \(F.fixed(m.arkit.z, 3)), \"heightAboveGround\": \(F.fixed(m.heightAboveGround, 3)), "
            out += "\"elevationSource\": \"\(m.elevationSource.rawValue)\", \"visibilityRadius\": \(F.fixed(m.visibilityRadius, 3)), "
            out += "\"instruction\": \(F.jsonString(m.instruction))"
            if let label = m.label {
                out += ", \"name\": \(F.jsonString(label.pointOfInterest.name)), \"category\": \(F.jsonString(label.category)), "
                out += "\"distanceFromRoute\": \(F.fixed(label.distanceFromRoute, 2))"
            }
            out += "}}"
        }
        out += markers.isEmpty ? "]}\n" : "\n]}\n"
        return out
    }

    /// The display colour of a marker colour.
    static func hexColor(_ color: MarkerColor) -> String {
        switch color {
        case .blue: "#1e6bff"
        case .orange: "#ff9500"
        case .red: "#ff2d20"
        case .grey: "#8e8e93"
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
