import ArgumentParser

/// The `waymark` command: a thin layer over the libraries, one file per subcommand.
@main
struct Waymark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "waymark",
        abstract: "Turn-by-turn car routing on OpenStreetMap extracts, with AR waypoint and marker export.",
        version: "0.1.0",
        subcommands: [
            ImportCommand.self, InfoCommand.self, RouteCommand.self, WaypointsCommand.self,
            MarkersCommand.self, PoisCommand.self, BenchCommand.self, GenerateGridCommand.self,
        ]
    )
}
