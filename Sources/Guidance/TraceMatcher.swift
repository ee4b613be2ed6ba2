import Geodesy

/// Places trace points on a route polyline with monotonic progress.
///
/// Each point is projected onto the segments ahead of the previous match (a window of
/// `lookahead` metres, widened by how far the vehicle could have gone since the previous timed
/// point); the nearest projection within `maxDistance` wins. When none lies in the window, the first
/// segment further on within `maxDistance` is taken (a sparse trace, a gap in the recording). Progress
/// never goes back: a projection slightly behind (GPS jitter while stopped) is held at the previous
/// progress. Points with no projection within `maxDistance` ahead are discarded (a detour, a GPS
/// outlier, a trace of another road).
public struct TraceMatcher: Sendable {
    /// Farthest a recorded position may lie from the route to be used.
    public var maxDistance: Meters = 50
    /// Minimum forward search window beyond the previous match.
    public var lookahead: Meters = 500
    /// The speed limit of plausibility used to widen the window for sparse timed traces (250 km/h).
    public var fastestPlausibleSpeed: MetersPerSecond = 70
    /// Speed assumed where the trace records none and has no times.
    public var plannedSpeed: KilometersPerHour?

    public init(maxDistance: Meters = 50, plannedSpeed: KilometersPerHour? = nil) {
        self.maxDistance = maxDistance
        self.plannedSpeed = plannedSpeed
    }

    /// Matches `trace` to the route polyline `polyline`.
    /// - Complexity: O(trace points × segments in the window), O(trace × segments) worst case.
    public func match(_ trace: Trace, to polyline: [Coordinate]) -> TraceMatch {
        var cumulative: [Meters] = [0]
        cumulative.reserveCapacity(polyline.count)
        for k in polyline.indices.dropFirst() {
            cumulative.append(cumulative[k - 1] + GreatCircle.distance(from: polyline[k - 1], to: polyline[k]))
        }
        var matched: [MatchedTracePoint] = []
        var discarded = 0
        var segment = 0
        var progress: Meters = 0
        var lastTime: Seconds? = nil
        for (index, point) in trace.points.enumerated() {
            guard polyline.count >= 2 else {
                if let only = polyline.first {
                    let d = GreatCircle.distance(from: point.coordinate, to: only)
                    if d <= maxDistance {
                        matched.append(MatchedTracePoint(traceIndex: index, point: point, matched: only, distanceAlongRoute: 0, offset: d, speed: nil))
                    } else { discarded += 1 }
                } else { discarded += 1 }
                continue
            }
            var window = lookahead
            if let t = point.time, let t0 = lastTime, t > t0 { window = max(window, (t - t0) * fastestPlausibleSpeed) }
            var best: (distance: Meters, segment: Int, along: Meters, point: Coordinate)? = nil
            var s = segment
            while s < polyline.count - 1 && cumulative[s] <= progress + window {
                let hit = GreatCircle.closestPoint(to: point.coordinate, onSegmentFrom: polyline[s], to: polyline[s + 1])
                if hit.distance <= maxDistance && (best == nil || hit.distance < best!.distance - 1e-9) {
                    let along = cumulative[s] + hit.fraction * (cumulative[s + 1] - cumulative[s])
                    best = (hit.distance, s, along, hit.point)
                }
                s += 1
            }
            if best == nil {
                // Nothing near within the window (a sparse untimed trace, a gap in the recording): take
                // the first stretch further on that lies within reach, never a later pass of a loop.
                while s < polyline.count - 1 {
                    let hit = GreatCircle.closestPoint(to: point.coordinate, onSegmentFrom: polyline[s], to: polyline[s + 1])
                    if hit.distance <= maxDistance {
                        best = (hit.distance, s, cumulative[s] + hit.fraction * (cumulative[s + 1] - cumulative[s]), hit.point)
                        break
                    }
                    s += 1
                }
            }
            guard let best else { discarded += 1; continue }
            segment = best.segment
            progress = max(progress, best.along)
            if point.time != nil { lastTime = point.time }
            matched.append(MatchedTracePoint(traceIndex: index, point: point, matched: best.point,
                                             distanceAlongRoute: progress, offset: best.distance, speed: nil))
        }
        assignSpeeds(&matched)
        return TraceMatch(points: matched, discarded: discarded, total: trace.points.count)
    }

    /// Recorded speed, else the central difference of progress over time (one-sided at the ends),
    /// else the planned speed.
    private func assignSpeeds(_ points: inout [MatchedTracePoint]) {
        for i in points.indices {
            if let recorded = points[i].point.speed { points[i].speed = recorded; continue }
            let a = i > 0 ? i - 1 : i, b = i + 1 < points.count ? i + 1 : i
            if a != b, let ta = points[a].point.time, let tb = points[b].point.time, tb > ta {
                let metres = points[b].distanceAlongRoute - points[a].distanceAlongRoute
                points[i].speed = SpeedConversion.kilometersPerHour(metres / (tb - ta))
            } else {
                points[i].speed = plannedSpeed
            }
        }
    }
}
