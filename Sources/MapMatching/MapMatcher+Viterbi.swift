import Geodesy
import Routing

extension MapMatcher {
    /// The Viterbi step to point `t`: each candidate's best score over the reachable candidates of
    /// `previous` (their score, the transition and its emission), the candidate it came from and the
    /// road length. A transition whose road length differs from the great-circle length by more than
    /// `maximumDelta(…)` is impossible, so each search stops at the great-circle length plus it.
    /// - Complexity: one `Router.roadDistances` search per reachable candidate of `previous`.
    func step(from previous: ViterbiLayer, to t: Int, candidates: [SnappedLocation], trace: MatchTrace,
              medianInterval: Seconds?, workspace: RoutingWorkspace) -> ViterbiLayer {
        let greatCircle = GreatCircle.distance(from: trace.coordinates[previous.point], to: trace.coordinates[t])
        let delta = maximumDelta(greatCircle: greatCircle, intervals: t - previous.point, medianInterval: medianInterval)
        let candidateEmissions = emissions(candidates, precision: trace.precisions[t])
        var layer = ViterbiLayer(point: t, candidates: candidates, emissions: candidateEmissions)
        layer.scores = candidates.map { _ in -.infinity }
        for (i, source) in previous.candidates.enumerated() where previous.scores[i] > -.infinity {
            let lengths = router.roadDistances(from: source, to: candidates, within: greatCircle + delta,
                                               workspace: workspace)
            for (j, length) in lengths.enumerated() {
                guard let length, abs(length - greatCircle) <= delta else { continue }
                let score = previous.scores[i] + candidateEmissions[j]
                    + MatchingProbabilities.transition(routeLength: length, greatCircle: greatCircle, beta: parameters.beta)
                if score > layer.scores[j] {
                    layer.scores[j] = score
                    layer.parents[j] = i
                    layer.stepLengths[j] = length
                }
            }
        }
        return layer
    }

    /// The largest plausible |road length − great-circle length| between two points `intervals`
    /// samples apart: with timestamps, as far as the fastest plausible car drives in that many median
    /// intervals (OSRM's rule); without, the great-circle length or `minimumDistanceDelta`, whichever
    /// is more, and at most `maximumDistanceDelta`.
    func maximumDelta(greatCircle: Meters, intervals: Int, medianInterval: Seconds?) -> Meters {
        if let medianInterval { return medianInterval * parameters.maximumSpeed * Double(intervals) }
        return min(parameters.maximumDistanceDelta, max(parameters.minimumDistanceDelta, greatCircle))
    }

    /// Reads the likeliest path back from the last layer and appends it as a matching, unless it has
    /// fewer than two points.
    /// - Complexity: O(layers).
    func finish(_ layers: [ViterbiLayer], trace: MatchTrace, into matchings: inout [Matching]) {
        guard layers.count >= 2, let last = layers.last else { return }
        var chosen = [Int](repeating: 0, count: layers.count)
        chosen[layers.count - 1] = last.bestCandidate
        var matchedLength: Meters = 0
        for k in stride(from: layers.count - 1, to: 0, by: -1) {
            matchedLength += layers[k].stepLengths[chosen[k]]
            chosen[k - 1] = layers[k].parents[chosen[k]]
        }
        var traceLength: Meters = 0
        for k in 1..<layers.count {
            traceLength += GreatCircle.distance(from: trace.coordinates[layers[k - 1].point], to: trace.coordinates[layers[k].point])
        }
        matchings.append(Matching(
            pointIndices: layers.map(\.point),
            locations: layers.indices.map { layers[$0].candidates[chosen[$0]] },
            alternativesCounts: layers.map(\.alternativesCount),
            confidence: MatchingConfidence.confidence(traceLength: traceLength, matchedLength: matchedLength),
            matchedLength: matchedLength))
    }

    /// Each trace point's place in the matchings, nil for the points none holds.
    static func tracepoints(of matchings: [Matching], count: Int) -> [Tracepoint?] {
        var result = [Tracepoint?](repeating: nil, count: count)
        for (m, matching) in matchings.enumerated() {
            for (w, point) in matching.pointIndices.enumerated() {
                result[point] = Tracepoint(matchingIndex: m, waypointIndex: w, location: matching.locations[w],
                                           alternativesCount: matching.alternativesCounts[w])
            }
        }
        return result
    }
}
