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
        /// Set once the answer went out: a second answer (the work after its timeout) is dropped.
        private let done = Atomic(false)
        private let completion: @Sendable (ServiceResponse) -> Void

        init(_ completion: @escaping @Sendable (ServiceResponse) -> Void) {
            self.completion = completion
        }

        /// Whether the answer was already delivered (a timed-out job need not run).
        var isDone: Bool { done.load(ordering: .acquiring) }

        /// Hands `response` to the completion unless an answer went out before.
        func deliver(_ response: ServiceResponse) {
            guard done.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else { return }
            completion(response)
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
        await withCheckedContinuation { continuation in
            submit(service: service, timeout: seconds, work) { continuation.resume(returning: $0) }
        }
    }

    /// Queues `work` for a worker thread; `completion` gets its answer (or `Overloaded`/`Timeout`) exactly
    /// once, on whichever thread has it first: the worker, the watchdog, or the caller's own when the queue
    /// is full. The HTTP handlers hop from there to their event loop.
    func submit(service: RoutingService, timeout seconds: Double,
                _ work: @escaping @Sendable (RoutingService, RoutingWorkspace) -> ServiceResponse,
                completion: @escaping @Sendable (ServiceResponse) -> Void) {
        let reply = Reply(completion)
        let cancellation = RequestCancellation()
        let job = Job(service: service, work: work, reply: reply, cancellation: cancellation)
        let accepted = queue.withLock { jobs -> Bool in
            guard jobs.count < queueLimit else { return false }
            jobs.append(job)
            return true
        }
        guard accepted else {
            reply.deliver(ServiceResponse(ServiceError(.overloaded, "more than \(queueLimit) requests are waiting; try again")))
            return
        }
        // A watchdog thread, not a sleeping task: it fires whatever the event loops and workers are doing.
        deadlines.watch(reply, cancellation: cancellation, seconds: seconds)
        signal.lock()
        signal.signal()
        signal.unlock()
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
