import ArgumentParser

// Placeholder while the subcommand is written.
struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "info", abstract: "(being written)")
    func run() throws { throw CommandFailure(message: "'info' is not written yet") }
}
