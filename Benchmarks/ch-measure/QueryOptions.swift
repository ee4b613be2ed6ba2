import ArgumentParser

/// How many queries are run and checked, and what else is reported.
struct QueryOptions: ParsableArguments {
    @Option(help: "--potentials and --axis: node pairs drawn (seed 42); default 1000 for --potentials, 100 for --axis.")
    var pairs: Int?

    @Option(help: "--potentials: how many of the first pairs are checked against Dijkstra.")
    var check = 20

    @Flag(help: "Skip the Dijkstra reference (slow on large graphs): costs go unchecked.")
    var skipDijkstra = false

    @Flag(help: "Print every path query slower than 1 ms.")
    var reportSlow = false

    @Flag(help: "Also contract the other metric, in its own order and in this metric's (one order for both, as a CCH would).")
    var reuseOrder = false

    @Flag(help: "--axis: also contract both graphs and print their hierarchies' arcs per road edge.")
    var axisContract = false

    mutating func validate() throws {
        if let pairs, pairs < 1 { throw ValidationError("--pairs must be 1 or more, got \(pairs)") }
        guard check >= 0 else { throw ValidationError("--check must be 0 or more, got \(check)") }
    }
}
