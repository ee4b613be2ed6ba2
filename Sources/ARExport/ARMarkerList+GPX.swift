import Geodesy
import OutputEncoding
import RoadNetwork

extension ARMarkerList {
    /// The markers as GPX 1.1 waypoints (`<wpt>`) for GPS devices.
    ///
    /// `<ele>` only when the ground height is known; `<name>` is the instruction or place name (else the
    /// kind and index); `<type>` is the marker kind; colour, the speed limit with its source, batch and
    /// ARKit position go in `<desc>` ("color orange (against an estimated limit); limit 50 km/h,
    /// legal_default (estimated); …").
    /// - Complexity: O(markers).
    public func gpx(name: String = "Waymark AR markers") -> String {
        func f(_ value: Double, _ decimals: Int) -> String { DecimalNumber.fixed(value, decimals: decimals) }
        let xml = TextEscaping.xml
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<gpx version=\"1.1\" creator=\"waymark\" xmlns=\"http://www.topografix.com/GPX/1/1\" "
        out += "xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" "
        out += "xsi:schemaLocation=\"http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd\">\n"
        out += "  <metadata><name>\(xml(name))</name></metadata>\n"
        for m in markers {
            out += "  <wpt lat=\"\(f(m.coordinate.latitude, 7))\" lon=\"\(f(m.coordinate.longitude, 7))\">\n"
            if m.elevationSource != .unknown { out += "    <ele>\(f(m.altitude, 3))</ele>\n" }
            let title = m.label?.pointOfInterest.name ?? m.instruction ?? "\(m.kind.rawValue) \(m.index)"
            out += "    <name>\(xml(title.isEmpty ? "\(m.kind.rawValue) \(m.index)" : title))</name>\n"
            var desc = "\(m.kind.rawValue)"
            if let arrow = m.arrow { desc += " \(arrow.rawValue)" }
            if let label = m.label { desc += " (\(label.category), \(f(label.distanceFromRoute, 1)) m from route)" }
            desc += "; color \(m.color.rawValue)"
            if m.warningIsEstimated { desc += " (against an estimated limit)" }
            if let limit = m.speedLimit { desc += "; \(ARMarkerList.limitPhrase(limit))" }
            desc += "; \(f(m.distanceAlongRoute, 1)) m along route; batch \(batchIndex(ofMarker: m.index))"
            desc += "; ARKit x \(f(m.arkit.x, 3)) y \(f(m.arkit.y, 3)) z \(f(m.arkit.z, 3)); bearing \(f(m.bearing.degrees, 1))"
            out += "    <desc>\(xml(desc))</desc>\n"
            out += "    <sym>\(ARMarkerList.gpxSymbol(m.kind))</sym>\n"
            out += "    <type>\(m.kind.rawValue)</type>\n"
            out += "  </wpt>\n"
        }
        return out + "</gpx>\n"
    }

    /// "limit 50 km/h, posted", "limit 30 mph, legal_default (estimated)", "no limit, posted",
    /// "limit unknown, posted".
    static func limitPhrase(_ limit: SpeedLimit) -> String {
        let value: String = switch limit.kind {
        case .limited: "limit \(limit.valueInTaggedUnit ?? 0) \(limit.unit == .milesPerHour ? "mph" : "km/h")"
        case .unlimited: "no limit"
        case .unknown: "limit unknown"
        }
        return "\(value), \(limit.source)" + (limit.isEstimated ? " (estimated)" : "")
    }

    /// A common GPS-device symbol name.
    static func gpxSymbol(_ kind: ARMarkerKind) -> String {
        switch kind {
        case .road: "Waypoint"
        case .turnArrow: "Navaid, Blue"
        case .via: "Flag, Blue"
        case .destination: "Flag, Red"
        case .poi: "Information"
        }
    }
}
