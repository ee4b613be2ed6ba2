import Foundation
import Geodesy
import Routing

extension BenchRunner {
    /// Rows and columns of each table whose cells are checked against pairwise routes: evenly spaced,
    /// so the first row and column and cells of the diagonal (the pairs themselves) are among them.
    static let checkedRows = 10, checkedColumns = 10

    /// Parses a comma-separated list of table sizes (`100,1000`; spaces ignored).
    /// - Throws: `BenchmarkError.tableSize` naming the first entry that is not a positive whole number
    ///   (an empty entry included).
    public static func parseTableSizes(_ text: String) throws(BenchmarkError) -> [Int] {
        var sizes: [Int] = []
        for entry in text.split(separator: ",", omittingEmptySubsequences: false) {
            let trimmed = entry.trimmingCharacters(in: .whitespaces)
            guard let size = Int(trimmed), size >= 1 else { throw .tableSize(trimmed) }
            sizes.append(size)
        }
        return sizes
    }

    /// The table stage: one report per size, `Router.table` from the first N pairs' origins to their
    /// destinations, timed alone `tableRepeats` times on one reused workspace, then checked on a sample.
    ///
    /// Each pair is snapped as the route stage snaps it (`snapWaypoints`, outside the timed region), so
    /// cell (i, i) is pair i's route; a pair with a point beyond `maxSnap` is left out and listed as a
    /// failure, and the sizes are capped at the pairs that snapped (equal capped sizes run once).
    func runTables(pairs: [BenchPair], router: Router, setup: Seconds) -> [StageReport] {
        let largest = tableSizes.max() ?? 0
        var sources: [SnappedLocation] = [], destinations: [SnappedLocation] = [], failures: [BenchFailure] = []
        for (index, pair) in pairs.enumerated() where sources.count < largest {
            do {
                let snapped = try router.snapWaypoints([pair.from, pair.to], maxDistance: maxSnap)
                sources.append(snapped[0])
                destinations.append(snapped[1])
            } catch {
                failures.append(BenchFailure(pair: index, reason: error.description))
            }
        }
        let sizes = Set(tableSizes.map { min($0, sources.count) }).filter { $0 > 0 }.sorted()
        guard !sizes.isEmpty else {
            return [StageReport(stage: .table, latencies: LatencySummary([]), attempted: 0, failures: failures,
                                peakResidentBytes: BenchMemory.peakResidentBytes())]
        }
        let workspace = router.makeWorkspace()
        return sizes.map { size in
            printStatus("table \(size) x \(size) …")
            defer { printStatus("") }
            return tableReport(sources: Array(sources.prefix(size)), destinations: Array(destinations.prefix(size)),
                               router: router, workspace: workspace, setup: setup, failures: failures)
        }
    }

    /// One size's report: the timed runs, the unreachable cells and the sampled check.
    private func tableReport(sources: [SnappedLocation], destinations: [SnappedLocation], router: Router,
                             workspace: RoutingWorkspace, setup: Seconds, failures: [BenchFailure]) -> StageReport {
        var times: [Seconds] = []
        var matrix = TravelMatrix(sourceCount: 0, destinationCount: 0, durations: [], distances: [])
        for _ in 0..<tableRepeats {
            let start = ContinuousClock.now
            matrix = router.table(from: sources, to: destinations, metric: metric, workspace: workspace)
            times.append((ContinuousClock.now - start).seconds)
        }
        let algorithm: SearchAlgorithm = router.hierarchy(for: metric) == nil ? .aStar : .contractionHierarchy
        let check = BenchTableFigures.checkAlgorithm(for: algorithm)
        let rows = Self.evenlySpaced(Self.checkedRows, below: sources.count)
        let columns = Self.evenlySpaced(Self.checkedColumns, below: destinations.count)
        var mismatches: [BenchTableMismatch] = []
        for i in rows {
            for j in columns {
                let route = try? router.route(through: [sources[i], destinations[j]], metric: metric, algorithm: check,
                                              workspace: workspace)
                let cell = matrix.duration(from: i, to: j).flatMap { d in matrix.distance(from: i, to: j).map { (d, $0) } }
                if let mismatch = Self.compareCell(source: i, destination: j, table: cell,
                                                   route: route.map { ($0.duration, $0.distance) }, metric: metric) {
                    mismatches.append(mismatch)
                }
            }
        }
        let figures = BenchTableFigures(
            sources: sources.count, destinations: destinations.count,
            unreachableCells: matrix.durations.reduce(0) { $0 + ($1 == nil ? 1 : 0) }, algorithm: algorithm,
            checkAlgorithm: check, checkedCells: rows.count * columns.count, mismatches: mismatches)
        return StageReport(
            stage: .table, latencies: LatencySummary(times), attempted: tableRepeats, failures: failures, setup: setup,
            peakResidentBytes: BenchMemory.peakResidentBytes(),
            notes: ["sources": Double(figures.sources), "destinations": Double(figures.destinations),
                    "cells": Double(figures.cells), "unreachable_cells": Double(figures.unreachableCells),
                    "checked_cells": Double(figures.checkedCells)],
            table: figures)
    }

    /// Up to `count` distinct indexes spread evenly over `0..<n`, starting at 0.
    static func evenlySpaced(_ count: Int, below n: Int) -> [Int] {
        let k = min(count, n)
        return (0..<k).map { $0 * n / k }
    }

    /// A duration and distance of one cell or route (nil: no route).
    typealias Trip = (duration: Seconds, distance: Meters)

    /// A mismatch when a table cell and the pairwise route between the same points disagree: one has
    /// a route and the other not, the optimised cost differs beyond rounding, or the distances differ
    /// by a metre or more (a tie between equal-cost paths, listed as such).
    static func compareCell(source i: Int, destination j: Int, table: Trip?, route: Trip?, metric: RoutingMetric) -> BenchTableMismatch? {
        var mismatch = BenchTableMismatch(source: i, destination: j, tableDuration: table?.duration, tableDistance: table?.distance,
                                          routeDuration: route?.duration, routeDistance: route?.distance, note: "")
        switch (table, route) {
        case (nil, nil):
            return nil
        case (_?, nil):
            mismatch.note = "only the table has a route"
        case (nil, _?):
            mismatch.note = "only the pairwise search found a route"
        case (let table?, let route?):
            func cost(_ trip: Trip) -> Double { metric == .time ? trip.duration : trip.distance }
            guard let note = disagreement(costs: (cost(table), cost(route)), distances: (table.distance, route.distance),
                                          names: ("table", "route"), metric: metric) else { return nil }
            mismatch.note = note
        }
        return mismatch
    }
}
