import CMalloc
import Foundation
import RoadNetwork

extension Router {
    /// Prepares a router as `init(graph:landmarks:smallComponentSize:turnCosts:)` does and gives it
    /// contraction hierarchies for both metrics, contracted now (both at once, one thread each) or
    /// loaded from stored arrays. Queries with `SearchAlgorithm.contractionHierarchy` then use them; with
    /// potential hierarchies instead (contracted when the turn states fill in, or stored), such queries
    /// and A* run A* on their potentials.
    /// - Throws: `ContractionHierarchyError.damaged` when stored arrays are missing or do not fit this
    ///   graph (never a wrong route); other `ContractionHierarchyError`s when contraction fails.
    /// - Complexity: contraction is O(states × witness work) per metric (seconds for a city; figures in
    ///   BENCHMARKS.md); loading is O(states + transitions + shortcuts).
    public convenience init(graph: RoadGraph, landmarks: Int = 0, landmarkTiming: LandmarkProvision.Timing = .atSetUp,
                            smallComponentSize: Int = Router.defaultSmallComponentSize,
                            turnCosts: TurnCostModel = .osrmCar, hierarchies: HierarchySource) throws(ContractionHierarchyError) {
        self.init(graph: graph, landmarks: landmarks, landmarkTiming: landmarkTiming, smallComponentSize: smallComponentSize,
                  turnCosts: turnCosts)
        switch hierarchies {
        case .none:
            return
        case .contract(let options):
            let built = contractBothMetrics(options: options)
            if let fillIn = built.lazy.compactMap(\.result.tooDenseError).first {
                hierarchiesLeftOut = fillIn
                try contractPotentials(options: options)
                return
            }
            for (metric, result) in built {
                do throws(ContractionHierarchyError) {
                    setHierarchy(try result.get(), for: metric)
                } catch {
                    // A shortcut past 32 bits (4,295 km in millimetres: a continent's distances): that
                    // metric routes with A*, which sums in `Double`, and the other keeps its hierarchy.
                    guard case .weightOverflow = error else { throw error }
                    hierarchiesLeftOut = error
                }
            }
        case .storedPotentials(let arrays):
            for metric in RoutingMetric.allCases {
                guard let stored = arrays[metric] else { continue }
                setPotentials(try PotentialHierarchy(validating: stored, router: self, metric: metric), for: metric)
            }
            // The checks' temporaries (a junction graph per metric) are freed by now; glibc would keep
            // their pages resident, about 7 bytes per edge of a large graph.
            waymark_release_freed_memory()
        case .stored(let arrays):
            for metric in RoutingMetric.allCases {
                guard let stored = arrays[metric] else { continue }
                setHierarchy(try RoutingHierarchy(validating: stored, router: self, metric: metric), for: metric)
            }
            waymark_release_freed_memory()
        }
    }

    private func setHierarchy(_ hierarchy: RoutingHierarchy, for metric: RoutingMetric) {
        if metric == .time { timeHierarchy = hierarchy } else { distanceHierarchy = hierarchy }
    }

    private func setPotentials(_ potentials: PotentialHierarchy, for metric: RoutingMetric) {
        if metric == .time { timePotentials = potentials } else { distancePotentials = potentials }
    }

    /// Contracts the time and the distance hierarchy on two threads.
    private func contractBothMetrics(options: ContractionOptions)
        -> [(metric: RoutingMetric, result: Result<RoutingHierarchy, ContractionHierarchyError>)] {
        inParallelForBothMetrics { metric throws(ContractionHierarchyError) in
            try RoutingHierarchy(router: self, metric: metric, options: options)
        }
    }

    /// `make(metric)` for every metric, one thread each; each result beside its metric.
    private func inParallelForBothMetrics<Value: Sendable>(
        _ make: @Sendable (RoutingMetric) throws(ContractionHierarchyError) -> Value
    ) -> [(metric: RoutingMetric, result: Result<Value, ContractionHierarchyError>)] {
        let metrics = RoutingMetric.allCases
        let results = ResultSlots<Value, ContractionHierarchyError>(count: metrics.count)
        DispatchQueue.concurrentPerform(iterations: metrics.count) { i in
            results.set(i, Result { () throws(ContractionHierarchyError) in try make(metrics[i]) })
        }
        return Array(zip(metrics, results.values))
    }

    /// Contracts the time and the distance potential hierarchy on two threads. The time metric's junction
    /// graph is contracted without the density check: its faster arterials give it a hierarchy even where
    /// its rest densifies early (a generated grid city passes 8 arcs per junction with a quarter left, yet
    /// its 1 M-node graph contracts in 23 s with 1.24 shortcuts per edge). The distance metric keeps the
    /// late limit (`DenseRemainderLimit.lateFillIn`, whatever `options` set for the turn states): a grid
    /// of near-equal blocks has no hierarchy by length (1 M nodes: 326 s, 3.1 shortcuts per edge, 11 ms
    /// queries, given up), while a small one still contracts in a fraction of a second (10 k nodes) and
    /// is worth having. Where it is given up, distance queries run A* on the geometric bound.
    private func contractPotentials(options: ContractionOptions) throws(ContractionHierarchyError) {
        var timeOptions = options, distanceOptions = options
        timeOptions.levelWeight = ContractionOptions.potentialLevelWeight
        distanceOptions.levelWeight = ContractionOptions.potentialLevelWeight
        timeOptions.denseRemainderLimits = []
        distanceOptions.denseRemainderLimits = [DenseRemainderLimit.lateFillIn]
        distanceOptions.denseRemainderMinimumVertices = ContractionOptions().denseRemainderMinimumVertices
        let (forTime, forDistance) = (timeOptions, distanceOptions)
        let built = inParallelForBothMetrics { metric throws(ContractionHierarchyError) in
            try PotentialHierarchy(router: self, metric: metric, options: metric == .time ? forTime : forDistance)
        }
        for (metric, result) in built {
            do throws(ContractionHierarchyError) {
                setPotentials(try result.get(), for: metric)
            } catch {
                // Given up, or a shortcut past 32 bits: that metric's A* uses the geometric bound.
                switch error {
                case .tooDense, .weightOverflow: continue
                default: throw error
                }
            }
        }
    }

    /// The potential hierarchy for `metric`, when the router has one (A* then uses its distances).
    public func potentialHierarchy(for metric: RoutingMetric) -> PotentialHierarchy? {
        metric == .time ? timePotentials : distancePotentials
    }

    /// Whether the router has a potential hierarchy for both metrics.
    var hasPotentialHierarchies: Bool { timePotentials != nil && distancePotentials != nil }

    /// The contraction hierarchy for `metric`, when the router has one.
    public func hierarchy(for metric: RoutingMetric) -> RoutingHierarchy? {
        metric == .time ? timeHierarchy : distanceHierarchy
    }

    /// Whether the router has a contraction hierarchy for both metrics.
    var hasHierarchies: Bool { timeHierarchy != nil && distanceHierarchy != nil }
}

/// Results written by concurrent workers, one slot each.
private final class ResultSlots<Success: Sendable, Failure: Error>: @unchecked Sendable {
    private var slots: [Result<Success, Failure>?]
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: Result<Success, Failure>) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    /// Every slot's result (all must have been set).
    var values: [Result<Success, Failure>] {
        lock.lock()
        defer { lock.unlock() }
        return slots.map { $0! }
    }
}

private extension Result where Failure == ContractionHierarchyError {
    /// The error when it is `.tooDense` (the turn states fill in).
    var tooDenseError: ContractionHierarchyError? {
        if case .failure(let error) = self, case .tooDense = error { return error }
        return nil
    }
}
