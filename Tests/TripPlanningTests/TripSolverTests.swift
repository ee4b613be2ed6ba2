import Geodesy
import SeededRandom
import Testing
@testable import TripPlanning

@Suite struct TripSolverTests {
    /// Rounding slack when two sums of the same legs are compared in a different order.
    static let tolerance: Seconds = 1e-6

    // MARK: Known optima

    @Test(arguments: [5, 9, 10]) func exactRoundTripFollowsTheCircle(count: Int) {
        let (costs, optimum) = TripInstances.circle(count)
        let order = TripSolver.solve(costs, shape: TripShape())
        #expect(abs(costs.cycleCost(order) - optimum) < Self.tolerance)
        #expect(order.first == 0, "a round trip with no pinned stop starts at the first stop, as OSRM's")
    }

    /// Points in convex position: a tour without crossings (what 2-opt leaves) is the circle itself.
    @Test(arguments: [11, 30, 100]) func heuristicRoundTripFollowsTheCircle(count: Int) {
        let (costs, optimum) = TripInstances.circle(count, rotatedBy: 3)
        let order = TripSolver.solve(costs, shape: TripShape())
        #expect(Set(order) == Set(0..<count) && order.count == count)
        #expect(abs(costs.cycleCost(order) - optimum) < Self.tolerance)
    }

    /// A 3 × 3 grid of unit spacing: nine stops, so a tour needs one diagonal, 8 + √2 long.
    ///
    ///     6 7 8
    ///     3 4 5
    ///     0 1 2
    @Test func gridOfNineNeedsOneDiagonal() {
        let points = (0..<9).map { (Double($0 % 3), Double($0 / 3)) }
        let costs = TripInstances.euclidean(points)
        #expect(abs(costs.cycleCost(TripSolver.solve(costs, shape: TripShape())) - (8 + 2.0.squareRoot())) < Self.tolerance)
    }

    /// A ring of one-way-ish streets: clockwise 1 s a step, anticlockwise 10 s, across 50 s. The best
    /// round trip drives clockwise (12 s); driven the other way it would take 120 s, so a solver that
    /// treats the matrix as symmetric fails.
    @Test(arguments: [8, 12, 40]) func asymmetricRingIsDrivenClockwise(count: Int) {
        let costs = TravelCosts((0..<count).map { i in
            (0..<count).map { j in i == j ? 0 : (j == (i + 1) % count ? 1 : (i == (j + 1) % count ? 10 : 50)) }
        })
        let round = TripSolver.solve(costs, shape: TripShape())
        #expect(round == Array(0..<count))
        let open = TripSolver.solve(costs, shape: TripShape(roundtrip: false, start: 0, end: count - 1))
        #expect(open == Array(0..<count) && costs.pathCost(open) == Double(count - 1))
        let toStop = TripSolver.solve(costs, shape: TripShape(roundtrip: false, end: 3))
        #expect(toStop.last == 3 && costs.pathCost(toStop) == Double(count - 1), "\(toStop)")
    }

    // MARK: Shapes against enumeration

