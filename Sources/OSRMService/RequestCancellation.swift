import Routing
import Synchronization

/// The stop signal of one request: a server sets it when the request's time runs out (its `Timeout`
/// already answered), and the request's work checks it between its long steps (every route leg, every
/// 4,096 states a search settles, every search of a table, every leg's steps, every 1,024 waypoint lines, before rendering
/// markers) and stops, so a timed-out request's memory is
/// returned instead of growing on after its answer was sent.
///
/// The work of a request runs synchronously on one thread, which binds the request's signal as
/// `RequestCancellation.current` for that call (`RequestCancellation.$current.withValue`).
public final class RequestCancellation: Sendable {
    private let flag = Atomic<Bool>(false)

    public init() {}

    /// Asks the work to stop at its next check.
    public func cancel() { flag.store(true, ordering: .relaxed) }

    public var isCancelled: Bool { flag.load(ordering: .relaxed) }

    /// The signal of the request running on this thread, if any.
    @TaskLocal public static var current: RequestCancellation?

    /// Throws `Timeout` when the current request was cancelled.
    public static func check() throws(ServiceError) {
        if let current, current.isCancelled { throw ServiceError(.timeout, "the request was stopped after its time ran out") }
    }

    /// A check for the router's leg loop (`RoutingWorkspace.shouldStop`).
    static let routerCheck: @Sendable () -> Bool = { current?.isCancelled ?? false }
}
