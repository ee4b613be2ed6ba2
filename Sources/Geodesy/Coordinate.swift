/// A WGS-84 position in degrees.
///
/// Invariant (checked by `isValid`, enforced by `init(validatingLatitude:longitude:)`):
/// latitude in -90...90, longitude in -180...180. The memberwise initializer does not check, so that
/// decoding hot loops stay cheap; callers holding untrusted input use the validating one.
public struct Coordinate: Hashable, Sendable, Codable, CustomStringConvertible {
    public var latitude: Degrees
    public var longitude: Degrees

    @inlinable public init(latitude: Degrees, longitude: Degrees) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Units per degree of OSM's fixed point: files store coordinates as integers of 10⁻⁷ degrees.
    public static let fixedPointUnitsPerDegree: Degrees = 1e7

    /// The coordinate of OSM fixed-point values (integers of 10⁻⁷ degrees). Converted by division, not by
    /// multiplying with 10⁻⁷, so the result is the double nearest to the decimal the file spells: the same
    /// bits whether the value came as XML text or PBF integers, and the same bits a column holding the
    /// integers reads back.
    @inlinable public init(fixedPointLatitude latitude: Int32, longitude: Int32) {
        self.init(latitude: Degrees(latitude) / Self.fixedPointUnitsPerDegree,
                  longitude: Degrees(longitude) / Self.fixedPointUnitsPerDegree)
    }

    /// Creates a coordinate, or returns nil when either value is out of range or not finite.
    public init?(validatingLatitude latitude: Degrees, longitude: Degrees) {
        guard latitude.isFinite, longitude.isFinite,
              (-90.0...90.0).contains(latitude), (-180.0...180.0).contains(longitude) else { return nil }
        self.init(latitude: latitude, longitude: longitude)
    }

    /// Whether both values are finite and within their ranges.
    public var isValid: Bool {
        latitude.isFinite && longitude.isFinite && (-90.0...90.0).contains(latitude) && (-180.0...180.0).contains(longitude)
    }

    /// `lat,lon` with seven decimals (about 1 cm), the precision OSM stores.
    public var description: String {
        "\(Coordinate.format(latitude)),\(Coordinate.format(longitude))"
    }

    static func format(_ value: Double) -> String {
        let scaled = (value * fixedPointUnitsPerDegree).rounded()
        var text = String(Int64(scaled).magnitude)
        while text.count < 8 { text = "0" + text }
        let integer = text.dropLast(7)
        var fraction = String(text.suffix(7))
        while fraction.hasSuffix("0") { fraction.removeLast() }
        let sign = scaled < 0 ? "-" : ""
        return fraction.isEmpty ? "\(sign)\(integer)" : "\(sign)\(integer).\(fraction)"
    }
}

/// A parse failure for a `LAT,LON` text, saying what was expected.
public struct CoordinateParseError: Error, CustomStringConvertible, Equatable {
    public var input: String
    public var reason: String
    public var description: String { "invalid coordinate '\(input)': \(reason)" }
}

extension Coordinate {
    /// Parses `LAT,LON` (decimal degrees, latitude first, as the CLI takes them).
    ///
    /// Rejects non-numbers (hexadecimal, `inf` and `nan` included), out-of-range values, and a latitude beyond ±90 whose swap would be valid
    /// (the common mistake of writing `LON,LAT`), naming the problem.
    public static func parse(_ text: String) throws(CoordinateParseError) -> Coordinate {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingSpaces() }
        guard parts.count == 2 else {
            throw CoordinateParseError(input: text, reason: "expected LAT,LON (two decimal numbers separated by a comma)")
        }
        guard let lat = DecimalNumber.parse(parts[0]), lat.isFinite else {
            throw CoordinateParseError(input: text, reason: "latitude '\(parts[0])' is not a number (expected decimal degrees)")
        }
        guard let lon = DecimalNumber.parse(parts[1]), lon.isFinite else {
            throw CoordinateParseError(input: text, reason: "longitude '\(parts[1])' is not a number (expected decimal degrees)")
        }
        if !(-90.0...90.0).contains(lat) {
            if (-90.0...90.0).contains(lon) && (-180.0...180.0).contains(lat) {
                throw CoordinateParseError(input: text, reason: "latitude \(parts[0]) is outside -90...90; the values look swapped (expected LAT,LON, not LON,LAT)")
            }
            throw CoordinateParseError(input: text, reason: "latitude \(parts[0]) is outside -90...90")
        }
        guard (-180.0...180.0).contains(lon) else {
            throw CoordinateParseError(input: text, reason: "longitude \(parts[1]) is outside -180...180")
        }
        return Coordinate(latitude: lat, longitude: lon)
    }
}

extension Substring {
    func trimmingSpaces() -> String {
        var s = self[...]
        while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" { s.removeLast() }
        return String(s)
    }
}
