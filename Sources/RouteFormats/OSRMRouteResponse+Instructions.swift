import Geodesy
import Guidance
import OutputEncoding
import RoadNetwork

/// The Mapbox Directions keys of a step: `voiceInstructions` and `bannerInstructions`, spelled and shaped
/// as Mapbox's API (and Valhalla's OSRM output) write them.
extension OSRMRouteResponse {
    /// `"voiceInstructions":[{"distanceAlongGeometry":…,"announcement":…,"ssmlAnnouncement":…}, …]`.
    static func writeVoiceInstructions(_ instructions: [SpokenInstruction], into w: inout JSONWriter) {
        w.key("voiceInstructions")
        w.beginArray()
        for spoken in instructions {
            w.beginObject()
            w.field("distanceAlongGeometry", spoken.distanceAlongGeometry)
            w.field("announcement", spoken.announcement)
            w.field("ssmlAnnouncement", spoken.ssmlAnnouncement)
            w.endObject()
        }
        w.endArray()
    }

    /// `"bannerInstructions":[{"distanceAlongGeometry":…,"primary":{…},"secondary":{…}|null,"sub":{…}}, …]`;
    /// `sub` is left out when there is none, as Mapbox does.
    static func writeBannerInstructions(_ banners: [BannerInstruction], drivingSide: DrivingSide, into w: inout JSONWriter) {
        w.key("bannerInstructions")
        w.beginArray()
        for banner in banners {
            w.beginObject()
            w.field("distanceAlongGeometry", banner.distanceAlongGeometry)
            w.key("primary")
            writeBannerText(banner.primary, drivingSide: drivingSide, into: &w)
            w.key("secondary")
            if let secondary = banner.secondary { writeBannerText(secondary, drivingSide: drivingSide, into: &w) } else { w.null() }
            if let sub = banner.sub {
                w.key("sub")
                writeBannerText(sub, drivingSide: drivingSide, into: &w)
            }
            w.endObject()
        }
        w.endArray()
    }

    /// A visual instruction: `text`, `components`, and `type`, `modifier`, `degrees` (with the
    /// `driving_side` it is measured for) when it shows a maneuver.
    static func writeBannerText(_ line: BannerText, drivingSide: DrivingSide, into w: inout JSONWriter) {
        w.beginObject()
        w.field("text", line.text)
        w.key("components")
        w.beginArray()
        for component in line.components { writeComponent(component, into: &w) }
        w.endArray()
        if let type = line.type { w.field("type", type.rawValue) }
        if let modifier = line.modifier { w.field("modifier", modifier.rawValue) }
        if let degrees = line.degrees {
            w.field("degrees", Int(degrees))
            w.field("driving_side", drivingSide.rawValue)
        }
        w.endObject()
    }

    /// A component: `{"type":"text","text":"Rua Nova"}`, or for a lane
    /// `{"type":"lane","text":"","active":true,"directions":["left"],"active_direction":"left"}`.
    static func writeComponent(_ component: BannerComponent, into w: inout JSONWriter) {
        w.beginObject()
        w.key("type")
        w.string(component.type)
        w.field("text", component.text)
        if case .lane(let lane) = component {
            w.field("active", lane.active)
            w.key("directions")
            w.beginArray()
            for indication in lane.indications { w.string(indication.rawValue) }
            w.endArray()
            if lane.valid, let direction = lane.validIndication { w.field("active_direction", direction.rawValue) }
        }
        w.endObject()
    }
}
