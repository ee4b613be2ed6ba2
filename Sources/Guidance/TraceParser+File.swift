import Foundation

extension TraceParser {
    /// Reads and parses a trace file (GPX or CSV, see `parse`).
    /// - Throws: `TraceError` naming the file: missing, unreadable, not UTF-8, or the line at fault.
    public static func parse(contentsOf path: String) throws(TraceError) -> Trace {
        guard FileManager.default.fileExists(atPath: path) else {
            throw TraceError(sourceName: path, line: 0, message: "no such file")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw TraceError(sourceName: path, line: 0, message: "cannot read the file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw TraceError(sourceName: path, line: 0, message: "not UTF-8 text (expected a GPX or CSV file)")
        }
        return try parse(text, sourceName: path)
    }
}
