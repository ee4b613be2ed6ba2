import ArgumentParser
import Foundation
import OSRMService
import OutputFiles
import Routing
import WaymarkKit

/// Exit statuses of `waymark`, documented in docs/cli.md, and the one map from errors to them.
enum ExitStatus {
    /// Bad input: a missing or malformed file, an invalid option value, an unwritable path.
    static let failure: Int32 = 1
    /// No route connects the points (different islands of the graph, or every way blocked).
    static let noRoute: Int32 = 3
    /// A coordinate has no drivable road within the snapping limit.
    static let noRoadNearby: Int32 = 4

    /// The status an error exits with: a routing error's own (or OSRM's code for it), else 1.
    static func of(_ error: Error) -> Int32 {
        switch error {
        case RoutingError.noRoute: noRoute
        case RoutingError.noRoadNearby: noRoadNearby
        case let error as ServiceError where error.code == .noRoute: noRoute
        case is AlternativeRouteError: noRoute
        case let error as ServiceError where error.code == .noSegment: noRoadNearby
        default: failure
        }
    }
}

/// An error the CLI reports as one line on standard error, exiting with status 1.
struct CommandFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// Writes text to standard output, checked: a failed write (full disk, `/dev/full`, a closed pipe) is a
/// one-line error with exit status 1 (`OutputError`), never a silent exit 0.
func writeOutput(_ text: String) throws(OutputError) {
    try StandardOutput.write(text)
}

/// Writes a line to standard error; bytes of a path that are not UTF-8 show as `\xFF` (`OSPath`).
func printError(_ text: String) {
    FileHandle.standardError.write(Data((OSPath.displayed(text) + "\n").utf8))
}

/// Runs a command body, turning any error into `waymark: error: …` on standard error and the exit
/// status of `ExitStatus.of` (never a crash or a stack trace). Library errors print their library's
/// one-line message, naming the option at fault (`OptionNames.message(for:)`).
func reportingFailures(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let error as ExitCode {
        throw error
    } catch {
        printError("waymark: error: \(OptionNames.message(for: error))")
        throw ExitCode(ExitStatus.of(error))
    }
}

/// Runs an option check in `validate()`, whose errors the argument parser prints itself: a library
/// error is reworded first, as `reportingFailures` would.
func checkingOptions<T>(_ body: () throws -> T) throws -> T {
    do { return try body() } catch let error as CommandFailure { throw error } catch { throw CommandFailure(message: OptionNames.message(for: error)) }
}
