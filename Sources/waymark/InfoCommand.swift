import ArgumentParser
import WaymarkKit

/// `waymark info CITY.sqlite`: what a road database holds and where it came from, from its metadata
/// alone (no graph is loaded, so it is instant on any size).
struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Show a road database's counts, bounding box, speed-limit coverage, highway classes and source.")

    @Argument(help: "A road database written by 'waymark import'.")
    var database: String
    @Flag(name: .long, help: "Print one JSON object instead of text.")
    var json = false
    @Flag(name: .long, help: "Also load the whole graph and points of interest, check every invariant, and report the load time.")
    var verify = false

    func run() throws {
        try reportingFailures {
            var report = try DatabaseReport(path: database)
            if verify { try report.verify() }
            try writeOutput(json ? report.json() + "\n" : report.text())
        }
    }
}
