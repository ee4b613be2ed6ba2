import Geodesy
import Guidance
import RoadNetwork
import Routing

/// The turn-by-turn list of a route as plain text, for reading on a terminal or printing.
///
/// One numbered line per maneuver, numbered through all legs: the distance driven since the previous
/// maneuver (rounded as navigation apps announce it), the instruction in the chosen language, and in
/// brackets the road taken and the speed limit when it differs from the last one given. A limit that
/// changes between two maneuvers gets its own unnumbered line saying where. Posted limits (`posted`,
/// `zone`, or "no limit") are told as they are; a limit Waymark estimated from the country's legal
/// default or the neighbouring roads is told with "(estimated)" ("(procjena)" in Croatian); a class
/// default is not told at all: it is a guess from the road's class alone, not a limit.
///
///        1.          Head east on Ilica  [Ilica, limit 50 km/h]
///                    after 900 m: limit 30 km/h
///        2.  1.8 km  Turn right onto Trpimirova  [Trpimirova, limit 50 km/h (estimated)]
///        3.   100 m  You have arrived at your destination, on the right
public enum TurnByTurnText {
    /// The lines for every leg's steps (`steps[i]` from `RouteGuidance.steps` for `route.legs[i]`).
    /// - Complexity: O(steps + coordinates).
    public static func lines(route: Route, steps: [[RouteStep]], graph: RoadGraph, language: InstructionLanguage) -> [String] {
        var lines: [String] = []
        var number = 0
        var announcedLimit: String? = nil
        for (legIndex, leg) in route.legs.enumerated() where legIndex < steps.count {
            let legSteps = steps[legIndex]
            var start = 0
            var previousDistance: Meters? = nil
            for step in legSteps {
                // A via point ends one leg and departs the next: its depart adds nothing new.
                let skip = legIndex > 0 && step.maneuver.type == .depart
                let end = start + max(0, step.coordinates.count - 1)
                var changes = limitChanges(leg: leg, segments: start..<end, graph: graph, language: language)
                if !skip {
                    number += 1
                    var notes: [String] = []
                    let road = roadLabel(name: step.name, ref: step.ref)
                    if !road.isEmpty && step.maneuver.type != .arrive { notes.append(road) }
                    if let first = changes.first, first.offset == 0 {
                        if first.text != announcedLimit { notes.append(first.text); announcedLimit = first.text }
                        changes.removeFirst()
                    }
                    let distance = previousDistance.map { DistanceAnnouncement($0).text(language) } ?? ""
                    let bracket = notes.isEmpty ? "" : "  [\(notes.joined(separator: ", "))]"
                    lines.append(pad("\(number).", 5) + " " + pad(distance, 7) + "  " + step.maneuver.instruction + bracket)
                }
                for change in changes where change.text != announcedLimit {
                    announcedLimit = change.text
                    let after = DistanceAnnouncement(change.offset).text(language)
                    let phrase = language == .hr ? "nakon \(after): \(change.text)" : "after \(after): \(change.text)"
                    lines.append(String(repeating: " ", count: 15) + phrase)
                }
                previousDistance = step.distance
                start = end
            }
        }
        return lines
    }

    /// A limit's text as told: "limit 50 km/h", "limit 30 mph", "no limit", with " (estimated)" (" (procjena)")
    /// for a legal default or the neighbours' limit; nil for an unknown limit and for a class default.
    static func limitText(_ limit: SpeedLimit, language: InstructionLanguage) -> String? {
        guard limit.source != .classDefault else { return nil }
        let text: String
        switch limit.kind {
        case .limited:
            let word = language == .hr ? "ograničenje" : "limit"
            if limit.unit == .milesPerHour, let mph = limit.valueInTaggedUnit { text = "\(word) \(mph) mph" }
            else { text = "\(word) \(Int(Double(limit.kilometersPerHour).rounded())) km/h" }
        case .unlimited:
            text = language == .hr ? "bez ograničenja" : "no limit"
        case .unknown:
            return nil
        }
        guard limit.isEstimated else { return text }
        return text + (language == .hr ? " (procjena)" : " (estimated)")
    }

    /// Where along the stretch `segments` of the leg the told limit changes (offset 0: at its start).
    private static func limitChanges(leg: RouteLeg, segments: Range<Int>, graph: RoadGraph,
                                     language: InstructionLanguage) -> [(offset: Meters, text: String)] {
        var result: [(offset: Meters, text: String)] = []
        var offset: Meters = 0
        var previous: String? = nil
        for s in segments where s < leg.segmentEdge.count {
            let edge = leg.edges[leg.segmentEdge[s]]
            if let text = limitText(graph.speedLimit[Int(edge)], language: language), text != previous {
                result.append((offset, text))
                previous = text
            }
            offset += GreatCircle.distance(from: leg.coordinates[s], to: leg.coordinates[s + 1])
        }
        return result
    }

    /// "Ilica", "A1", "Ilica (D1)" or "".
    static func roadLabel(name: String, ref: String) -> String {
        if name.isEmpty { return ref }
        return ref.isEmpty || ref == name ? name : "\(name) (\(ref))"
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
    }
}
