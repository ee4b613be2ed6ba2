/// Mapbox's `roundabout_exits=false`: leaving a roundabout is part of entering it.
extension RouteGuidance {
    /// A leg's steps with each `exit roundabout` / `exit rotary` step that follows its ring's entry folded
    /// into that entry: one step from the entry to the next maneuver, which keeps the entry's maneuver
    /// (with its exit number), name and lanes. A ring passed without entering keeps its exit step.
    /// - Complexity: O(steps + coordinates).
    public static func mergingRoundaboutExits(_ steps: [RouteStep]) -> [RouteStep] {
        var merged: [RouteStep] = []
        merged.reserveCapacity(steps.count)
        for step in steps {
            let type = step.maneuver.type
            if (type == .exitRoundabout || type == .exitRotary), var entry = merged.last,
               entry.maneuver.type == .roundabout || entry.maneuver.type == .rotary, entry.maneuver.exit != nil {
                entry.distance += step.distance
                entry.duration += step.duration
                entry.coordinates += step.coordinates.dropFirst()
                merged[merged.count - 1] = entry
                continue
            }
            merged.append(step)
        }
        return merged
    }
}
