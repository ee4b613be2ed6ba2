import ArgumentParser

// Placeholder while the subcommand is written.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "import", abstract: "(being written)")
    func run() throws { throw CommandFailure(message: "'import' is not written yet") }
}
