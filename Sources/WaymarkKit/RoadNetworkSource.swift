import Geodesy
import OSMImport
import Places
import RoadNetwork
import RoadNetworkStore
import Routing

/// Where a road network comes from: a database written by `waymark import`, or an OSM file imported in
/// memory (fine for a small town; a city is imported once into a database).
public enum RoadNetworkSource: Sendable, Hashable {
    case database(path: String)
    case osmFile(path: String)

    /// The file the network is read from.
    public var path: String {
        switch self {
        case .database(let path), .osmFile(let path): path
        }
    }

    /// Loads the graph and the points of interest (the load stage).
    /// - Complexity: O(size of the database), or the import's O(input + n log n) for an OSM file.
    public func load() throws(RoadNetworkLoadError) -> LoadedRoadNetwork {
        switch self {
        case .database(let path):
            do throws(RoadNetworkStoreError) {
                let stored = try RoadNetworkStore.load(path: path)
                return LoadedRoadNetwork(graph: stored.graph, pointsOfInterest: stored.pointsOfInterest, source: self,
                                         hierarchies: stored.hierarchies)
            } catch {
                throw .database(error)
            }
        case .osmFile(let path):
            let imported = try Self.importOSM(path)
            return LoadedRoadNetwork(graph: imported.graph, pointsOfInterest: imported.pointsOfInterest, source: self)
        }
    }

    /// The points of interest inside `box` (of the given OSM category values, when set), without loading
    /// the graph from a database: its spatial index answers. An OSM file is imported and filtered.
    /// - Complexity: O(log p + k) for a database, k the places in the box; the import for an OSM file.
    public func pointsOfInterest(within box: BoundingBox, categories: Set<String>? = nil) throws(RoadNetworkLoadError) -> [PointOfInterest] {
        switch self {
        case .database(let path):
            do throws(RoadNetworkStoreError) {
                return try RoadNetworkStore.pointsOfInterest(path: path, within: box, categories: categories)
            } catch {
                throw .database(error)
            }
        case .osmFile(let path):
            return LoadedRoadNetwork.filter(try Self.importOSM(path).pointsOfInterest, within: box, categories: categories)
        }
    }

    /// The places a query finds (nearest first): a database answers from its spatial index without
    /// loading the graph; an OSM file is imported and indexed in memory.
    /// - Complexity: O(log p + k log k) for a database, k the places in the query's box.
    public func pointsOfInterest(matching query: PointOfInterestQuery) throws(RoadNetworkLoadError) -> [NearbyPointOfInterest] {
        let box = PointOfInterestFinder.boundingBox(around: query.center, radius: query.radius)
        let values = query.categories.isEmpty ? nil : Set(query.categories.map(\.value))
        return PointOfInterestFinder(try pointsOfInterest(within: box, categories: values)).nearby(query)
    }

    static func importOSM(_ path: String) throws(RoadNetworkLoadError) -> ImportResult {
        do {
            return try OSMImporter.importFile(path: path)
        } catch let error as OSMImportError {
            throw .osm(error)
        } catch {
            throw .osm(OSMImportError(kind: .readFailed, source: path, detail: "\(error)"))
        }
    }
}

/// A loaded road network: the routing graph and the named places of the same extract.
public struct LoadedRoadNetwork: Sendable {
    public let graph: RoadGraph
    public let pointsOfInterest: [PointOfInterest]
    /// Where it was loaded from.
    public let source: RoadNetworkSource
    /// The database's contraction hierarchies, by metric name and array name (empty without them).
    public let hierarchies: [String: [String: [UInt32]]]

    public init(graph: RoadGraph, pointsOfInterest: [PointOfInterest], source: RoadNetworkSource,
                hierarchies: [String: [String: [UInt32]]] = [:]) {
        self.graph = graph
        self.pointsOfInterest = pointsOfInterest
        self.source = source
        self.hierarchies = hierarchies
    }

    /// Sets up the router for this network, with the stored contraction hierarchies when there are any
    /// (each checked against the graph first), and `landmarks` ALT landmarks built as `landmarkTiming` says.
    /// - Throws: `RoadNetworkLoadError.hierarchy` when stored hierarchy arrays do not fit the graph, or a
    ///   hierarchy name is not a metric; never a router that could route wrongly.
    /// - Complexity: the router's set-up, O(nodes + edges), plus O(size of the hierarchies).
    public func makeRouter(landmarks: Int = 0, landmarkTiming: LandmarkProvision.Timing = .atSetUp) throws(RoadNetworkLoadError) -> Router {
        do throws(ContractionHierarchyError) {
            return try Router(graph: graph, landmarks: landmarks, landmarkTiming: landmarkTiming,
                              hierarchies: .stored(byMetricName: hierarchies))
        } catch {
            throw .hierarchy(path: source.path, error)
        }
    }

    /// The points of interest inside `box`: from a database's spatial index (the same places the load
    /// read, without a scan), else filtered from memory.
    public func pointsOfInterest(within box: BoundingBox, categories: Set<String>? = nil) throws(RoadNetworkLoadError) -> [PointOfInterest] {
        if case .database = source { return try source.pointsOfInterest(within: box, categories: categories) }
        return Self.filter(pointsOfInterest, within: box, categories: categories)
    }

    static func filter(_ places: [PointOfInterest], within box: BoundingBox, categories: Set<String>?) -> [PointOfInterest] {
        places.filter { place in
            let c = place.coordinate
            return c.latitude >= box.minLatitude && c.latitude <= box.maxLatitude
                && c.longitude >= box.minLongitude && c.longitude <= box.maxLongitude
                && (categories?.contains(place.category) ?? true)
        }
    }
}

/// Why a road network could not be loaded (the load stage's one error): the database's or the OSM
/// file's own error, each naming the file and what was expected.
public enum RoadNetworkLoadError: Error, CustomStringConvertible, Equatable, Sendable {
    case database(RoadNetworkStoreError)
    case osm(OSMImportError)
    /// The database's contraction hierarchy does not fit its graph.
    case hierarchy(path: String, ContractionHierarchyError)

    public var description: String {
        switch self {
        case .database(let error): error.description
        case .osm(let error): error.description
        case .hierarchy(let path, let error): "\(path): \(error) (re-import the database with 'waymark import')"
        }
    }
}
