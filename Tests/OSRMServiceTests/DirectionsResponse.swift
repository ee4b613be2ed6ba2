import Foundation
import Testing

/// A test-side decoder of the Mapbox Directions response, written from Mapbox's public API and its Swift
/// model (MapboxDirections 2.14: `RouteStep`, `SpokenInstruction`, `VisualInstructionBanner`,
/// `VisualInstruction`, `VisualInstruction.Component`): the keys those models require, their types, and
/// their enums' raw values. Stricter than the client where the client forgives (a component's `type`
/// and a maneuver's `type` must be known values here), so a response that decodes here decodes there.
enum DirectionsResponse {
    struct Body: Decodable {
        let code: String
        let routes: [Route]
        let waypoints: [Waypoint]
    }

    struct Waypoint: Decodable {
        let name: String
        let location: [Double]
    }

    struct Route: Decodable {
        let distance: Double
        let duration: Double
        let legs: [Leg]
        let voiceLocale: String?
    }

    struct Leg: Decodable {
        let steps: [Step]
        let distance: Double
        let duration: Double
        let summary: String
    }

    /// `RouteStep`: `maneuver`, `driving_side`, `distance`, `duration` and `mode` are required.
    struct Step: Decodable {
        let maneuver: Maneuver
        let drivingSide: DrivingSide
        let distance: Double
        let duration: Double
        let mode: TransportType
        let name: String?
        let ref: String?
        let exits: String?
        let destinations: String?
        let voiceInstructions: [SpokenInstruction]?
        let bannerInstructions: [Banner]?

        enum CodingKeys: String, CodingKey {
            case maneuver, distance, duration, mode, name, ref, exits, destinations, voiceInstructions, bannerInstructions
            case drivingSide = "driving_side"
        }
    }

    struct Maneuver: Decodable {
        let location: [Double]
        let type: ManeuverType
        let modifier: ManeuverDirection?
        let exit: Int?
        let instruction: String
        let bearingBefore: Double?
        let bearingAfter: Double?

        enum CodingKeys: String, CodingKey {
            case location, type, modifier, exit, instruction
            case bearingBefore = "bearing_before", bearingAfter = "bearing_after"
        }
    }

    /// `SpokenInstruction`: all three keys required.
    struct SpokenInstruction: Decodable {
        let distanceAlongGeometry: Double
        let announcement: String
        let ssmlAnnouncement: String
    }

    /// `VisualInstructionBanner`: `distanceAlongGeometry` and `primary` required.
    struct Banner: Decodable {
        let distanceAlongGeometry: Double
        let primary: VisualInstruction
        let secondary: VisualInstruction?
        let sub: VisualInstruction?
    }

    /// `VisualInstruction`: `components` required.
    struct VisualInstruction: Decodable {
        let text: String?
        let type: ManeuverType?
        let modifier: ManeuverDirection?
        let components: [Component]
        let degrees: Double?
        let drivingSide: DrivingSide?

        enum CodingKeys: String, CodingKey {
            case text, type, modifier, components, degrees
            case drivingSide = "driving_side"
        }
    }

    /// `VisualInstruction.Component`: a lane needs `directions` and `active`; every other kind `text`.
    enum Component: Decodable, Equatable {
        case text(kind: Kind, text: String)
        case lane(directions: [LaneIndication], active: Bool, activeDirection: ManeuverDirection?)

        enum Kind: String, Decodable {
            case delimiter, text, icon, exit, lane
            case guidanceView = "guidance-view"
            case exitNumber = "exit-number"
        }

        enum CodingKeys: String, CodingKey {
            case type, text, directions, active
            case activeDirection = "active_direction"
        }

        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            let kind = try c.decode(Kind.self, forKey: .type)
            if kind == .lane {
                self = .lane(directions: try c.decode([LaneIndication].self, forKey: .directions),
                             active: try c.decode(Bool.self, forKey: .active),
                             activeDirection: try c.decodeIfPresent(ManeuverDirection.self, forKey: .activeDirection))
            } else {
                self = .text(kind: kind, text: try c.decode(String.self, forKey: .text))
            }
        }
    }

    enum DrivingSide: String, Decodable { case left, right }

    enum TransportType: String, Decodable {
        case driving, ferry, walking, cycling, train
        case movableBridge = "movable bridge"
        case inaccessible = "unaccessible"
    }

    enum ManeuverType: String, Decodable {
        case depart, turn, `continue`, merge, fork, roundabout, rotary, notification, arrive
        case passNameChange = "new name"
        case takeOnRamp = "on ramp"
        case takeOffRamp = "off ramp"
        case reachEnd = "end of road"
        case useLane = "use lane"
        case turnAtRoundabout = "roundabout turn"
        case exitRoundabout = "exit roundabout"
        case exitRotary = "exit rotary"
    }

    enum ManeuverDirection: String, Decodable {
        case right, straight, left, uturn
        case sharpRight = "sharp right", slightRight = "slight right", slightLeft = "slight left", sharpLeft = "sharp left"
    }

    enum LaneIndication: String, Decodable {
        case right, straight, left, uturn, none
        case sharpRight = "sharp right", slightRight = "slight right", slightLeft = "slight left", sharpLeft = "sharp left"
    }

    static func decode(_ body: String) throws -> Body {
        try JSONDecoder().decode(Body.self, from: Data(body.utf8))
    }

    /// Checks what a navigation app relies on in every step: a non-empty instruction; voice and banner
    /// instructions present and non-empty, their distances inside the step (to the 0.1 m written) and
    /// decreasing; SSML wrapped as Mapbox wraps it; a modifier or an exit wherever osrm-text-instructions
    /// needs one (every maneuver but depart and arrive).
    static func checkGuidance(_ body: Body, sourceLocation: SourceLocation = #_sourceLocation) {
        for step in body.routes.flatMap(\.legs).flatMap(\.steps) {
            let what = "\(step.maneuver.type.rawValue) '\(step.maneuver.instruction)'"
            #expect(!step.maneuver.instruction.isEmpty, "\(what): no instruction", sourceLocation: sourceLocation)
            if step.maneuver.type != .depart && step.maneuver.type != .arrive {
                #expect(step.maneuver.modifier != nil || step.maneuver.exit != nil, "\(what): neither modifier nor exit",
                        sourceLocation: sourceLocation)
            }
            let voice = step.voiceInstructions?.map(\.distanceAlongGeometry) ?? []
            let banners = step.bannerInstructions?.map(\.distanceAlongGeometry) ?? []
            for (kind, distances) in [("voice", voice), ("banner", banners)] {
                #expect(!distances.isEmpty, "\(what): no \(kind) instructions", sourceLocation: sourceLocation)
                #expect(distances.allSatisfy { $0 >= 0 && $0 <= step.distance + 0.051 },
                        "\(what): \(kind) \(distances) outside the step's \(step.distance) m", sourceLocation: sourceLocation)
                #expect(zip(distances, distances.dropFirst()).allSatisfy { $0 > $1 }, "\(what): \(kind) \(distances) not decreasing",
                        sourceLocation: sourceLocation)
            }
            for spoken in step.voiceInstructions ?? [] {
                #expect(spoken.ssmlAnnouncement.hasPrefix("<speak><amazon:effect name=\"drc\"><prosody rate=\"1.08\">")
                        && spoken.ssmlAnnouncement.hasSuffix("</prosody></amazon:effect></speak>"), sourceLocation: sourceLocation)
                #expect(!spoken.announcement.isEmpty, sourceLocation: sourceLocation)
            }
        }
    }
}
