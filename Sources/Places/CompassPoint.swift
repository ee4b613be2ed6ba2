import Geodesy

/// One of the eight compass directions, for "120 m north-east" style listings.
public enum CompassPoint: String, Sendable, CaseIterable {
    case north, northEast = "north-east", east, southEast = "south-east"
    case south, southWest = "south-west", west, northWest = "north-west"

    /// The nearest of the eight points to a bearing (each covers 45°, north is 337.5°..<22.5°).
    public init(_ bearing: Bearing) {
        let sector = Int(((bearing.degrees + 22.5) / 45).rounded(.down)) % 8
        self = CompassPoint.allCases[sector]
    }

    /// The short form (`N`, `NE` …).
    public var abbreviation: String {
        switch self {
        case .north: "N"
        case .northEast: "NE"
        case .east: "E"
        case .southEast: "SE"
        case .south: "S"
        case .southWest: "SW"
        case .west: "W"
        case .northWest: "NW"
        }
    }
}
