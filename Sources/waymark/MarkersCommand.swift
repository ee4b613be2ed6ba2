import ArgumentParser

// Placeholder while the subcommand is written.
struct MarkersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "markers", abstract: "(being written)")
    func run() throws { throw CommandFailure(message: "'markers' is not written yet") }
}
