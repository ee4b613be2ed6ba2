import Geodesy

/// When and what a navigation voice says along each step of a leg (Mapbox's `voiceInstructions`).
///
/// A step's announcements are about the maneuver that ends it (the next step's), at distances before
/// that maneuver chosen by the speed the step is driven at: a fast road is announced far ahead (2 km
/// and 500 m before, as on a motorway), a road in town only a few hundred metres ahead. Every step
/// speaks once where it begins (the depart sentence, "Continue on … for …", or the approach itself
/// when the step is short) and once just before its maneuver, about five seconds' drive ahead; when
/// the maneuver after comes within ten seconds, that last announcement adds it ("…, then turn
/// right"). The arrive step says the arrival where it stands.
public struct VoiceInstructionPlanner: Sendable {
    public var language: InstructionLanguage
    public var units: VoiceUnits

    public init(language: InstructionLanguage, units: VoiceUnits) {
        self.language = language
        self.units = units
    }

    /// The far announcements for an approach speed, farthest first, and how long before the maneuver
    /// the last one is spoken.
    struct Timing {
        var farDistances: [Meters]
        var finalLead: Seconds
    }

    /// Speed classes by the approach speed: motorway-like, fast roads out of town, town.
    static func timing(speed: MetersPerSecond) -> Timing {
        switch SpeedConversion.kilometersPerHour(speed) {
        case 80...: Timing(farDistances: [2000, 500], finalLead: 6)
        case 55..<80: Timing(farDistances: [1000, 300], finalLead: 6)
        default: Timing(farDistances: [250], finalLead: 5)
        }
    }

    /// The nearest a final announcement is spoken before the maneuver, and the farthest.
    static let finalRange: ClosedRange<Meters> = 30...250
    /// A far announcement is made only where the step is this much longer than its distance, so it does
    /// not repeat the one at the step's start.
    static let farMargin = 1.3
    /// A maneuver that follows the announced one within this time is announced with it ("then").
    static let chainTime: Seconds = 10
    /// The speed assumed for a step without a duration (50 km/h).
    static let defaultSpeed: MetersPerSecond = SpeedConversion.metersPerSecond(50)

    /// The announcements of every step of a leg, one array per step, each non-empty with distances inside
    /// the step and decreasing.
    /// - Parameter arrivalIndex: nil when the leg ends at the destination, else the via point's number.
    /// - Complexity: O(steps).
    public func instructions(for steps: [RouteStep], arrivalIndex: Int? = nil) -> [[SpokenInstruction]] {
        steps.indices.map { i in
            i + 1 < steps.count ? approach(steps, to: i + 1, arrivalIndex: arrivalIndex)
                : [SpokenInstruction(distanceAlongGeometry: 0, announcement: steps[i].maneuver.instruction)]
        }
    }

    /// The announcements during step `next - 1` of the maneuver of step `next`.
    private func approach(_ steps: [RouteStep], to next: Int, arrivalIndex: Int?) -> [SpokenInstruction] {
        let step = steps[next - 1]
        let length = max(0, step.distance)
        let speed = step.duration > 0 && step.distance > 0 ? step.distance / step.duration : Self.defaultSpeed
        let timing = Self.timing(speed: speed)
        let maneuver = maneuverText(steps, next, arrivalIndex: arrivalIndex)
        let final = min(max(speed * timing.finalLead, Self.finalRange.lowerBound), Self.finalRange.upperBound)
        let far = timing.farDistances.filter { $0 > final && length >= $0 * Self.farMargin }
        let closing = chainedText(steps, next, maneuver: maneuver, arrivalIndex: arrivalIndex)

        var result: [SpokenInstruction] = []
        let hasFinal = length > final * Self.farMargin
        result.append(SpokenInstruction(distanceAlongGeometry: length,
                                        announcement: opening(step, length: length, far: far, hasFinal: hasFinal,
                                                              maneuver: maneuver, closing: closing)))
        for d in far {
            let text = InstructionText.spokenApproach(maneuver, distance: d, units: units, language: language)
            result.append(SpokenInstruction(distanceAlongGeometry: d, announcement: text))
        }
        if hasFinal { result.append(SpokenInstruction(distanceAlongGeometry: final, announcement: closing)) }
        return result
    }

    /// What is said where a step begins: the depart sentence, how long to follow the road (when far
    /// announcements come), the approach with its distance, or, on a step too short for more, the
    /// maneuver itself.
    private func opening(_ step: RouteStep, length: Meters, far: [Meters], hasFinal: Bool,
                         maneuver: String, closing: String) -> String {
        let isDepart = step.maneuver.type == .depart
        if !far.isEmpty {
            return isDepart ? step.maneuver.instruction
                : InstructionText.spokenFollow(road: DirectionSign.spokenRoad(name: step.name, ref: step.ref), distance: length,
                                               units: units, language: language)
        }
        if hasFinal {
            let approach = InstructionText.spokenApproach(maneuver, distance: length, units: units, language: language)
            return isDepart ? InstructionText.chained(step.maneuver.instruction, then: approach, language: language) : approach
        }
        return isDepart ? InstructionText.chained(step.maneuver.instruction, then: closing, language: language) : closing
    }

    /// The sentence for the maneuver of step `k`; an arrival is said as ahead ("You will arrive …").
    private func maneuverText(_ steps: [RouteStep], _ k: Int, arrivalIndex: Int?) -> String {
        let m = steps[k].maneuver
        guard m.type == .arrive else { return m.instruction }
        let side: TurnDirection? = m.modifier == .right ? .right : m.modifier == .left ? .left : nil
        return InstructionText.arrivalAhead(arrivalIndex: arrivalIndex, side: side, language: language)
    }

    /// The maneuver of step `k`, with the one after it when that comes within `chainTime`.
    private func chainedText(_ steps: [RouteStep], _ k: Int, maneuver: String, arrivalIndex: Int?) -> String {
        guard k + 1 < steps.count, steps[k].duration <= Self.chainTime else { return maneuver }
        let type = steps[k + 1].maneuver.type
        // Leaving the ring just entered is part of the roundabout sentence ("take the 2nd exit").
        if steps[k].maneuver.type.entersRoundabout && (type == .exitRoundabout || type == .exitRotary) { return maneuver }
        return InstructionText.chained(maneuver, then: maneuverText(steps, k + 1, arrivalIndex: arrivalIndex), language: language)
    }
}
