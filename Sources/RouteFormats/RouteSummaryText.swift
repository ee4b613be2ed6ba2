import Geodesy
import Guidance
import RoadNetwork
import Routing

/// The readable route summary `waymark route` prints: totals and legs, the snapped start, the numbered
/// turn-by-turn instructions (`TurnByTurnText`) and the snapped destination.
///
///     Route: 1.36 km, 1 min 52 s (fastest)
///       from 45.8075,15.9838663 (3 m from 45.8075,15.9838)
///         1.          Head north on Zagrebačka cesta  [Zagrebačka cesta, limit 60 km/h]
///       …
///       to 45.816,15.9915 (8 m from 45.816,15.9916)
public enum RouteSummaryText {
    /// The summary; `steps` holds `RouteGuidance.steps` for each leg.
    /// - Complexity: O(steps + coordinates).
    public static func text(for route: Route, steps: [[RouteStep]], graph: RoadGraph, language: InstructionLanguage) -> String {
        var out = "Route: \(distance(route.distance)), \(duration(route.duration)) (\(route.metric == .time ? "fastest" : "shortest"))\n"
        if route.legs.count > 1 {
            for (i, leg) in route.legs.enumerated() {
                out += "Leg \(i + 1): \(distance(leg.distance)), \(duration(leg.duration))\n"
            }
        }
        guard let first = route.legs.first, let last = route.legs.last else { return out }
        out += "  from \(first.from.location) (\(distance(first.from.distance)) from \(first.from.input))\n"
        for line in TurnByTurnText.lines(route: route, steps: steps, graph: graph, language: language) { out += line + "\n" }
        out += "  to \(last.to.location) (\(distance(last.to.distance)) from \(last.to.input))\n"
        return out
    }

    /// `850 m`, `1.36 km`.
    public static func distance(_ meters: Meters) -> String {
        meters >= 1000 ? "\(DecimalNumber.fixed(meters / 1000, decimals: 2)) km" : "\(Int(meters.rounded())) m"
    }

    /// `42 s`, `3 min 5 s`, `1 h 12 min`.
    public static func duration(_ seconds: Seconds) -> String {
        let total = Int(seconds.rounded())
        let h = total / 3600, m = (total % 3600) / 60, s = total % 60
        if h > 0 { return "\(h) h \(m) min" }
        if m > 0 { return "\(m) min \(s) s" }
        return "\(s) s"
    }
}
