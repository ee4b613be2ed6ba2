import Geodesy

extension ARMarkerList {
    /// The CSV header row (column names carry their units).
    public static let csvHeader = "index,batch,kind,arrow,color,warning,distance_along_route_m,latitude,longitude,altitude_m,"
        + "elevation_source,height_above_ground_m,east_m,north_m,up_m,arkit_x_m,arkit_y_m,arkit_z_m,bearing_deg,yaw_rad,"
        + "visibility_m,speed_limit_kmh,instruction,poi_name,poi_category,poi_distance_from_route_m"

    /// The markers as CSV (RFC 4180) for spreadsheets: a header row, then one row per marker.
    /// Unknown values (altitude without elevation data, no speed limit …) are empty cells.
    /// - Complexity: O(markers).
    public func csv() -> String {
        typealias F = ExportFormatting
        var out = ARMarkerList.csvHeader + "\r\n"
        for m in markers {
            var fields: [String] = [
                String(m.index), String(batchIndex(ofMarker: m.index)), m.kind.rawValue, m.arrow?.rawValue ?? "",
                m.color.rawValue, m.warning.rawValue, F.fixed(m.distanceAlongRoute, 2),
                F.fixed(m.coordinate.latitude, 7), F.fixed(m.coordinate.longitude, 7),
                m.elevationSource == .unknown ? "" : F.fixed(m.altitude, 3), m.elevationSource.rawValue,
                F.fixed(m.heightAboveGround, 3), F.fixed(m.enu.east, 3), F.fixed(m.enu.north, 3), F.fixed(m.enu.up, 3),
                F.fixed(m.arkit.x, 3), F.fixed(m.arkit.y, 3), F.fixed(m.arkit.z, 3), F.fixed(m.bearing.degrees, 2),
                F.fixed(m.yaw, 4), F.fixed(m.visibilityRadius, 3),
                m.speedLimit?.kind == .limited ? F.fixed(Double(m.speedLimit!.kilometersPerHour), 1) : "",
                F.csv(m.instruction ?? ""),
            ]
            if let label = m.label {
                fields += [F.csv(label.pointOfInterest.name), F.csv(label.category), F.fixed(label.distanceFromRoute, 2)]
            } else {
                fields += ["", "", ""]
            }
            out += fields.joined(separator: ",") + "\r\n"
        }
        return out
    }
}
