import Foundation

extension TraceParser {
    /// The file formats a trace is read from.
    public enum Format: String, Sendable {
        case gpx, csv
    }

    /// Reads and parses a trace file (GPX or CSV, see `parse`).
    /// - Throws: `TraceError` naming the file: missing, unreadable, not UTF-8, or the line at fault.
    public static func parse(contentsOf path: String) throws(TraceError) -> Trace {
        try parse(text(contentsOf: path), sourceName: path)
    }

    /// Reads and parses a trace file of a known format (`waymark match --gpx` or `--csv`), so a file of
    /// the other kind is an error rather than read as what it looks like.
    /// - Throws: `TraceError` naming the file, as `parse(contentsOf:)`, or that it has no points.
    public static func parse(contentsOf path: String, format: Format) throws(TraceError) -> Trace {
        let content = try text(contentsOf: path)
        let trace = format == .gpx ? try parseGPX(content, sourceName: path) : try parseCSV(content, sourceName: path)
        guard !trace.points.isEmpty else {
            throw TraceError(sourceName: path, line: 0, message: format == .gpx ? "no <trkpt> track points found (expected a GPX 1.1 track)"
                                                                                : "no points found (expected CSV lines LAT,LON[,TIME][,SPEED])")
        }
        return trace
    }

    /// The text of a trace file.
    private static func text(contentsOf path: String) throws(TraceError) -> String {
        guard FileManager.default.fileExists(atPath: path) else {
            throw TraceError(sourceName: path, line: 0, message: "no such file")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw TraceError(sourceName: path, line: 0, message: "cannot read the file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw TraceError(sourceName: path, line: 0, message: "not UTF-8 text (expected a GPX or CSV file)")
        }
        return text
    }
}
