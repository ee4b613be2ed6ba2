import RoadNetwork

/// Table definitions and names of the current format version (`RoadNetworkStore.formatVersion`).
enum Schema {
    static let tables = """
        CREATE TABLE metadata(key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
        CREATE TABLE arrays(name TEXT PRIMARY KEY, element_type TEXT NOT NULL, element_count INTEGER NOT NULL,
            crc32 INTEGER NOT NULL) WITHOUT ROWID;
        CREATE TABLE array_chunks(name TEXT NOT NULL, chunk INTEGER NOT NULL, data BLOB NOT NULL, PRIMARY KEY(name, chunk));
        CREATE TABLE restrictions(position INTEGER PRIMARY KEY, from_edge INTEGER NOT NULL, via_node INTEGER NOT NULL,
            to_edge INTEGER NOT NULL, kind TEXT NOT NULL, relation_id INTEGER NOT NULL);
        CREATE TABLE via_way_restrictions(position INTEGER PRIMARY KEY, kind TEXT NOT NULL, relation_id INTEGER NOT NULL,
            edges TEXT NOT NULL);
        CREATE TABLE points_of_interest(id INTEGER PRIMARY KEY, osm_type TEXT NOT NULL, osm_id INTEGER NOT NULL,
            name TEXT NOT NULL, key TEXT NOT NULL, category TEXT NOT NULL, latitude REAL NOT NULL, longitude REAL NOT NULL);
        CREATE INDEX points_of_interest_category ON points_of_interest(category);
        """

    /// The spatial index over points of interest (R*Tree boxes are 32-bit floats rounded outwards, so
    /// a box query finds a superset that the exact REAL columns then trim).
    static let rtree = "CREATE VIRTUAL TABLE poi_rtree USING rtree(id, min_lat, max_lat, min_lon, max_lon)"
    /// The fallback when SQLite was built without R*Tree.
    static let columnIndex = "CREATE INDEX points_of_interest_position ON points_of_interest(latitude, longitude)"

    /// Which spatial index a database has (recorded in its metadata).
    enum SpatialIndex: String {
        case rtree, columns
    }

    /// The names of the packed arrays (rows of `arrays`).
    enum ArrayName: String, CaseIterable {
        case firstOut = "node.first_out"
        /// Latitude, longitude alternating (degrees, f64).
        case nodeCoordinates = "node.coordinates"
        case nodeOSMIDs = "node.osm_id"
        case nodeElevations = "node.elevation_m"
        /// `TrafficControl.rawValue` of each node (kind in the low nibble, direction in the high one).
        case nodeControls = "node.traffic_control"
        case tail = "edge.tail"
        case head = "edge.head"
        case lengthMeters = "edge.length_m"
        case travelTimeSeconds = "edge.travel_time_s"
        case highway = "edge.highway"
        case speedLimitKilometersPerHour = "edge.speed_limit_kmh"
        case speedLimitKind = "edge.speed_limit_kind"
        case speedLimitUnit = "edge.speed_limit_unit"
        case speedLimitSource = "edge.speed_limit_source"
        /// `BuiltUpArea.rawValue` of each edge's limit.
        case speedLimitBuiltUp = "edge.speed_limit_built_up"
        /// Index into `regionCodes` of each edge's limit region.
        case speedLimitRegion = "edge.speed_limit_region"
        /// The distinct `RegionCode.packed` values of the edges' limits (entry 0: none), as i64 bit patterns.
        case regionCodes = "region.code"
        case flags = "edge.flags"
        case nameIndex = "edge.name"
        case refIndex = "edge.ref"
        case wayID = "edge.way_id"
        case firstShapePoint = "edge.first_shape_point"
        /// Latitude, longitude alternating (degrees, f64).
        case shapeCoordinates = "shape.coordinates"
        case shapeElevations = "shape.elevation_m"
        /// Byte offset of each string in `stringBytes`, plus the end (strings + 1 entries).
        case stringOffsets = "strings.offsets"
        /// The UTF-8 of every string, concatenated.
        case stringBytes = "strings.utf8"
        /// Index into the signposts of each edge (0: nothing signed).
        case signpostIndex = "edge.signpost"
        /// String index of each signpost's destinations; entry 0 is the empty signpost.
        case signpostDestinations = "signpost.destinations"
        /// String index of each signpost's exits, matching `signpostDestinations`.
        case signpostExits = "signpost.exits"
        /// Lane pattern of each signpost (its `turn:lanes`), matching `signpostDestinations`.
        case signpostTurnLanes = "signpost.turn_lanes"
        /// Where each lane pattern starts in `turnLaneMasks`, plus the end (patterns + 1 entries).
        case turnLaneFirst = "turn_lanes.first"
        /// `TurnLaneMask.rawValue` of every pattern's lanes, left to right, one pattern after the other.
        case turnLaneMasks = "turn_lanes.mask"
        /// The nodes that are motorway junctions with an exit number, ascending.
        case junctionExitNodes = "junction_exit.node"
        /// String index of each junction's exit number, matching `junctionExitNodes`.
        case junctionExitRefs = "junction_exit.ref"
    }

    /// Arrays of contraction hierarchies are named `ch.<hierarchy>.<array>` (u32 each, optional).
    static let hierarchyArrayPrefix = "ch."

    /// The tables stored as rows whose checksum is also kept in `arrays` (element type `rows`).
    enum RowSetName: String, CaseIterable {
        case metadata
        case restrictions
        case viaWayRestrictions = "via_way_restrictions"
        case pointsOfInterest = "points_of_interest"
    }

    /// The element type recorded in `arrays` for a row set.
    static let rowSetElementType = "rows"

    static func restrictionKindName(_ kind: TurnRestriction.Kind) -> String {
        switch kind {
        case .prohibitive: "prohibitive"
        case .mandatory: "mandatory"
        }
    }

    static func restrictionKind(named name: String) -> TurnRestriction.Kind? {
        switch name {
        case "prohibitive": .prohibitive
        case "mandatory": .mandatory
        default: nil
        }
    }

    static func elementType(named name: String) -> OSMElementType? {
        switch name {
        case "node": .node
        case "way": .way
        case "relation": .relation
        default: nil
        }
    }
}
