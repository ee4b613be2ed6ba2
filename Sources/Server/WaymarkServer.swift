import CMalloc
import Dispatch
import Foundation
import Guidance
import Logging
import OSRMService
import Routing
import WaymarkKit

/// `waymark serve` as one call for a program's synchronous main thread: load the road network, serve
/// it over HTTP until a signal (or `HTTPService.shutdown()`) stops the server, log to standard error.
///
///     WaymarkServer.bootstrapLogging(level: .info)
///     try WaymarkServer.run(.init(source: .database(path: "city.sqlite"))) { host, port in print("http://\(host):\(port)") }
public enum WaymarkServer {
    /// What to serve and how.
    public struct Configuration: Sendable {
        /// Where the road network is loaded from, at start and again on each SIGHUP.
        public var source: RoadNetworkSource
        /// The HTTP server's address, threads, limits and map page.
        public var http: HTTPService.Configuration
        /// ALT landmarks for the router's A* searches (0: none); more speed up A* and cost 32 bytes per node each.
        public var landmarks: Int
        /// When the landmarks are built; nil: on the first A* search when the database has hierarchies
        /// (it routes by them, and A* only for `exclude=` and fallbacks), at each load when it has none.
        public var landmarkTiming: LandmarkProvision.Timing?
        /// Whether each load indexes the graph for guidance (`GuidanceIndex`): steps and waypoints a third
        /// as costly, for a longer load and the index's memory (Porto 0.13 s and 7 MB).
        public var indexesGuidance: Bool

        public init(source: RoadNetworkSource, http: HTTPService.Configuration = HTTPService.Configuration(),
                    landmarks: Int = WaymarkServer.defaultLandmarks, landmarkTiming: LandmarkProvision.Timing? = nil,
                    indexesGuidance: Bool = true) {
            self.source = source
            self.http = http
            self.landmarks = landmarks
            self.landmarkTiming = landmarkTiming
            self.indexesGuidance = indexesGuidance
        }
    }

    /// ALT landmarks when the settings give no number: a good count for a city.
    public static let defaultLandmarks = 8

    /// glibc malloc arenas at most (unless MALLOC_ARENA_MAX says otherwise): the default, 8 per core, kept
    /// about 27 MB of freed pages per busy server on Porto; see Benchmarks/notebook/http-service.md.
    static let mallocArenas = 2

    /// The source of the start-up log lines (swift-log's default would be this module's name).
    static let logSource = "waymark"

    /// Sends log messages at `level` and above to standard error (the access log included at `info`).
    ///
    /// The logging system is the process's: call this once, before `run`.
    public static func bootstrapLogging(level: Logger.Level) {
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
    }

    /// Loads the road network, then serves it from the calling thread until the server shuts down.
    ///
    /// Logs the map page's warnings, the guidance index's time and size and the load time first (each load
    /// builds a guidance index unless the configuration says not to); `onListening` gets the bound host and port
    /// once connections are accepted (with port 0, the one picked).
    /// - Throws: `RoadNetworkLoadError` when the network cannot be loaded; the server's error when it
    ///   cannot serve (the port is taken, the host cannot be bound).
    public static func run(_ configuration: Configuration, onListening: @escaping @Sendable (String, Int) -> Void) throws {
        waymark_limit_malloc_arenas(Int32(mallocArenas))
        let logger = Logger(label: "waymark.serve")
        let (source, limits, landmarks) = (configuration.source, configuration.http.limits, configuration.landmarks)
        let (indexesGuidance, landmarkTiming) = (configuration.indexesGuidance, configuration.landmarkTiming)
        let started = Date()
        let service = try HTTPService(configuration: configuration.http, logger: logger) {
            let loaded = try source.load()
            let timing = landmarkTiming ?? (loaded.hierarchies.isEmpty ? .atSetUp : .onFirstUse)
            let router = try loaded.makeRouter(landmarks: landmarks, landmarkTiming: timing)
            var guidance: GuidanceIndex?
            if indexesGuidance {
                let indexing = Date()
                let index = GuidanceIndex(graph: loaded.graph)
                let seconds = String(format: "%.2f", Date().timeIntervalSince(indexing))
                let megabytes = String(format: "%.1f", Double(index.byteCount) / 1_000_000)
                logger.info("indexed the graph for guidance in \(seconds) s (\(megabytes) MB)", source: Self.logSource)
                guidance = index
            }
            return RoutingService(router: router, pointsOfInterest: loaded.pointsOfInterest, limits: limits, guidance: guidance)
        }
        // Under the program's source (`[waymark]`), where a log reader has always found the start-up lines.
        for warning in configuration.http.mapPage?.warnings ?? [] { logger.warning("map page: \(warning)", source: Self.logSource) }
        logger.info("loaded the database in \(String(format: "%.2f", Date().timeIntervalSince(started))) s", source: Self.logSource)
        try waitFor { try await service.run(onListening: onListening) }
    }

    /// Runs an async body to completion from a synchronous thread, rethrowing its error.
    static func waitFor(_ body: @escaping @Sendable () async throws -> Void) throws {
        let done = DispatchSemaphore(value: 0)
        let failure = LockedError()
        Task {
            do { try await body() } catch { failure.set(error) }
            done.signal()
        }
        done.wait()
        if let error = failure.get() { throw error }
    }
}

/// An error handed from a task to the thread waiting for it.
final class LockedError: @unchecked Sendable {
    private let lock = NSLock()
    private var error: (any Error)?
    func set(_ error: any Error) { lock.withLock { self.error = error } }
    func get() -> (any Error)? { lock.withLock { error } }
}
