import Foundation
import Geodesy

/// One SRTM `.hgt` elevation tile: a square of 1° × 1° sampled on a regular grid.
///
/// File format (NASA SRTM / USGS): `samplesPerSide²` big-endian signed 16-bit heights in metres,
/// row by row from the NORTH edge to the south, each row from west to east. `samplesPerSide` is 3601
/// for 1 arc-second tiles and 1201 for 3 arc-second tiles; neighbouring tiles share their edge rows
/// and columns. The name gives the SOUTH-WEST corner: `N45E015.hgt` covers latitudes 45…46 N and
/// longitudes 15…16 E. A sample of -32768 is a void (no data).
public struct SRTMTile: Sendable {
    /// The value SRTM uses for a missing sample.
    public static let void: Int16 = -32768
    /// Latitude of the southern edge, whole degrees.
    public let southLatitude: Int
    /// Longitude of the western edge, whole degrees.
    public let westLongitude: Int
    /// Samples along each edge (3601 or 1201).
    public let samplesPerSide: Int
    /// Heights, north row first; `samplesPerSide²` entries.
    public let heights: [Int16]

    /// Decodes the raw bytes of a tile; `source` names it in errors.
    public init(southLatitude: Int, westLongitude: Int, bytes: [UInt8], source: String) throws(ARExportError) {
        let side: Int
        switch bytes.count {
        case 3601 * 3601 * 2: side = 3601
        case 1201 * 1201 * 2: side = 1201
        default:
            throw .invalidElevationTile(path: source, reason: "size \(bytes.count) bytes is neither a 1\" tile (3601×3601 samples, 25934402 bytes) nor a 3\" tile (1201×1201 samples, 2884802 bytes)")
        }
        var heights = [Int16](repeating: 0, count: side * side)
        heights.withUnsafeMutableBufferPointer { out in
            bytes.withUnsafeBufferPointer { raw in
                for i in 0..<out.count {
                    out[i] = Int16(bitPattern: UInt16(raw[2 * i]) << 8 | UInt16(raw[2 * i + 1]))
                }
            }
        }
        self.southLatitude = southLatitude
        self.westLongitude = westLongitude
        self.samplesPerSide = side
        self.heights = heights
    }

    /// Reads a tile file; its corner comes from its name (`N45E015.hgt`).
    public init(contentsOf path: String) throws(ARExportError) {
        let name = (path as NSString).lastPathComponent
        guard let corner = SRTMTile.corner(fromFileName: name) else {
            throw .invalidElevationTile(path: path, reason: "the name does not say which tile it is (expected e.g. N45E015.hgt: N/S latitude, E/W longitude of the south-west corner)")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .invalidElevationTile(path: path, reason: "cannot be read")
        }
        try self.init(southLatitude: corner.latitude, westLongitude: corner.longitude, bytes: [UInt8](data), source: path)
    }

    /// The standard file name of the tile whose south-west corner is given (`N45E015.hgt`, `S01W070.hgt`).
    public static func fileName(southLatitude: Int, westLongitude: Int) -> String {
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(abs(value))
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return (southLatitude < 0 ? "S" : "N") + padded(southLatitude, 2)
            + (westLongitude < 0 ? "W" : "E") + padded(westLongitude, 3) + ".hgt"
    }

    /// The south-west corner named by a tile file name, or nil when the name is not of that form.
    public static func corner(fromFileName name: String) -> (latitude: Int, longitude: Int)? {
        let upper = Array(name.uppercased())
        guard upper.count == 11, String(upper[7...]) == ".HGT" else { return nil }
        guard let lat = Int(String(upper[1...2])), let lon = Int(String(upper[4...6])) else { return nil }
        guard upper[0] == "N" || upper[0] == "S", upper[3] == "E" || upper[3] == "W" else { return nil }
        let latitude = upper[0] == "S" ? -lat : lat
        let longitude = upper[3] == "W" ? -lon : lon
        guard (-90...89).contains(latitude), (-180...179).contains(longitude) else { return nil }
        return (latitude, longitude)
    }

    /// Whether the point lies in the tile (edges included).
    public func covers(_ c: Coordinate) -> Bool {
        c.latitude >= Double(southLatitude) && c.latitude <= Double(southLatitude + 1)
            && c.longitude >= Double(westLongitude) && c.longitude <= Double(westLongitude + 1)
    }

    /// The sample at a grid row (0 = north edge) and column (0 = west edge), nil for a void.
    public func sample(row: Int, column: Int) -> Meters? {
        let h = heights[row * samplesPerSide + column]
        return h == SRTMTile.void ? nil : Meters(h)
    }

    /// Height at a point by bilinear interpolation of the four surrounding samples.
    ///
    /// Void samples are left out and the remaining weights renormalised, so a point next to a void
    /// still gets the height of its valid neighbours; nil when the point is outside the tile or every
    /// sample with weight is void.
    public func elevation(at c: Coordinate) -> Meters? {
        guard covers(c) else { return nil }
        let last = Double(samplesPerSide - 1)
        let rowPosition = (Double(southLatitude + 1) - c.latitude) * last
        let columnPosition = (c.longitude - Double(westLongitude)) * last
        let row = min(Int(rowPosition), samplesPerSide - 2)
        let column = min(Int(columnPosition), samplesPerSide - 2)
        let ty = rowPosition - Double(row), tx = columnPosition - Double(column)
        let corners: [(row: Int, column: Int, weight: Double)] = [
            (row, column, (1 - ty) * (1 - tx)), (row, column + 1, (1 - ty) * tx),
            (row + 1, column, ty * (1 - tx)), (row + 1, column + 1, ty * tx),
        ]
        var sum = 0.0, weights = 0.0
        for corner in corners where corner.weight > 0 {
            guard let h = sample(row: corner.row, column: corner.column) else { continue }
            sum += h * corner.weight
            weights += corner.weight
        }
        // A vanishing valid weight means the point sits on a void sample: report no data rather than
        // the value of a neighbour it does not really touch.
        return weights > 1e-9 ? sum / weights : nil
    }
}
