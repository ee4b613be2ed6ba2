import ArgumentParser

// Placeholder while the subcommand is written.
struct PoisCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "pois", abstract: "(being written)")
    func run() throws { throw CommandFailure(message: "'pois' is not written yet") }
}
