import OutputFiles
import Guidance

extension WaypointStreamSession {
    /// Streams the lines to standard output, each written straight to the file descriptor (no
    /// buffering), so a consumer reading the pipe sees every waypoint as soon as it is produced; the
    /// first failed write (full disk, closed pipe) stops the stream.
    /// - Throws: `WaypointStreamError` as `run(output:)` does, else the failed write's `OutputError`.
    @discardableResult
    public func runToStandardOutput() throws -> GuidanceSummary {
        var writeFailure: OutputError?
        let totals = try run { line in
            do throws(OutputError) { try StandardOutput.write(line); return true } catch { writeFailure = error; return false }
        }
        if let writeFailure { throw writeFailure }
        return totals
    }
}
