import ArgumentParser
import Foundation
import OutputFiles

/// The `waymark` command: a thin layer over the libraries, one file per subcommand.
@main
struct Waymark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "waymark",
        abstract: "Turn-by-turn car routing on OpenStreetMap extracts, with AR waypoint and marker export.",
        version: "0.1.0",
        subcommands: [
            ImportCommand.self, InfoCommand.self, RouteCommand.self, WaypointsCommand.self,
            MarkersCommand.self, PoisCommand.self, TableCommand.self, MatchCommand.self, TripCommand.self, RoadsCommand.self, ServeCommand.self, BenchCommand.self, GenerateGridCommand.self,
        ]
    )

    /// Parses and runs the command. Unlike ArgumentParser's default (several lines of usage, exit 64),
    /// a bad option or argument is one line on standard error with exit status 1, as for every other
    /// bad input (docs/cli.md promises this); `--help` still prints the usage. The arguments are read
    /// from the raw `argv` (`OSPath.arguments()`), so a path that is not UTF-8 reaches the file system as
    /// the bytes given.
    static func main() {
        InterruptHandling.install()
        do {
            var command = try parseAsRoot(Array(OSPath.arguments().dropFirst()))
            try command.run()
        } catch let error as ExitCode {
            exit(withError: error)   // the command printed its one-line error already
        } catch {
            // Option and argument errors, including those a command's validate() throws (range checks).
            if exitCode(for: error) != .success {
                let lines = message(for: error).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                printError("waymark: error: " + lines.joined(separator: "; "))
                Foundation.exit(ExitStatus.failure)
            }
            exit(withError: error)
        }
    }
}
