import ArgumentParser

// Placeholder while the subcommand is written.
struct RouteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "route", abstract: "(being written)")
    func run() throws { throw CommandFailure(message: "'route' is not written yet") }
}
