import ArgumentParser

// Placeholder while the subcommand is written.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "bench", abstract: "(being written)")
    func run() throws { throw CommandFailure(message: "'bench' is not written yet") }
}
