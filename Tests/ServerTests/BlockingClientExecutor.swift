import Foundation

/// Runs a test's blocking client calls on threads of their own, outside Swift's cooperative pool.
///
/// The raw clients in these tests block in `recv` for up to their timeout. On a 2-core machine the
/// cooperative pool has two threads, so two tests waiting on their servers at once would hold the whole
/// pool, and any server work scheduled there (the service lifecycle, a resumed continuation) would wait
/// behind them until the clients time out. Each job gets a new thread: the test bodies are few and short.
final class BlockingClientExecutor: TaskExecutor, @unchecked Sendable {
    static let shared = BlockingClientExecutor()

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        Thread.detachNewThread { job.runSynchronously(on: executor) }
    }
}
