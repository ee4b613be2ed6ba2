import ArgumentParser

// Placeholder while the subcommand is written.
struct WaypointsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "waypoints", abstract: "(being written)")
    func run() throws { throw CommandFailure(message: "'waypoints' is not written yet") }
}
