import Foundation
import Geodesy

/// The log-probabilities of Newson & Krumm's hidden Markov model (natural logarithms, so that a path's
/// probability is a sum and never underflows).
enum MatchingProbabilities {
    /// The emission log-probability of a candidate `distance` from its GPS point whose error has standard
    /// deviation `precision`: a Gaussian density.
    static func emission(distance: Meters, precision: Meters) -> Double {
        let z = distance / precision
        return -0.5 * z * z - log((2 * Double.pi).squareRoot() * precision)
    }

    /// The transition log-probability of driving `routeLength` between two points `greatCircle` apart:
    /// an exponential density in their difference with scale `beta`.
    static func transition(routeLength: Meters, greatCircle: Meters, beta: Meters) -> Double {
        -log(beta) - abs(routeLength - greatCircle) / beta
    }
}
