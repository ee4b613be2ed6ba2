import Guidance
import OutputFiles

extension WaypointStreamSession {
    /// Streams the lines to `write` (`StandardOutput.write` for a pipe: each line goes out unbuffered, as
    /// soon as it is produced); the first failed write (full disk, closed pipe) stops the stream.
    /// - Throws: `WaypointStreamError` as `run(output:)` does, else the failed write's `OutputError`.
    @discardableResult
    public func run(writing write: (String) throws(OutputError) -> Void) throws -> GuidanceSummary {
        var writeFailure: OutputError?
        let totals = try run { line in
            do throws(OutputError) { try write(line); return true } catch { writeFailure = error; return false }
        }
        if let writeFailure { throw writeFailure }
        return totals
    }
}
