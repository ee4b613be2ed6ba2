import Foundation
import Geodesy
import SeededRandom
import TripPlanning

/// Duration matrices whose best trips are known or can be enumerated.
enum TripInstances {
    /// `count` points evenly spaced on a circle of radius 100, straight-line durations: the best round
    /// trip follows the circle, `count` chords long.
    static func circle(_ count: Int, rotatedBy offset: Int = 0) -> (costs: TravelCosts, optimum: Seconds) {
        let points = (0..<count).map { k -> (Double, Double) in
            let angle = 2 * Double.pi * Double((k * 7 + offset) % count) / Double(count)   // shuffled round the circle
            return (100 * cos(angle), 100 * sin(angle))
        }
        let chord = 2 * 100 * sin(Double.pi / Double(count))
        return (euclidean(points), Double(count) * chord)
    }

    /// Straight-line durations between points.
    static func euclidean(_ points: [(Double, Double)]) -> TravelCosts {
        TravelCosts(points.map { a in points.map { b in ((a.0 - b.0) * (a.0 - b.0) + (a.1 - b.1) * (a.1 - b.1)).squareRoot() } })
    }

    /// Random points in a 1000 × 1000 square, each direction of each pair lengthened by up to
    /// `detour` (one-way streets make a city's durations asymmetric).
    static func city(_ count: Int, detour: Double, random: inout SplitMix64) -> TravelCosts {
        let points = (0..<count).map { _ in (1000 * random.nextUnit(), 1000 * random.nextUnit()) }
        let straight = euclidean(points)
        return TravelCosts((0..<count).map { i in (0..<count).map { j in straight[i, j] * (1 + detour * random.nextUnit()) } })
    }

    /// The best trip of a shape by trying every order of the stops: the reference the solver must equal.
    static func enumeratedOptimum(_ costs: TravelCosts, shape: TripShape) -> Seconds {
        var best = Seconds.infinity
        var order = Array(0..<costs.count)
        func visit(_ k: Int) {
            if k == order.count {
                if let start = shape.start, order.first != start { return }
                if let end = shape.end {
                    if shape.roundtrip, shape.start == nil, order.first != end { return }
                    if shape.roundtrip, shape.start != nil, order.last != end { return }
                    if !shape.roundtrip, order.last != end { return }
                }
                best = min(best, costs.tripCost(order, roundtrip: shape.roundtrip))
                return
            }
            for i in k..<order.count {
                order.swapAt(k, i)
                visit(k + 1)
                order.swapAt(k, i)
            }
        }
        visit(0)
        return best
    }

    /// Every shape OSRM supports.
    static let supportedShapes: [TripShape] = [
        TripShape(roundtrip: true), TripShape(roundtrip: true, start: 0), TripShape(roundtrip: true, end: -1),
        TripShape(roundtrip: true, start: 0, end: -1), TripShape(roundtrip: false, start: 0),
        TripShape(roundtrip: false, end: -1), TripShape(roundtrip: false, start: 0, end: -1),
    ]

    /// A shape with its end `-1` meaning the last of `count` stops (as OSRM's `destination=last`).
    static func resolved(_ shape: TripShape, count: Int) -> TripShape {
        var shape = shape
        if shape.end == -1 { shape.end = count - 1 }
        return shape
    }
}
