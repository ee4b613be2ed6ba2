import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// A task executor that runs jobs on one NIO event loop.
///
/// A connection's task (Hummingbird reads its requests and writes its responses from a Swift task)
/// would otherwise run on Swift's global executor: every request then crossed threads four times
/// (event loop → cooperative thread → worker → cooperative thread → event loop), each crossing a wake-up
/// of a sleeping thread. Pinned to the connection's own event loop, the task reads, answers the cheap
/// services (`/health`, `/metrics`, the map page) and writes on the thread that owns the socket, and
/// only the routing work crosses to the `WorkerPool` and back.
final class EventLoopTaskExecutor: TaskExecutor {
    let eventLoop: any EventLoop

    init(_ eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        eventLoop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

/// Hummingbird's HTTP/1 channel with its connection tasks on their channel's event loop
/// (`EventLoopTaskExecutor`), and a `NonPersistentRequestMarker` before the conversion to HTTP types.
/// Nothing slow may run in the responder itself: routing runs on the worker pool, so an event loop never
/// waits for a search.
struct EventLoopPinnedChannel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value

    let inner: HTTP1Channel

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        inner.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let pipeline = channel.pipeline.syncOperations
            try pipeline.addHandler(NonPersistentRequestMarker(), position: .after(try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)))
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await withTaskExecutorPreference(EventLoopTaskExecutor(value.channel.eventLoop)) {
            await inner.handle(value: value, logger: logger)
        }
    }
}
