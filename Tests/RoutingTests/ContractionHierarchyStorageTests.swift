import TestSupport
import Testing
@_spi(Experiments) @testable import Routing

/// Stored hierarchies: the arrays round-trip, and damaged ones are refused (or, when a change happens
/// to leave a consistent hierarchy, still route exactly).
@Suite struct ContractionHierarchyStorageTests {
    static func stored(_ hierarchy: ContractionHierarchy) -> [String: [UInt32]] {
        Dictionary(uniqueKeysWithValues: hierarchy.storedArrays.map { ($0.name, $0.values) })
    }

    @Test func storedArraysRoundTripThroughTheValidatingInitializer() throws {
        for graphSeed in UInt64(700)...720 {
            let graph = RandomDigraph.make(seed: graphSeed)
            let hierarchy = try ContractionHierarchy(graph: graph)
            #expect(try ContractionHierarchy(validating: graph, storedArrays: Self.stored(hierarchy)) == hierarchy)
            #expect(hierarchy.memoryBytes == 4 * hierarchy.storedArrays.reduce(0) { $0 + $1.values.count })
        }
    }

    @Test func aMissingArrayIsNamed() throws {
        let graph = RandomDigraph.make(seed: 721)
        var arrays = Self.stored(try ContractionHierarchy(graph: graph))
        arrays["upward_arcs"] = nil
        #expect(throws: ContractionHierarchyError.damaged(array: "upward_arcs", reason: "missing")) {
            try ContractionHierarchy(validating: graph, storedArrays: arrays)
        }
    }

    @Test func theErrorNamesTheDamagedArray() throws {
        let graph = RandomDigraph.make(seed: 723)
        let pristine = Self.stored(try ContractionHierarchy(graph: graph))
        func damagedArray(_ name: String, _ change: (inout [UInt32]) -> Void) -> String? {
            var arrays = pristine
            change(&arrays[name]!)
            do {
                _ = try ContractionHierarchy(validating: graph, storedArrays: arrays)
                return nil
            } catch {
                guard case .damaged(let array, _) = error else { return "\(error)" }
                return array
            }
        }
        #expect(damagedArray("rank") { $0[1] = $0[0] } == "rank")
        #expect(damagedArray("upward_first_out") { $0.removeLast() } == "upward_first_out")
        #expect(damagedArray("upward_arcs") { $0[1] += 1 } == "upward_arcs")  // a weight
        #expect(damagedArray("downward_arcs") { $0[1] += 1 } == "downward_arcs")
        #expect(damagedArray("upward_arc_id") { $0[0] = .max } == "upward_arc_id")
        #expect(damagedArray("shortcut_first") { $0[0] = UInt32(graph.arcCount + 5) } == "shortcut_first")
        // The halves are interleaved on loading: a second half missing is named before that.
        #expect(damagedArray("shortcut_second") { $0.removeLast() } == "shortcut_second")
        #expect(damagedArray("shortcut_first") { $0.append(0) } == "shortcut_second")
    }

    @Test func storedShortcutHalvesRoundTrip() throws {
        let graph = RandomDigraph.make(seed: 724)
        let hierarchy = try ContractionHierarchy(graph: graph)
        #expect(hierarchy.shortcutCount > 0)
        let arrays = Self.stored(hierarchy)
        for k in 0..<hierarchy.shortcutCount {
            #expect(arrays["shortcut_first"]![k] == hierarchy.firstHalf(ofShortcut: k))
            #expect(arrays["shortcut_second"]![k] == hierarchy.secondHalf(ofShortcut: k))
        }
        #expect(try ContractionHierarchy(validating: graph, storedArrays: arrays) == hierarchy)
    }

    @Test func aHierarchyOfAnotherGraphIsRefused() throws {
        let graph = RandomDigraph.make(seed: 722)
        let hierarchy = try ContractionHierarchy(graph: graph)
        let heavier = try WeightedDigraph(firstOut: graph.firstOut, head: graph.head, weight: graph.weight.map { $0 + 1 })
        #expect(throws: ContractionHierarchyError.self) { try ContractionHierarchy(validating: heavier, storedArrays: Self.stored(hierarchy)) }
    }

    /// Every array, damaged in several ways (one entry changed up or down, set to 0 or 2³² − 1, the
    /// last entry dropped, an entry appended, two entries swapped): the initializer must refuse it,
    /// or accept a hierarchy that still answers every query exactly.
    @Test func damagedArraysAreRefusedOrStillExact() throws {
        var rng = SeededGenerator(seed: 99)
        var refused = 0, accepted = 0
        for graphSeed in UInt64(730)...745 {
            let graph = RandomDigraph.make(seed: graphSeed)
            let hierarchy = try ContractionHierarchy(graph: graph)
            let pristine = Self.stored(hierarchy)
            for (name, values) in pristine.sorted(by: { $0.key < $1.key }) where !values.isEmpty {
                for damage in 0..<7 {
                    var changed = values
                    let i = Int.random(in: 0..<values.count, using: &rng)
                    switch damage {
                    case 0: changed[i] &+= 1
                    case 1: changed[i] &-= 1
                    case 2: changed[i] = 0
                    case 3: changed[i] = .max
                    case 4: changed.removeLast()
                    case 5: changed.append(changed[i])
                    default: changed.swapAt(i, Int.random(in: 0..<values.count, using: &rng))
                    }
                    if changed == values { continue }
                    var arrays = pristine
                    arrays[name] = changed
                    do {
                        let damaged = try ContractionHierarchy(validating: graph, storedArrays: arrays)
                        accepted += 1
                        try Self.expectExact(damaged, graph: graph, note: "\(name) damage \(damage)", rng: &rng)
                    } catch let error as ContractionHierarchyError {
                        guard case .damaged = error else { Issue.record("unexpected \(error)"); continue }
                        refused += 1
                    }
                }
            }
        }
        #expect(refused > 10 * accepted, "refused \(refused), accepted \(accepted)")
    }

    static func expectExact(_ hierarchy: ContractionHierarchy, graph: WeightedDigraph, note: String, rng: inout SeededGenerator) throws {
        let workspace = hierarchy.makeWorkspace()
        let tails = graph.tails()
        for s in 0..<graph.vertexCount {
            for t in 0..<graph.vertexCount where Int.random(in: 0..<4, using: &rng) == 0 {
                let sources = [SearchSeed(vertex: UInt32(s))], targets = [SearchSeed(vertex: UInt32(t))]
                let path = hierarchy.shortestPath(from: sources, to: targets, workspace: workspace)
                #expect(path?.cost == RandomDigraph.dijkstra(graph, from: sources, to: targets), "accepted with \(note)")
                if let path { #expect(RandomDigraph.pathProblem(path, in: graph, tails: tails, sources: sources, targets: targets) == nil) }
            }
        }
    }
}
