import Geodesy
import Routing

/// One step of the Viterbi lattice: a trace point's candidates with the log-probability of the likeliest
/// path ending at each, the candidate of the step before on that path, and the road length from it.
///
/// Invariant: `candidates`, `scores`, `parents` and `stepLengths` have the same count; an unreachable
/// candidate scores `-infinity` and has parent -1 (as has every candidate of a matching's first step).
struct ViterbiLayer {
    let point: Int
    let candidates: [SnappedLocation]
    var scores: [Double]
    var parents: [Int]
    var stepLengths: [Meters]

    /// A first step: each candidate scored by its emission alone.
    init(point: Int, candidates: [SnappedLocation], emissions: [Double]) {
        self.point = point
        self.candidates = candidates
        scores = emissions
        parents = candidates.map { _ in -1 }
        stepLengths = candidates.map { _ in 0 }
    }

    /// Whether any candidate is reachable (scores above `-infinity`).
    var isReachable: Bool { scores.contains { $0 > -.infinity } }

    /// The index of the best-scoring candidate (the smallest on ties).
    var bestCandidate: Int {
        scores.indices.max { scores[$0] < scores[$1] || (scores[$0] == scores[$1] && $0 > $1) } ?? 0
    }

    /// Reachable candidates other than the best: the alternatives the trace could also be matched to.
    var alternativesCount: Int { max(0, scores.filter { $0 > -.infinity }.count - 1) }
}
