import Geodesy

/// A trip shape turned into a closed tour problem, and a closed tour turned back into the trip.
///
/// OSRM does the same by rewriting its table (`ManipulateTableForFSE`, impossibly high cells); here the
/// reduced matrix stays finite so the heuristics' sums stay meaningful:
/// - start and end both pinned: the end is merged into the start (a tour must pass end → start), the
///   merged stop is entered as the end and left as the start;
/// - open trip with only the start pinned: arriving at the start costs nothing (the free return);
/// - open trip with only the end pinned: leaving the end costs nothing.
struct CycleReduction {
    let shape: TripShape
    /// The closed-tour matrix over the reduced stops.
    let costs: TravelCosts
    /// Per reduced stop: the original stop entered (the end for the merged stop).
    private let entered: [Int]
    /// Per reduced stop: the original stop left (the start for the merged stop).
    private let left: [Int]

    init(_ original: TravelCosts, shape given: TripShape) {
        var shape = given
        if shape.start != nil, shape.start == shape.end { shape.end = nil }   // one pinned stop, a round trip
        self.shape = shape
        let all = Array(0..<original.count)
        let enter: [Int], leave: [Int]
        if let start = shape.start, let end = shape.end {
            leave = all.filter { $0 != end }
            enter = leave.map { $0 == start ? end : $0 }
        } else {
            (enter, leave) = (all, all)
        }
        let (freeArrival, freeDeparture): (Int?, Int?) = shape.roundtrip || (shape.start != nil && shape.end != nil)
            ? (nil, nil) : (shape.start, shape.end)
        (entered, left) = (enter, leave)
        costs = TravelCosts(count: enter.count) { i, j in
            if i == j || leave[i] == freeDeparture || enter[j] == freeArrival { return 0 }
            return original[leave[i], enter[j]]
        }
    }

    /// The trip of a closed tour over the reduced stops: merged stops expanded, rotated to the trip's
    /// first stop (the pinned start; else the pinned end for a round trip, or the stop after it for an
    /// open trip; else stop 0).
    func trip(from tour: [Int]) -> [Int] {
        var stops: [Int] = []
        for i in tour {
            if entered[i] != left[i] { stops.append(entered[i]) }
            stops.append(left[i])
        }
        let first: Int
        if let start = shape.start {
            first = stops.firstIndex(of: start)!
        } else if let end = shape.end {
            let at = stops.firstIndex(of: end)!
            first = shape.roundtrip ? at : (at + 1) % stops.count
        } else {
            first = stops.firstIndex(of: 0)!
        }
        return Array(stops[first...] + stops[..<first])
    }
}
