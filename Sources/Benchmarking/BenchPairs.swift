import SeededRandom
import Foundation
import Geodesy
import RoadNetwork

/// One origin/destination pair of a benchmark.
public struct BenchPair: Sendable, Equatable {
    public var from: Coordinate
    public var to: Coordinate

    public init(from: Coordinate, to: Coordinate) {
        self.from = from
        self.to = to
    }
}

/// A malformed pairs file, naming the file, line and what was expected.
public struct BenchPairsError: Error, CustomStringConvertible {
    public var path: String
    /// 1-based line number; 0 for a problem with the whole file.
    public var line: Int
    public var reason: String
    public var description: String { line > 0 ? "\(path):\(line): \(reason)" : "\(path): \(reason)" }
}

/// Drawing, reading and writing benchmark pairs.
///
/// The CSV format is `from_lat,from_lon,to_lat,to_lon` in decimal degrees, one pair per line, an
/// optional header line, so the same file can be fed to OSRM, GraphHopper or Valhalla scripts.
public enum BenchPairs {
    public static let header = "from_lat,from_lon,to_lat,to_lon"

    /// Draws `count` pairs of distinct road nodes, reproducibly from `seed` (SplitMix64).
    ///
    /// Nodes are drawn uniformly among the graph's routing nodes, so pairs follow the road density
    /// (as random real trips roughly do), not the bounding box, and never fall in the sea.
    /// - Complexity: O(count + nodes).
    public static func draw(count: Int, seed: UInt64, from graph: RoadGraph) -> [BenchPair] {
        drawNodes(count: count, seed: seed, from: graph).map {
            BenchPair(from: graph.nodeCoordinates[Int($0.from)], to: graph.nodeCoordinates[Int($0.to)])
        }
    }

    /// The nodes of `draw(count:seed:from:)`'s pairs.
    ///
    /// A node standing where another node stands (two OSM nodes at one position, such as a bridge over
    /// a road) is never drawn: its coordinate, written with `--write-pairs`, would not say which of the
    /// two another engine should route from. Among the other nodes the draw is uniform; on a graph
    /// without such nodes it draws the same pairs as a draw over all nodes.
    /// - Complexity: O(count + nodes).
    public static func drawNodes(count: Int, seed: UInt64, from graph: RoadGraph) -> [(from: NodeIndex, to: NodeIndex)] {
        let drawable = nodesAtPositionsOfTheirOwn(graph)
        let n = drawable.count
        guard n >= 2 else { return [] }
        var generator = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            let a = generator.next(below: n)
            var b = generator.next(below: n - 1)
            if b >= a { b += 1 }
            return (drawable[a], drawable[b])
        }
    }

    /// The nodes, in order, whose coordinate no other node shares.
    private static func nodesAtPositionsOfTheirOwn(_ graph: RoadGraph) -> [NodeIndex] {
        struct Position: Hashable { var latitude: UInt64; var longitude: UInt64 }
        var seen: [Position: Int] = [:]
        seen.reserveCapacity(graph.nodeCount)
        for c in graph.nodeCoordinates {
            seen[Position(latitude: c.latitude.bitPattern, longitude: c.longitude.bitPattern), default: 0] += 1
        }
        return (0..<graph.nodeCount).compactMap { v in
            let c = graph.nodeCoordinates[v]
            return seen[Position(latitude: c.latitude.bitPattern, longitude: c.longitude.bitPattern)] == 1 ? NodeIndex(v) : nil
        }
    }

    /// Reads a pairs CSV (header optional; blank lines and `#` comments skipped; columns after the fourth,
    /// such as another engine's distance and duration, ignored; LF or CRLF line ends).
    public static func read(path: String) throws(BenchPairsError) -> [BenchPair] {
        let text: String
        do { text = try String(contentsOfFile: path, encoding: .utf8) } catch {
            throw BenchPairsError(path: path, line: 0, reason: "cannot read the pairs file (\((error as NSError).localizedFailureReason ?? error.localizedDescription))")
        }
        return try parse(text, path: path)
    }

    /// Parses pairs CSV text; `path` names it in errors.
    public static func parse(_ text: String, path: String) throws(BenchPairsError) -> [BenchPair] {
        var pairs: [BenchPair] = []
        // Split on the scalars: a String splits "\r\n" as one Character, never at "\n".
        let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { String(String.UnicodeScalarView($0)) }
        for (index, rawLine) in lines.enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            let lineNumber = index + 1
            if pairs.isEmpty, fields.first.map({ Double($0) == nil }) == true, fields.contains(where: { $0.contains("lat") }) {
                continue  // the header
            }
            guard fields.count >= 4 else {
                throw BenchPairsError(path: path, line: lineNumber, reason: "expected 4 fields from_lat,from_lon,to_lat,to_lon, found \(fields.count)")
            }
            var values: [Double] = []
            for (field, name) in zip(fields, ["from_lat", "from_lon", "to_lat", "to_lon"]) {
                guard let value = Double(field), value.isFinite else {
                    throw BenchPairsError(path: path, line: lineNumber, reason: "\(name) '\(field)' is not a number")
                }
                values.append(value)
            }
            guard let from = Coordinate(validatingLatitude: values[0], longitude: values[1]) else {
                throw BenchPairsError(path: path, line: lineNumber, reason: "from \(values[0]),\(values[1]) is not a valid LAT,LON (latitude -90...90, longitude -180...180)")
            }
            guard let to = Coordinate(validatingLatitude: values[2], longitude: values[3]) else {
                throw BenchPairsError(path: path, line: lineNumber, reason: "to \(values[2]),\(values[3]) is not a valid LAT,LON (latitude -90...90, longitude -180...180)")
            }
            pairs.append(BenchPair(from: from, to: to))
        }
        if pairs.isEmpty { throw BenchPairsError(path: path, line: 0, reason: "no pairs found (expected lines from_lat,from_lon,to_lat,to_lon)") }
        return pairs
    }

    /// The CSV text of pairs, with header.
    public static func csv(_ pairs: [BenchPair]) -> String {
        var text = header + "\n"
        for p in pairs { text += "\(p.from.latitude),\(p.from.longitude),\(p.to.latitude),\(p.to.longitude)\n" }
        return text
    }
}
