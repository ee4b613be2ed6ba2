import Geodesy

/// A named place kept by the import (`amenity`, `tourism`, `shop`, `leisure`, `historic` …).
public struct PointOfInterest: Hashable, Sendable, Codable {
    /// The OSM id; nodes positive as in OSM, ways stored negated-and-offset are not needed: `osmType` says.
    public var osmID: Int64
    public var osmType: OSMElementType
    public var name: String
    /// The tag key that made it a place (`amenity`).
    public var key: String
    /// The tag value, used as the category (`restaurant`).
    public var category: String
    /// The node position, or the centre of a way's nodes.
    public var coordinate: Coordinate

    public init(osmID: Int64, osmType: OSMElementType, name: String, key: String, category: String, coordinate: Coordinate) {
        self.osmID = osmID
        self.osmType = osmType
        self.name = name
        self.key = key
        self.category = category
        self.coordinate = coordinate
    }
}

/// OSM's three element types.
public enum OSMElementType: UInt8, Sendable, Codable, CustomStringConvertible {
    case node = 0, way, relation
    public var description: String {
        switch self {
        case .node: "node"
        case .way: "way"
        case .relation: "relation"
        }
    }
}
