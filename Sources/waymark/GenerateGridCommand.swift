import ArgumentParser

// Placeholder while the subcommand is written.
struct GenerateGridCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "generate-grid", abstract: "(being written)")
    func run() throws { throw CommandFailure(message: "'generate-grid' is not written yet") }
}
