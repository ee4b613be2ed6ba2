import Geodesy

/// The coordinates segment of an OSRM URL: `{lon},{lat};{lon},{lat}…`, `polyline({…})` or
/// `polyline6({…})` (Google's encoded polyline, latitude first, five or six decimals).
public enum CoordinateList {
    /// Parses the coordinates, checking syntax (`InvalidQuery`) and then range (`InvalidValue`).
    /// - Complexity: O(length of the text).
    public static func parse(_ text: String) throws(ServiceError) -> [Coordinate] {
        let coordinates: [Coordinate]
        if text.hasPrefix("polyline(") || text.hasPrefix("polyline6(") {
            let precision = text.hasPrefix("polyline6(") ? 6 : 5
            guard text.hasSuffix(")") else { throw ServiceError(.invalidQuery, "polyline coordinates must end with ')'") }
            let encoded = text.dropFirst(precision == 6 ? 10 : 9).dropLast()
            guard let decoded = decodePolyline(encoded, precision: precision) else {
                throw ServiceError(.invalidQuery, "coordinates: malformed encoded polyline")
            }
            coordinates = decoded
        } else {
            coordinates = try parsePairs(text)
        }
        for (i, c) in coordinates.enumerated() where !c.isValid {
            throw ServiceError(.invalidValue, "Invalid coordinate value: coordinate \(i) (\(c.longitude),\(c.latitude)) is outside longitude -180...180, latitude -90...90")
        }
        return coordinates
    }

    /// `lon,lat;lon,lat…` with decimal numbers only (no exponents, hexadecimal, `inf` or `nan`).
    static func parsePairs(_ text: String) throws(ServiceError) -> [Coordinate] {
        var result: [Coordinate] = []
        for (i, item) in text.split(separator: ";", omittingEmptySubsequences: false).enumerated() {
            let numbers = item.split(separator: ",", omittingEmptySubsequences: false)
            guard numbers.count == 2, let lon = DecimalNumber.parse(numbers[0]), let lat = DecimalNumber.parse(numbers[1]),
                  lon.isFinite, lat.isFinite else {
                throw ServiceError(.invalidQuery, "coordinate \(i) '\(item.prefix(40))': expected {longitude},{latitude} in decimal degrees")
            }
            result.append(Coordinate(latitude: lat, longitude: lon))
        }
        return result
    }

    /// Decodes an encoded polyline; nil when it is truncated or holds bytes outside the alphabet.
    /// - Complexity: O(length).
    public static func decodePolyline<S: StringProtocol>(_ text: S, precision: Int) -> [Coordinate]? {
        let factor = precision == 6 ? 1e6 : 1e5
        var result: [Coordinate] = []
        var lat = 0, lon = 0
        var bytes = Array(text.utf8)[...]
        func value() -> Int? {
            var shift = 0, accumulated = 0
            while let byte = bytes.popFirst() {
                guard byte >= 63 && byte <= 126, shift <= 60 else { return nil }
                let chunk = Int(byte) - 63
                accumulated |= (chunk & 0x1f) << shift
                shift += 5
                if chunk < 0x20 { return (accumulated & 1) != 0 ? ~(accumulated >> 1) : accumulated >> 1 }
            }
            return nil
        }
        while !bytes.isEmpty {
            guard let dLat = value(), let dLon = value() else { return nil }
            lat += dLat
            lon += dLon
            result.append(Coordinate(latitude: Double(lat) / factor, longitude: Double(lon) / factor))
        }
        return result
    }
}
