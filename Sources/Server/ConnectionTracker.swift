import NIOCore

/// Knows the server's open connections: stops accepting at `maximum` (more wait in the kernel's backlog)
/// and accepts again when one closes; at shutdown closes the listening socket, asks every connection to
/// finish the request it is answering and close (`ChannelShouldQuiesceEvent`, which NIO's
/// `HTTPServerPipelineHandler` acts on), and says when the last one has closed.
///
/// The listening channel's handler, before NIO's acceptor, so it sees each accepted connection first.
/// Its state lives on the listening channel's event loop: calls from other threads hop there.
final class ConnectionTracker: ChannelDuplexHandler, @unchecked Sendable {
    typealias InboundIn = any Channel
    typealias InboundOut = any Channel
    typealias OutboundIn = Never
    typealias OutboundOut = Never

    let maximum: Int
    /// The listening channel's event loop.
    let eventLoop: any EventLoop
    private var listener: ChannelHandlerContext?
    private var open: [ObjectIdentifier: any Channel] = [:]
    /// Whether a read (an accept) was held back at the limit, to be issued when a connection closes.
    private var readHeld = false
    private var quiescing = false
    private let allClosed: EventLoopPromise<Void>
    private var drainSignalled = false

    /// - Parameters:
    ///   - maximum: open connections at most.
    ///   - eventLoop: the listening channel's event loop.
    init(maximum: Int, eventLoop: any EventLoop) {
        self.maximum = max(1, maximum)
        self.eventLoop = eventLoop
        allClosed = eventLoop.makePromise()
    }

    /// Completed once shutdown has begun and every connection has closed.
    var drained: EventLoopFuture<Void> { allClosed.futureResult }

    func handlerAdded(context: ChannelHandlerContext) {
        listener = context
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        listener = nil
    }

    func read(context: ChannelHandlerContext) {
        guard open.count < maximum else {
            readHeld = true
            return
        }
        context.read()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let connection = unwrapInboundIn(data)
        let key = ObjectIdentifier(connection)
        open[key] = connection
        connection.closeFuture.whenComplete { [self] _ in eventLoop.execute { self.closed(key) } }
        if quiescing { connection.close(promise: nil) }
        context.fireChannelRead(data)
    }

    /// Stops accepting and asks every connection to close after its request in flight.
    func quiesce() {
        eventLoop.execute { [self] in
            guard !quiescing else { return }
            quiescing = true
            listener?.close(promise: nil)
            for connection in open.values { connection.pipeline.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent()) }
            signalIfDrained()
        }
    }

    /// Closes the listening socket and every connection now (the drain's time is up, or the server is cancelled).
    func closeAll() {
        eventLoop.execute { [self] in
            quiescing = true
            listener?.close(promise: nil)
            for connection in open.values { connection.close(promise: nil) }
            signalIfDrained()
        }
    }

    private func closed(_ key: ObjectIdentifier) {
        open.removeValue(forKey: key)
        if quiescing {
            signalIfDrained()
        } else if readHeld && open.count < maximum, let listener {
            readHeld = false
            listener.read()
        }
    }

    /// Completes `drained` once, when shutdown has begun and no connection is left.
    private func signalIfDrained() {
        guard quiescing, open.isEmpty, !drainSignalled else { return }
        drainSignalled = true
        allClosed.succeed()
    }
}
