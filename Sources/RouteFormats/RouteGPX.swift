import Geodesy
import Guidance
import OutputEncoding
import RoadNetwork
import Routing

/// A route as a GPX 1.1 document: the maneuvers as a `<rte>` and the full polyline as a `<trk>`.
///
/// `<rte>` has one `<rtept>` per step maneuver (depart, turns, arrive) named with its instruction;
/// `<trk>` has one `<trkseg>` per leg with a `<trkpt>` for every coordinate. Text is XML-escaped.
public enum RouteGPX {
    /// The GPX text; `steps` holds `RouteGuidance.steps` for each leg.
    /// - Complexity: O(coordinates + steps).
    public static func document(route: Route, steps: [[RouteStep]], name: String = "waymark route") -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<gpx version=\"1.1\" creator=\"waymark\" xmlns=\"http://www.topografix.com/GPX/1/1\">\n"
        out += "  <metadata><name>\(escape(name))</name></metadata>\n"
        out += "  <rte>\n    <name>\(escape(name))</name>\n"
        for (legIndex, legSteps) in steps.enumerated() {
            for (i, step) in legSteps.enumerated() {
                // A via point ends one leg and departs the next; write it once.
                if legIndex > 0 && i == 0 && step.maneuver.type == .depart { continue }
                out += "    <rtept \(latLon(step.maneuver.location))>"
                out += "<name>\(escape(step.maneuver.instruction))</name>"
                let road = step.name.isEmpty ? step.ref : step.name
                if !road.isEmpty { out += "<desc>\(escape(road))</desc>" }
                out += "<type>\(escape(step.maneuver.type.rawValue))</type>"
                out += "</rtept>\n"
            }
        }
        out += "  </rte>\n"
        out += "  <trk>\n    <name>\(escape(name))</name>\n"
        for leg in route.legs {
            out += "    <trkseg>\n"
            for c in leg.coordinates { out += "      <trkpt \(latLon(c))/>\n" }
            out += "    </trkseg>\n"
        }
        out += "  </trk>\n</gpx>\n"
        return out
    }

    private static func latLon(_ c: Coordinate) -> String {
        "lat=\"\(DecimalNumber.fixed(c.latitude, decimals: 7))\" lon=\"\(DecimalNumber.fixed(c.longitude, decimals: 7))\""
    }

    /// Text escaped for XML character data and attribute values.
    static func escape(_ text: String) -> String { TextEscaping.xml(text) }
}
