import CMalloc
import OSRMService
import Synchronization

/// The service currently answering, replaced whole on reload.
///
/// A request takes the current service once, at its start, and keeps it: a reload (load the new
/// database, then swap) never changes the data under a request in flight, and the old service is freed
/// when its last request and its workers' workspaces let go of it.
final class ServiceState: Sendable {
    private let current: Mutex<(service: RoutingService, generation: Int)>
    private let load: @Sendable () throws -> RoutingService

    init(load: @escaping @Sendable () throws -> RoutingService) throws {
        self.load = load
        current = Mutex((try load(), 1))
        // What loading freed (the database's read buffers, the index builders' temporaries) goes back
        // to the system rather than staying resident: 13 MB on Porto.
        waymark_release_freed_memory()
    }

    var service: RoutingService { current.withLock { $0.service } }
    /// 1 for the first database, +1 per successful reload.
    var generation: Int { current.withLock { $0.generation } }

    /// Loads the database again and swaps it in; on failure the current one stays.
    /// - Returns: the new generation.
    func reload() throws -> Int {
        let fresh = try load()
        defer { waymark_release_freed_memory() }
        return current.withLock { state in
            state = (fresh, state.generation + 1)
            return state.generation
        }
    }
}
