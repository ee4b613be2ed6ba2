import ARExport
import Geodesy
import Places
import RoadNetwork

/// What an AR marker export should hold besides the route: the marker settings, the places to label
/// along the route, and where ground heights come from.
public struct MarkerRequest: Sendable {
    public var options = ARMarkerOptions()
    /// The categories of places to label along the route: nil for none, empty for every place.
    public var placeCategories: [PointOfInterestCategory]?
    /// Places within this distance of the route are labelled (at most `PointOfInterestFinder.maximumCorridor`).
    public var placeCorridor: Meters = 100
    /// A directory of SRTM `.hgt` tiles for ground heights, nil for none.
    public var elevationDirectory: String?

    public init(options: ARMarkerOptions = ARMarkerOptions(), placeCategories: [PointOfInterestCategory]? = nil,
                placeCorridor: Meters = 100, elevationDirectory: String? = nil) {
        self.options = options
        self.placeCategories = placeCategories
        self.placeCorridor = placeCorridor
        self.elevationDirectory = elevationDirectory
    }
}

extension MarkerRequest {
    /// The place categories to label, from text: `all` (any case) for every place, else a comma-separated
    /// list of category names (`PointOfInterestCategory.parseList`).
    public static func placeCategories(parsing text: String) throws(MarkerExportError) -> [PointOfInterestCategory] {
        if text.lowercased() == "all" { return [] }
        do throws(PlacesError) { return try PointOfInterestCategory.parseList(text) } catch { throw .places(error) }
    }
}

/// Why AR markers could not be made (the marker stage's one error).
public enum MarkerExportError: Error, CustomStringConvertible, Equatable, Sendable {
    /// A bad place query (unknown category, corridor out of range).
    case places(PlacesError)
    /// A bad marker setting, a missing elevation directory or tile, an empty route.
    case export(ARExportError)
    /// The places along the route could not be read from the database.
    case pointsOfInterest(RoadNetworkLoadError)

    public var description: String {
        switch self {
        case .places(let error): error.description
        case .export(let error): error.description
        case .pointsOfInterest(let error): error.description
        }
    }
}
