import Foundation

extension RoadNetworkImport {
    /// Checks, imports and writes like `run`, drawing the progress on standard error (meant for a
    /// terminal): `progressLine` redrawn in place while reading, `writing DATABASE ...` while writing,
    /// the line cleared at the end. After a failure the line is ended, so an error starts on its own line.
    /// - Complexity: as `run`.
    public func runDrawingProgress() throws(RoadNetworkImportError) -> Outcome {
        var job = self
        job.progress = { progress in Self.redraw(Self.progressLine(progress)) }
        do throws(RoadNetworkImportError) {
            let outcome = try job.run { Self.redraw("writing \(database) ...") }
            Self.redraw("")
            return outcome
        } catch {
            FileHandle.standardError.write(Data("\n".utf8))
            throw error
        }
    }

    /// Replaces the terminal's current line with `line` (carriage return, erase to the end of the line).
    static func redraw(_ line: String) {
        FileHandle.standardError.write(Data("\r\u{1B}[K\(line)".utf8))
    }
}
