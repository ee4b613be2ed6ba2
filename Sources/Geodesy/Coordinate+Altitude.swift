extension Coordinate {
    /// Parses `LAT,LON` or `LAT,LON,ALT` (decimal degrees, then an altitude in metres), as `parse` does
    /// for the position.
    public static func parseWithAltitude(_ text: String) throws(CoordinateParseError) -> (coordinate: Coordinate, altitude: Meters?) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3 else {
            throw CoordinateParseError(input: text, reason: "expected LAT,LON or LAT,LON,ALT (decimal degrees, then metres)")
        }
        let coordinate = try parse(parts.prefix(2).joined(separator: ","))
        guard parts.count == 3 else { return (coordinate, nil) }
        let altitudeText = parts[2].trimmingSpaces()
        guard let altitude = DecimalNumber.parse(altitudeText), altitude.isFinite else {
            throw CoordinateParseError(input: text, reason: "altitude '\(altitudeText)' is not a number of metres")
        }
        return (coordinate, altitude)
    }
}
