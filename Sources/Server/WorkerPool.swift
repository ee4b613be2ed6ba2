import Foundation
import OSRMService
import Routing
import Synchronization

/// A fixed set of threads that answer requests, each with its own routing workspace.
///
/// Routing is CPU-bound and synchronous, so it runs here rather than on Swift's cooperative pool or
/// NIO's event loops (which keep accepting and reading connections meanwhile). A request waits in a
/// bounded queue; past `queueLimit` waiting requests a new one is refused at once (`Overloaded`), and
/// one not answered within its timeout gets `Timeout` from the pool's watchdog (`RequestDeadlines`; a
/// queued request whose time ran out is skipped; one already running is told to stop,
/// `RequestCancellation`, and stops at its next check: the next route leg, the next 1,024 waypoint
/// lines; its answer is discarded and its memory returned).
///
/// Each thread keeps the workspace of the last `RoutingService` it served; after a reload the first job
/// on the new service makes a new workspace and the old one (and with it the old service) is released.
final class WorkerPool: Sendable {
    /// One queued request.
    struct Job: Sendable {
        let service: RoutingService
        let work: @Sendable (RoutingService, RoutingWorkspace) -> ServiceResponse
        let reply: Reply
        /// Set when the timeout answers first: the work stops at its next check (`RequestCancellation`).
        let cancellation: RequestCancellation
    }

    /// Delivers a job's answer exactly once: the result, or the timeout's error, whichever comes first.
    final class Reply: Sendable {
        private struct State {
            var continuation: CheckedContinuation<ServiceResponse, Never>?
            /// An answer delivered before the continuation was installed.
            var pending: ServiceResponse?
            var done = false
        }
        private let state = Mutex(State())

        func install(_ continuation: CheckedContinuation<ServiceResponse, Never>) {
            let early = state.withLock { state -> ServiceResponse? in
                if let pending = state.pending { return pending }
                state.continuation = continuation
                return nil
            }
            if let early { continuation.resume(returning: early) }
        }

        /// Whether the answer was already delivered (a timed-out job need not run).
        var isDone: Bool { state.withLock { $0.done } }

        func deliver(_ response: ServiceResponse) {
            let continuation = state.withLock { state -> CheckedContinuation<ServiceResponse, Never>? in
                guard !state.done else { return nil }
                state.done = true
                guard let continuation = state.continuation else { state.pending = response; return nil }
                state.continuation = nil
                return continuation
            }
            continuation?.resume(returning: response)
        }
    }

    private let queue = Mutex<[Job]>([])
    private let signal = NSCondition()
    private let stopping = Mutex(false)
    /// Answers `Timeout` for the requests not answered in time.
    private let deadlines = RequestDeadlines(name: "waymark-deadlines")
    let threadCount: Int
    let queueLimit: Int

    init(threads: Int, queueLimit: Int) {
        threadCount = max(1, threads)
        self.queueLimit = queueLimit
        for index in 0..<threadCount {
            let thread = Thread { [self] in self.workLoop() }
            thread.name = "waymark-worker-\(index)"
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    /// Requests waiting for a worker.
    var queuedCount: Int { queue.withLock { $0.count } }

    /// Stops the threads once the queue is empty.
    func shutdown() {
        stopping.withLock { $0 = true }
        deadlines.shutdown()
        signal.lock()
        signal.broadcast()
        signal.unlock()
    }

    /// Runs `work` on a worker thread with that thread's workspace for `service`.
    /// - Returns: the answer, or OSRM-style `Overloaded`/`Timeout` errors.
    func run(service: RoutingService, timeout seconds: Double,
             _ work: @escaping @Sendable (RoutingService, RoutingWorkspace) -> ServiceResponse) async -> ServiceResponse {
        let reply = Reply()
        let cancellation = RequestCancellation()
        let job = Job(service: service, work: work, reply: reply, cancellation: cancellation)
        // A watchdog thread, not a sleeping task: it fires even when Swift's cooperative threads are busy.
        deadlines.watch(reply, cancellation: cancellation, seconds: seconds)
        return await withCheckedContinuation { continuation in
            reply.install(continuation)
            let accepted = queue.withLock { jobs -> Bool in
                guard jobs.count < queueLimit else { return false }
                jobs.append(job)
                return true
            }
            if accepted {
                signal.lock()
                signal.signal()
                signal.unlock()
            } else {
                reply.deliver(ServiceResponse(ServiceError(.overloaded, "more than \(queueLimit) requests are waiting; try again")))
            }
        }
    }

    private func next() -> Job? {
        signal.lock()
        defer { signal.unlock() }
        while true {
            let job = queue.withLock { jobs in jobs.isEmpty ? nil : jobs.removeFirst() }
            if let job { return job }
            if stopping.withLock({ $0 }) { return nil }
            signal.wait()
        }
    }

    private func workLoop() {
        var current: (service: RoutingService, workspace: RoutingWorkspace)?
        while let job = next() {
            if job.reply.isDone { continue }
            if current?.service !== job.service { current = (job.service, job.service.makeWorkspace()) }
            guard let (service, workspace) = current else { continue }
            let response = RequestCancellation.$current.withValue(job.cancellation) { job.work(service, workspace) }
            job.reply.deliver(response)
        }
    }
}
