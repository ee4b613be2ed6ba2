import Foundation
import Geodesy

/// How sure a matching is, from 0 to 1: OSRM's naive Bayes classifier on the log ratio of the matched
/// route's length to the trace's own (point to point) length.
///
/// A right matching drives about as far as the trace's points are apart; a wrong one detours. OSRM fitted
/// two Laplace distributions of the feature `ln(matched length) − ln(trace length)`, one over right and
/// one over wrong matchings, and a prior; the confidence is the posterior probability of "right".
enum MatchingConfidence {
    /// A Laplace distribution's location and scale.
    struct Laplace {
        let location: Double
        let scale: Double
        func density(_ x: Double) -> Double { exp(-abs(x - location) / scale) / (2 * scale) }
    }

    /// OSRM's fitted distributions (`map_matching.hpp`) and prior of a right matching.
    static let right = Laplace(location: 0.005986, scale: 0.016646)
    static let wrong = Laplace(location: 0.054385, scale: 0.458432)
    static let rightPrior = 0.696774

    /// The probability that a matching whose route is `matchedLength` long, for a trace whose points are
    /// `traceLength` apart in all, is right; 0 when either length is 0 (nothing to compare).
    static func confidence(traceLength: Meters, matchedLength: Meters) -> Double {
        let feature = log(matchedLength) - log(traceLength)
        guard feature.isFinite else { return 0 }
        let p = rightPrior * right.density(feature), q = (1 - rightPrior) * wrong.density(feature)
        guard p + q > 0 else { return 0 }
        return p / (p + q)
    }
}
