import Geodesy
import Routing

/// Matches GPS traces to the roads a car drove: Newson & Krumm's hidden Markov model, solved by Viterbi
/// over the candidate road positions of each point, with the router's road lengths as transitions.
///
/// For each point the candidates are the nearest position of every road within `searchRadiusMultiplier`
/// × its precision (`SnapIndex.candidates`); each step from one point to the next runs one bounded
/// distance search per candidate of the point before (`Router.roadDistances`). A point none of whose
/// candidates can be reached is an outlier and left out; after `maximumBrokenPoints` of them in a row,
/// or at a time gap beyond `maximumTimeGap` (with `splitsAtTimeGaps`), the trace is split and a new
/// matching starts. Sub-traces of one point are dropped.
///
/// Share one matcher between threads; each matches with its own `RoutingWorkspace`. A search honours
/// the workspace's `shouldStop`; when it turns true the match ends early with what it has (the caller
/// that set it discards the answer).
public struct MapMatcher: Sendable {
    public let router: Router
    public var parameters: MatchingParameters

    public init(router: Router, parameters: MatchingParameters = MatchingParameters()) {
        self.router = router
        self.parameters = parameters
    }

    /// Matches `trace`; with `tidy`, first thins it (`TraceTidying`: points left out are nil tracepoints).
    /// - Complexity: O(points × candidates × one search within the step's length limit).
    public func match(_ trace: MatchTrace, tidy: Bool = false, workspace: RoutingWorkspace) -> MapMatch {
        guard tidy else { return matchAll(trace, workspace: workspace) }
        let kept = TraceTidying.keptIndices(of: trace)
        guard kept.count < trace.count, let thinned = try? MatchTrace(
            coordinates: kept.map { trace.coordinates[$0] }, timestamps: trace.timestamps.map { t in kept.map { t[$0] } },
            precisions: kept.map { trace.precisions[$0] }) else { return matchAll(trace, workspace: workspace) }
        let result = matchAll(thinned, workspace: workspace)
        var tracepoints = [Tracepoint?](repeating: nil, count: trace.count)
        for (i, point) in result.tracepoints.enumerated() { tracepoints[kept[i]] = point }
        let matchings = result.matchings.map { m in
            var m = m
            m.pointIndices = m.pointIndices.map { kept[$0] }
            return m
        }
        return MapMatch(matchings: matchings, tracepoints: tracepoints)
    }

    /// Runs the model over every point, splitting where the trace breaks.
    private func matchAll(_ trace: MatchTrace, workspace: RoutingWorkspace) -> MapMatch {
        let candidateSets = trace.coordinates.indices.map { candidates(of: $0, in: trace) }
        let medianInterval = trace.medianInterval
        var matchings: [Matching] = []
        var layers: [ViterbiLayer] = []
        var broken = 0, firstBroken: Int?
        var t = 0
        func restart(at point: Int) {
            finish(layers, trace: trace, into: &matchings)
            layers = [firstLayer(point, in: trace, candidateSets[point])]
            broken = 0
            firstBroken = nil
        }
        while t < trace.count || firstBroken != nil {
            if let shouldStop = workspace.shouldStop, shouldStop() { break }
            if t == trace.count, let first = firstBroken {
                // Outliers at the end: they may still match among themselves.
                restart(at: first)
                t = first + 1
                continue
            }
            defer { t += 1 }
            if candidateSets[t].isEmpty { continue }
            guard let previous = layers.last else { layers = [firstLayer(t, in: trace, candidateSets[t])]; continue }
            if splits(trace, between: previous.point, and: t) { restart(at: t); continue }
            let next = step(from: previous, to: t, candidates: candidateSets[t], trace: trace, medianInterval: medianInterval,
                            workspace: workspace)
            if next.isReachable {
                layers.append(next)
                broken = 0
                firstBroken = nil
                continue
            }
            broken += 1
            if firstBroken == nil { firstBroken = t }
            if broken > parameters.maximumBrokenPoints, let first = firstBroken {
                restart(at: first)
                t = first
            }
        }
        finish(layers, trace: trace, into: &matchings)
        return MapMatch(matchings: matchings, tracepoints: Self.tracepoints(of: matchings, count: trace.count))
    }

    /// The candidates of point `i`: every road within the search radius of its precision, nearest first.
    private func candidates(of i: Int, in trace: MatchTrace) -> [SnappedLocation] {
        router.snapIndex.candidates(near: trace.coordinates[i], in: router.graph,
                                    maxDistance: trace.precisions[i] * parameters.searchRadiusMultiplier,
                                    limit: parameters.maximumCandidates)
    }

    /// Each candidate's emission log-probability for a point of precision `precision`.
    func emissions(_ candidates: [SnappedLocation], precision: Meters) -> [Double] {
        candidates.map { MatchingProbabilities.emission(distance: $0.distance, precision: precision) }
    }

    /// A matching's first step: each candidate scored by its emission alone.
    private func firstLayer(_ point: Int, in trace: MatchTrace, _ candidates: [SnappedLocation]) -> ViterbiLayer {
        ViterbiLayer(point: point, candidates: candidates, emissions: emissions(candidates, precision: trace.precisions[point]))
    }

    /// Whether the trace splits between two points: a time gap beyond the limit, when gaps split.
    private func splits(_ trace: MatchTrace, between a: Int, and b: Int) -> Bool {
        guard parameters.splitsAtTimeGaps, let times = trace.timestamps else { return false }
        return times[b] - times[a] > parameters.maximumTimeGap
    }
}
