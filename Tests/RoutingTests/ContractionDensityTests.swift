import TestSupport
import Testing
@_spi(Experiments) @testable import Routing

/// Contraction gives up on a graph whose uncontracted rest is already dense while much of it is left
/// (`ContractionOptions.denseRemainderLimits`), instead of contracting for hours.
@Suite struct ContractionDensityTests {
    /// Every vertex with `degree` arcs to random other vertices: no structure for contraction to
    /// thin out, so its rest only gets denser.
    static func randomGraph(vertices: Int, degree: Int, seed: UInt64) throws -> WeightedDigraph {
        var rng = SeededGenerator(seed: seed)
        var arcs: [(tail: UInt32, head: UInt32, weight: UInt32)] = []
        for v in 0..<vertices {
            for _ in 0..<degree {
                var w = Int.random(in: 0..<vertices - 1, using: &rng)
                if w >= v { w += 1 }
                arcs.append((UInt32(v), UInt32(w), UInt32.random(in: 1...100, using: &rng)))
            }
        }
        return try WeightedDigraph.fromArcs(vertexCount: vertices, arcs: arcs).graph
    }

    /// A square grid of two-way streets of equal length (`side` × `side` junctions):
    ///
    ///     o---o---o
    ///     |   |   |
    ///     o---o---o
    ///     |   |   |
    ///     o---o---o
    static func streetGrid(side: Int) throws -> WeightedDigraph {
        var arcs: [(tail: UInt32, head: UInt32, weight: UInt32)] = []
        func id(_ row: Int, _ column: Int) -> UInt32 { UInt32(row * side + column) }
        for row in 0..<side {
            for column in 0..<side {
                if column + 1 < side { arcs += [(id(row, column), id(row, column + 1), 10), (id(row, column + 1), id(row, column), 10)] }
                if row + 1 < side { arcs += [(id(row, column), id(row + 1, column), 10), (id(row + 1, column), id(row, column), 10)] }
            }
        }
        return try WeightedDigraph.fromArcs(vertexCount: side * side, arcs: arcs).graph
    }

    @Test func aGraphDenseFromTheStartIsGivenUpAtOnce() throws {
        let graph = try Self.randomGraph(vertices: 1200, degree: 10, seed: 7)
        #expect {
            _ = try ContractionHierarchy(graph: graph)
        } throws: { error in
            guard case .tooDense(let contracted, let total, let degree) = error as? ContractionHierarchyError else { return false }
            // Checked after every contraction: the very first one already finds ~10 arcs per vertex.
            return contracted == 1 && total == 1200 && degree > 8
        }
    }

    @Test func aRestOfSixArcsPerVertexIsGivenUpAtOnceByTheFirstLimitAndLaterByTheSecond() throws {
        // About 6 arcs per vertex from the start: above the first limit (5 while 40 % is left), below the
        // second (8 while 20 % is left) until contraction has made it denser. Small, so the minimum size
        // is lifted to let the limits apply.
        let graph = try Self.randomGraph(vertices: 300, degree: 6, seed: 3)
        func givenUp(with limits: [DenseRemainderLimit]) -> (contracted: Int, degree: Double)? {
            var options = ContractionOptions(denseRemainderLimits: limits)
            options.denseRemainderMinimumVertices = 0
            do {
                _ = try ContractionHierarchy(graph: graph, options: options)
                return nil
            } catch {
                guard case .tooDense(let contracted, _, let degree) = error else { return nil }
                return (contracted, degree)
            }
        }
        let byDefault = try #require(givenUp(with: DenseRemainderLimit.roadNetwork))
        #expect(byDefault.contracted == 1 && byDefault.degree > 5 && byDefault.degree < 8)
        let bySecondAlone = try #require(givenUp(with: [DenseRemainderLimit.lateFillIn]))
        #expect(bySecondAlone.contracted > 1 && bySecondAlone.contracted <= 240 && bySecondAlone.degree > 8)
    }

    @Test func withoutALimitTheSameGraphIsContractedToTheEnd() throws {
        // 60 vertices with 3 arcs each: about 3 arcs per vertex from the start.
        let graph = try Self.randomGraph(vertices: 60, degree: 3, seed: 11)
        var options = ContractionOptions(denseRemainderLimits: [DenseRemainderLimit(arcsPerVertex: 2.5, minimumShareLeft: 0.2)])
        options.denseRemainderMinimumVertices = 0
        #expect(throws: ContractionHierarchyError.self) { try ContractionHierarchy(graph: graph, options: options) }

        options.denseRemainderLimits = []
        let hierarchy = try ContractionHierarchy(graph: graph, options: options)
        let workspace = hierarchy.makeWorkspace()
        for (s, t) in [(0, 59), (17, 3), (42, 41)] {
            let source = [SearchSeed(vertex: UInt32(s))], target = [SearchSeed(vertex: UInt32(t))]
            #expect(hierarchy.shortestCost(from: source, to: target, workspace: workspace)
                    == RandomDigraph.dijkstra(graph, from: source, to: target))
        }
    }

    @Test func smallGraphsAreNeverGivenUp() throws {
        // Fewer vertices than `denseRemainderMinimumVertices`: however dense, contraction is cheap.
        let graph = try Self.randomGraph(vertices: 200, degree: 12, seed: 5)
        let hierarchy = try ContractionHierarchy(graph: graph)
        #expect(hierarchy.vertexCount == 200)
    }

    @Test func aStreetGridWithoutTurnsContractsWithinTheLimit() throws {
        // 40 × 40 junctions: corner turns have equally long witnesses, so the rest stays sparse.
        let graph = try Self.streetGrid(side: 40)
        let hierarchy = try ContractionHierarchy(graph: graph)
        #expect(hierarchy.shortcutCount < 2 * graph.arcCount)
    }
}