    /// Every supported shape, on random asymmetric matrices of 2…7 stops, equals the best of all orders.
    @Test func everyShapeEqualsTheEnumeratedOptimum() {
        var random = SplitMix64(seed: 38)
        for instance in 0..<60 {
            let count = 2 + instance % 6
            let costs = TripInstances.city(count, detour: 0.8, random: &random)
            for given in TripInstances.supportedShapes {
                let shape = TripInstances.resolved(given, count: count)
                let order = TripSolver.solve(costs, shape: shape)
                #expect(order.sorted() == Array(0..<count), "every stop once")
                #expect(abs(costs.tripCost(order, roundtrip: shape.roundtrip) - TripInstances.enumeratedOptimum(costs, shape: shape)) < Self.tolerance,
                        "instance \(instance), \(shape)")
                expectPinnedEnds(order, shape: shape)
            }
        }
    }

    func expectPinnedEnds(_ order: [Int], shape: TripShape) {
        if let start = shape.start { #expect(order.first == start) }
        if let end = shape.end {
            if shape.roundtrip && shape.start == nil { #expect(order.first == end, "a round trip to the last stop starts there") }
            else { #expect(order.last == end) }
        }
        if shape.start == nil && shape.end == nil { #expect(order.first == 0) }
    }

    /// Pinned shapes above the exact size go through the heuristic: ends still where they were asked.
    @Test func heuristicKeepsPinnedEnds() {
        var random = SplitMix64(seed: 7)
        let costs = TripInstances.city(25, detour: 0.5, random: &random)
        for given in TripInstances.supportedShapes {
            let shape = TripInstances.resolved(given, count: 25)
            let order = TripSolver.solve(costs, shape: shape)
            #expect(order.sorted() == Array(0..<25))
            expectPinnedEnds(order, shape: shape)
        }
    }

    // MARK: Heuristic against brute force

    /// Farthest insertion plus 2-opt and Or-opt on random 9- and 10-stop asymmetric cities: never
    /// shorter than the optimum (which would be a wrong cost), on average within 3 % of it.
    @Test func heuristicIsNearTheBruteForceOptimum() {
        var random = SplitMix64(seed: 2026)
        var gaps: [Double] = []
        for instance in 0..<40 {
            let costs = TripInstances.city(9 + instance % 2, detour: 0.4, random: &random)
            let exact = costs.cycleCost(BruteForceTour.shortest(costs))
            let heuristic = costs.cycleCost(TourImprovement.improve(FarthestInsertion.tour(costs), costs: costs))
            #expect(heuristic >= exact - Self.tolerance)
            gaps.append(heuristic / exact - 1)
        }
        let mean = gaps.reduce(0, +) / Double(gaps.count)
        #expect(mean < 0.03, "mean gap \(mean), worst \(gaps.max()!)")
    }

    /// The brute force against plain enumeration of every order, symmetric and asymmetric.
    @Test func bruteForceEqualsEnumeration() {
        var random = SplitMix64(seed: 99)
        for instance in 0..<30 {
            let costs = TripInstances.city(3 + instance % 6, detour: instance % 2 == 0 ? 0 : 1.5, random: &random)
            let tour = BruteForceTour.shortest(costs)
            #expect(abs(costs.cycleCost(tour) - TripInstances.enumeratedOptimum(costs, shape: TripShape())) < Self.tolerance)
        }
    }

    /// Improvement never lengthens a tour, from random starting orders.
    @Test func improvementNeverLengthensATour() {
        var random = SplitMix64(seed: 5)
        for _ in 0..<20 {
            let costs = TripInstances.city(30, detour: 0.6, random: &random)
            var tour = Array(0..<30)
            for k in stride(from: 29, to: 0, by: -1) { tour.swapAt(k, random.next(below: k + 1)) }
            let improved = TourImprovement.improve(tour, costs: costs)
            #expect(improved.sorted() == Array(0..<30))
            #expect(costs.cycleCost(improved) < costs.cycleCost(tour))
        }
    }

    /// A stop signal raised at once leaves the constructed tour unimproved, still a whole tour.
    @Test func stopSignalReturnsTheConstructedTour() {
        var random = SplitMix64(seed: 11)
        let costs = TripInstances.city(40, detour: 0.3, random: &random)
        let stopped = TripSolver.closedTour(costs, shouldStop: { true })
        #expect(stopped == FarthestInsertion.tour(costs))
        #expect(costs.cycleCost(TripSolver.closedTour(costs)) < costs.cycleCost(stopped))
    }

    @Test func tinyTrips() {
        #expect(TripSolver.solve(TravelCosts([[0]]), shape: TripShape()) == [0])
        let two = TravelCosts([[0, 5], [7, 0]])
        #expect(TripSolver.solve(two, shape: TripShape()) == [0, 1])
        #expect(TripSolver.solve(two, shape: TripShape(roundtrip: false, end: 0)) == [1, 0])
        #expect(TripSolver.solve(two, shape: TripShape(roundtrip: true, end: 1)) == [1, 0])
    }

    @Test func onlyOpenTripsWithoutPinnedEndsAreUnsupported() {
        #expect(!TripShape(roundtrip: false).isSupported)
        #expect(TripShape(roundtrip: false, end: 2).isSupported && TripShape(roundtrip: true).isSupported)
    }
}
