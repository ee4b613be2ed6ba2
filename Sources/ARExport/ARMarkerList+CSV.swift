import Geodesy
import Guidance
import OutputEncoding
import RoadNetwork

extension ARMarkerList {
    /// The CSV header row (column names carry their units).
    public static let csvHeader = "index,batch,kind,arrow,color,warning,distance_along_route_m,latitude,longitude,altitude_m,"
        + "elevation_source,height_above_ground_m,east_m,north_m,up_m,arkit_x_m,arkit_y_m,arkit_z_m,bearing_deg,yaw_rad,"
        + "visibility_m,speed_limit_kmh,instruction,poi_name,poi_category,poi_distance_from_route_m,"
        + "speed_limit_source,speed_limit_estimated,warning_estimated,lanes"

    /// The markers as CSV (RFC 4180) for spreadsheets: a header row, then one row per marker.
    /// Unknown values (altitude without elevation data, no speed limit …) are empty cells. The last three
    /// columns (added with JSON version 3) say where the limit comes from and whether it, and the
    /// warning against it, are estimated (`true`/`false`; empty on labels). `lanes` gives a turn arrow's lanes
    /// left to right as OSRM's test harness writes them (`left:true straight;right:false`; empty where none).
    /// - Complexity: O(markers).
    public func csv() -> String {
        func f(_ value: Double, _ decimals: Int) -> String { DecimalNumber.fixed(value, decimals: decimals) }
        var out = ARMarkerList.csvHeader + "\r\n"
        for m in markers {
            var fields: [String] = [
                String(m.index), String(batchIndex(ofMarker: m.index)), m.kind.rawValue, m.arrow?.rawValue ?? "",
                m.color.rawValue, m.warning.rawValue, f(m.distanceAlongRoute, 2),
                f(m.coordinate.latitude, 7), f(m.coordinate.longitude, 7),
                m.elevationSource == .unknown ? "" : f(m.altitude, 3), m.elevationSource.rawValue,
                f(m.heightAboveGround, 3), f(m.enu.east, 3), f(m.enu.north, 3), f(m.enu.up, 3),
                f(m.arkit.x, 3), f(m.arkit.y, 3), f(m.arkit.z, 3), f(m.bearing.degrees, 2),
                f(m.yaw, 4), f(m.visibilityRadius, 3),
                m.speedLimitKilometersPerHour.map { f($0, 1) } ?? "",
                TextEscaping.csv(m.instruction ?? ""),
            ]
            if let label = m.label {
                fields += [TextEscaping.csv(label.pointOfInterest.name), TextEscaping.csv(label.category), f(label.distanceFromRoute, 2)]
            } else {
                fields += ["", "", ""]
            }
            fields += [m.speedLimit?.source.description ?? "", m.speedLimit.map { String($0.isEstimated) } ?? "",
                       m.label == nil ? String(m.warningIsEstimated) : "", TextEscaping.csv(Lane.summary(m.lanes))]
            out += fields.joined(separator: ",") + "\r\n"
        }
        return out
    }
}
