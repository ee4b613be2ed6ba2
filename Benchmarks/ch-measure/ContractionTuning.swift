import ArgumentParser
@_spi(Experiments) import Routing

/// The contraction's tuning knobs, each left at `ContractionOptions`' default unless given.
struct ContractionTuning: ParsableArguments {
    @Option(help: "Witness searches stop after settling this many vertices.")
    var witnessLimit: Int?

    @Option(help: "Priority simulations stop after settling this many vertices.")
    var simulationLimit: Int?

    @Option(help: "The level's weight in the contraction priority.")
    var levelWeight: Double?

    @Flag(help: "Recompute every neighbour's priority after each contraction instead of lazily.")
    var noLazyUpdates = false

    @Option(help: "At most this many neighbours' priorities updated per contraction.")
    var neighbourLimit: Int?

    @Option(help: "Contract in an order from a node-graph hierarchy: head, tail, min or max junction rank (turn graph and --router only).")
    var nodeOrder: NodeOrder?

    @Flag(help: "--router: contract a split graph (each transition becomes turn + edge arcs through an \"about to drive the edge\" vertex) instead of the state graph.")
    var ports = false

    @Option(help: "--router: one density limit (arcs per vertex) instead of the defaults.")
    var denseLimit: Double?

    @Option(help: "--router: the share of vertices left below which --dense-limit applies.")
    var denseShare = 0.2

    @Flag(help: "--axis: contract without the density check.")
    var noDenseLimit = false

    @Flag(help: "--potentials: contract in the time metric's order (no priority simulations).")
    var orderFromTime = false

    mutating func validate() throws {
        for (name, value) in [("--witness-limit", witnessLimit), ("--simulation-limit", simulationLimit), ("--neighbour-limit", neighbourLimit)] {
            if let value, value < 1 { throw ValidationError("\(name) must be 1 or more, got \(value)") }
        }
        if let levelWeight, !(levelWeight >= 0) { throw ValidationError("--level-weight must be 0 or more, got \(levelWeight)") }
        if let denseLimit, !(denseLimit > 0) { throw ValidationError("--dense-limit must be above 0, got \(denseLimit)") }
        guard denseShare >= 0 && denseShare <= 1 else { throw ValidationError("--dense-share must be within 0...1, got \(denseShare)") }
    }

    /// The witness-search bounds and the level weight, when given.
    func applyWitnessBounds(to options: inout ContractionOptions) {
        if let witnessLimit { options.witnessSettledLimit = witnessLimit }
        if let simulationLimit { options.simulationSettledLimit = simulationLimit }
        if let levelWeight { options.levelWeight = levelWeight }
    }
}
