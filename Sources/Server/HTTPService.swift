import Foundation
import Logging
import MapPage
import NIOCore
import OSRMService
import ServiceLifecycle
import Synchronization
import UnixSignals

/// `waymark serve`: OSRM's HTTP API (and Waymark's own services) over one road database.
///
/// HTTP/1.1 on NIO's event loops through plain channel handlers (`HTTPListener`, `HTTPConnectionHandler`);
/// routing requests are answered on a `WorkerPool` of `threads` threads sharing one read-only
/// `RoutingService`, the answer written back on the connection's event loop, and the access log is
/// written off the request path (`AccessLog`). swift-service-lifecycle runs the server:
/// SIGTERM or SIGINT stops accepting connections and lets requests in flight finish (up to
/// `drainSeconds`); SIGHUP loads the database again and swaps it in (`ServiceState`), requests in flight
/// finishing on the old one.
public final class HTTPService: Sendable {
    /// How and where to serve.
    public struct Configuration: Sendable {
        /// The address to bind: loopback unless told otherwise, so nothing is exposed by accident.
        public var host = "127.0.0.1"
        /// The port; 0 picks a free one (reported through `onListening`).
        public var port = 5000
        /// Worker threads answering requests (default: one per core).
        public var threads = ProcessInfo.processInfo.activeProcessorCount
        public var limits = ServiceLimits()
        /// Longest wait for a complete request head after connecting or after a response, seconds.
        public var requestHeadTimeoutSeconds = 10.0
        /// Open connections at most; more wait in the kernel's backlog.
        public var maxConnections = 4096
        /// Longest drain of requests in flight at shutdown, seconds.
        public var drainSeconds = 30.0
        /// Whether SIGTERM/SIGINT shut down and SIGHUP reloads (off for servers inside tests).
        public var handlesSignals = true
        /// The map page served at `/` (with Leaflet under `/lib/`); nil serves none.
        public var mapPage: MapPageFiles?

        public init() {}
    }

    /// The longest request head (request line and headers) read, bytes: the README's 32 KiB.
    public static let requestHeadLimit = 32 * 1024

    let configuration: Configuration
    let logger: Logger
    let state: ServiceState
    let metrics = RequestMetrics()
    private let group = Mutex<ServiceGroup?>(nil)

    /// Loads the database (with `load`, again on each SIGHUP) and prepares the server.
    /// - Throws: what `load` throws.
    public init(configuration: Configuration, logger: Logger, load: @escaping @Sendable () throws -> RoutingService) throws {
        self.configuration = configuration
        self.logger = logger
        self.state = try ServiceState(load: load)
    }

    /// Serves until shut down (a signal, or `shutdown()`); `onListening` gets the bound host and port.
    public func run(onListening: @escaping @Sendable (String, Int) -> Void = { _, _ in }) async throws {
        let pool = WorkerPool(threads: configuration.threads, queueLimit: configuration.limits.queuedRequests)
        // Access log lines are info lines: written when the logger writes info.
        let accessLog = logger.logLevel <= .info ? AccessLog(label: logger.label) : nil
        defer {
            pool.shutdown()
            accessLog?.shutdown()
        }
        let responder = OSRMResponder(state: state, pool: pool, metrics: metrics, limits: configuration.limits, accessLog: accessLog,
                                      mapPage: configuration.mapPage)
        let listener = HTTPListener(
            host: configuration.host, port: configuration.port, maxConnections: configuration.maxConnections,
            headTimeout: .milliseconds(Int64(configuration.requestHeadTimeoutSeconds * 1000)),
            drain: .milliseconds(Int64(configuration.drainSeconds * 1000)), headLimit: Self.requestHeadLimit,
            responder: responder, logger: logger, onListening: onListening)
        var services: [ServiceGroupConfiguration.ServiceConfiguration] = [.init(service: listener)]
        if configuration.handlesSignals { services.append(.init(service: ReloadOnHangup(state: state, metrics: metrics, logger: logger))) }
        var groupConfiguration = ServiceGroupConfiguration(
            services: services, gracefulShutdownSignals: configuration.handlesSignals ? [.sigterm, .sigint] : [], logger: logger)
        groupConfiguration.maximumGracefulShutdownDuration = .milliseconds(Int64(configuration.drainSeconds * 1000))
        let serviceGroup = ServiceGroup(configuration: groupConfiguration)
        group.withLock { $0 = serviceGroup }
        try await serviceGroup.run()
        logger.info("stopped")
    }

    /// Starts a graceful shutdown: no new connections, requests in flight finish.
    public func shutdown() async {
        await group.withLock { $0 }?.triggerGracefulShutdown()
    }

    /// Loads the database again and swaps it in (what SIGHUP does).
    /// - Returns: the new generation (1 for the first database).
    @discardableResult
    public func reload() throws -> Int {
        do {
            let generation = try state.reload()
            metrics.recordReload(succeeded: true)
            return generation
        } catch {
            metrics.recordReload(succeeded: false)
            throw error
        }
    }
}

/// Reloads the database on each SIGHUP until the server shuts down.
struct ReloadOnHangup: Service {
    let state: ServiceState
    let metrics: RequestMetrics
    let logger: Logger

    func run() async throws {
        for await _ in await UnixSignalsSequence(trapping: .sighup).cancelOnGracefulShutdown() {
            logger.info("SIGHUP: reloading the database")
            let started = ContinuousClock.now
            do {
                let generation = try state.reload()
                metrics.recordReload(succeeded: true)
                logger.info("reloaded the database (generation \(generation)) in \(String(format: "%.2f", (ContinuousClock.now - started).milliseconds / 1000)) s")
            } catch {
                metrics.recordReload(succeeded: false)
                logger.error("reload failed, still serving the previous database: \(error)")
            }
        }
    }
}
