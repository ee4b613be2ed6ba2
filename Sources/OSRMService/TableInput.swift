import Foundation
import Geodesy
import Routing

/// The sources and destinations of a command-line table (`waymark table`): each a file of `LAT,LON`
/// lines or an inline `LAT,LON;LAT,LON;…` list, and the size limit a table must keep to.
public enum TableInput {
    /// The most entries (sources × destinations) a table may have unless the limit is raised.
    public static let defaultMaximumEntries = 10_000

    /// Reads one list: the lines of the file at `text` when such a file exists (blank lines and lines
    /// starting with `#` skipped), else `text` split at `;`.
    /// - Throws: `TableInputError` naming the option, and the entry (and line) that is not `LAT,LON`,
    ///   or that the list is empty.
    public static func coordinates(_ text: String, option: String) throws(TableInputError) -> [Coordinate] {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: text, isDirectory: &isDirectory) {
            if isDirectory.boolValue { throw .unreadable(option: option, path: text, reason: "it is a directory") }
            guard let data = FileManager.default.contents(atPath: text), let content = String(data: data, encoding: .utf8) else {
                throw .unreadable(option: option, path: text, reason: "it cannot be read as UTF-8 text")
            }
            var result: [Coordinate] = []
            for (number, line) in content.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let entry = line.trimmingCharacters(in: .whitespacesAndNewlines)
                if entry.isEmpty || entry.hasPrefix("#") { continue }
                result.append(try parse(entry, option: option, place: "\(text) line \(number + 1)"))
            }
            guard !result.isEmpty else { throw .empty(option: option, source: text) }
            return result
        }
        let entries = text.split(separator: ";", omittingEmptySubsequences: false)
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { throw .empty(option: option, source: nil) }
        var result: [Coordinate] = []
        for (i, entry) in entries.enumerated() {
            result.append(try parse(entry.trimmingCharacters(in: .whitespaces), option: option, place: "entry \(i + 1)"))
        }
        return result
    }

    private static func parse(_ entry: String, option: String, place: String) throws(TableInputError) -> Coordinate {
        do throws(CoordinateParseError) {
            return try Coordinate.parse(entry)
        } catch {
            throw .malformedEntry(option: option, place: place, entry: entry, reason: error.description)
        }
    }

    /// The request of a command-line table: the `sources` and `destinations` lists (nil: the sources
    /// again) read by `coordinates`, naming the inputs that gave them, at most `maximum` entries, each
    /// point snapped within `snapRadius`.
    /// - Throws: `TableInputError` for the first list at fault, then for the size.
    public static func request(sources: String, destinations: String?, naming names: (sources: String, destinations: String),
                               maximum: Int, snapRadius: Meters) throws(TableInputError) -> TableRequest {
        let from = try coordinates(sources, option: names.sources)
        let to = try destinations.map { text throws(TableInputError) in try coordinates(text, option: names.destinations) } ?? from
        try checkSize(sources: from.count, destinations: to.count, maximum: maximum)
        var request = TableRequest(sources: from, destinations: to)
        request.snapping.defaultRadius = snapRadius
        return request
    }

    /// Throws unless `sources × destinations` entries fit `maximum`.
    public static func checkSize(sources: Int, destinations: Int, maximum: Int) throws(TableInputError) {
        let (entries, overflow) = sources.multipliedReportingOverflow(by: destinations)
        if overflow || entries > maximum { throw .tooBig(sources: sources, destinations: destinations, maximum: maximum) }
    }

    /// The table as CSV (RFC 4180): one row per source and destination, `duration_s` and `distance_m`
    /// empty where no route connects them.
    public static func csv(sources: [SnappedLocation], destinations: [SnappedLocation], cells: [[TableCell?]]) -> String {
        var out = "source,destination,source_lat,source_lon,destination_lat,destination_lon,duration_s,distance_m\r\n"
        for (i, source) in sources.enumerated() {
            for (j, destination) in destinations.enumerated() {
                let cell = cells[i][j]
                out += "\(i),\(j),\(DecimalNumber.fixed(source.location.latitude, decimals: 6)),\(DecimalNumber.fixed(source.location.longitude, decimals: 6)),"
                out += "\(DecimalNumber.fixed(destination.location.latitude, decimals: 6)),\(DecimalNumber.fixed(destination.location.longitude, decimals: 6)),"
                out += (cell.map { DecimalNumber.fixed($0.duration, decimals: 1) } ?? "") + "," + (cell.map { DecimalNumber.fixed($0.distance, decimals: 1) } ?? "") + "\r\n"
            }
        }
        return out
    }
}

/// Why a command-line table's input was refused, naming the option and the entry.
public enum TableInputError: Error, Equatable, Sendable, CustomStringConvertible {
    case empty(option: String, source: String?)
    case malformedEntry(option: String, place: String, entry: String, reason: String)
    case unreadable(option: String, path: String, reason: String)
    case tooBig(sources: Int, destinations: Int, maximum: Int)

    public var description: String {
        switch self {
        case .empty(let option, let source):
            "\(option): \(source.map { "\($0) holds" } ?? "the list has") no coordinates (expected LAT,LON entries separated by ';', or a file of LAT,LON lines)"
        case .malformedEntry(let option, let place, let entry, let reason):
            "\(option): \(place) '\(entry.prefix(60))': \(reason)"
        case .unreadable(let option, let path, let reason):
            "\(option): \(path) cannot be read (\(reason))"
        case .tooBig(let sources, let destinations, let maximum):
            "\(sources) sources × \(destinations) destinations is more than the table size limit of \(maximum) entries; raise --max-table-size"
        }
    }
}
