import Geodesy
import OutputFiles
import RoadNetwork

/// `waymark roads` without its options: a road network's edges (or those in a box) with their speed
/// limits, written as CSV or GeoJSON to a file (replaced atomically) or standard output.
public struct RoadTableExport: Sendable {
    public var source: RoadNetworkSource
    /// Only the edges whose line meets this box; nil for every edge.
    public var box: BoundingBox?
    public var format: RoadTableFormat

    public init(source: RoadNetworkSource, box: BoundingBox? = nil, format: RoadTableFormat) {
        self.source = source
        self.box = box
        self.format = format
    }

    /// Loads the network and writes the table to `output` (nil or `-`: standard output).
    /// - Returns: the number of rows written.
    /// - Throws: `RoadNetworkLoadError` naming the file; `OutputError` naming `outputName` (the input that gave
    ///   the path), also when the path is unusable, which is checked before the network is loaded.
    public func run(output: String?, naming outputName: String) throws -> Int {
        try OutputDestination.check(output, naming: outputName)
        let table = RoadTable(graph: try source.load().graph, within: box)
        do throws(OutputError) {
            let destination = try OutputDestination(path: output ?? OutputDestination.standardOutputName)
            try table.write(format) { (text: String) throws(OutputError) in try destination.write(text) }
            try destination.finish()
        } catch {
            throw error.naming(outputName)
        }
        return table.count
    }
}

/// A box given as text, `minLon,minLat,maxLon,maxLat` (the order of GeoJSON's `bbox`), refused with the
/// reason and the input that gave it.
public enum BoundingBoxInputError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not four decimal numbers.
    case malformed(text: String)
    /// A longitude outside -180...180 or a latitude outside -90...90.
    case outOfRange(text: String, detail: String)
    /// A minimum above its maximum.
    case inverted(text: String, detail: String)

    public var description: String { description(naming: "bbox") }

    /// The message naming the input that gave the box (`--bbox`).
    public func description(naming input: String) -> String {
        switch self {
        case .malformed(let text):
            "\(input) '\(text.prefix(80))': expected four decimal numbers minLon,minLat,maxLon,maxLat"
        case .outOfRange(let text, let detail), .inverted(let text, let detail):
            "\(input) '\(text.prefix(80))': \(detail) (expected minLon,minLat,maxLon,maxLat)"
        }
    }
}

extension BoundingBox {
    /// Reads `minLon,minLat,maxLon,maxLat`: four decimal numbers (no hexadecimal, `inf` or `nan`),
    /// longitudes in -180...180, latitudes in -90...90, each minimum at most its maximum.
    public init(parsingLongitudeLatitude text: String) throws(BoundingBoxInputError) {
        let fields = text.split(separator: ",", omittingEmptySubsequences: false)
        let values = fields.compactMap { DecimalNumber.parse($0.trimmingCharacters()) }.filter(\.isFinite)
        guard fields.count == 4, values.count == 4 else { throw .malformed(text: text) }
        let (minLon, minLat, maxLon, maxLat) = (values[0], values[1], values[2], values[3])
        let shown = { (v: Double) in DecimalNumber.fixed(v, decimals: 7) }
        for lon in [minLon, maxLon] where !(-180.0...180.0).contains(lon) {
            throw .outOfRange(text: text, detail: "longitude \(shown(lon)) is outside -180...180")
        }
        for lat in [minLat, maxLat] where !(-90.0...90.0).contains(lat) {
            throw .outOfRange(text: text, detail: "latitude \(shown(lat)) is outside -90...90")
        }
        guard minLon <= maxLon else {
            throw .inverted(text: text, detail: "minLon \(shown(minLon)) is greater than maxLon \(shown(maxLon))")
        }
        guard minLat <= maxLat else {
            throw .inverted(text: text, detail: "minLat \(shown(minLat)) is greater than maxLat \(shown(maxLat))")
        }
        self.init(minLatitude: minLat, minLongitude: minLon, maxLatitude: maxLat, maxLongitude: maxLon)
    }
}
