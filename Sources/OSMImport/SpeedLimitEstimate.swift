import Geodesy
import LegalSpeedLimits
import RoadNetwork

/// How an import fills in the speed limits the ways do not post.
public struct SpeedLimitEstimateOptions: Sendable, Equatable {
    /// The country (or subdivision) of every road, instead of the one the bundled boundaries give
    /// (`waymark import --country`).
    public var region: RegionCode?
    /// Whether unposted roads take the limit of the nearest posted road of their class (`NeighbourLimits`).
    public var usesNeighbours: Bool
    /// How far along roads of the same class a posted limit is carried.
    public var neighbourDistance: Meters
    /// Whether to estimate at all; false keeps the class defaults of `CarProfile` (the behaviour before
    /// the estimate, for comparisons).
    public var estimates: Bool

    public init(region: RegionCode? = nil, usesNeighbours: Bool = true, neighbourDistance: Meters = 3000, estimates: Bool = true) {
        self.region = region
        self.usesNeighbours = usesNeighbours
        self.neighbourDistance = neighbourDistance
        self.estimates = estimates
    }
}

/// Where the region of the roads came from.
public enum RegionOrigin: String, Sendable, Equatable {
    /// The bundled country and subdivision polygons.
    case boundaries
    /// `--country` (`SpeedLimitEstimateOptions.region`).
    case option
    /// No estimate was made.
    case none
}

extension SpeedLimitEstimateOptions {
    /// The region `code` names (`PT`, `us-ca`), when it is an ISO 3166-1 country or ISO 3166-2
    /// subdivision the bundled boundaries or legal rules know; nil for any other text.
    /// - Throws: `OSMImportError` (`.speedLimitData`) when the bundled data cannot be read.
    public static func knownRegion(_ code: String) throws(OSMImportError) -> RegionCode? {
        let data = try LegalSpeedData.bundled()
        let upper = code.uppercased()
        guard data.rules.hasRules(for: upper) || data.boundaries.ids.contains(upper) else { return nil }
        return RegionCode(upper)
    }
}
