import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import ServiceLifecycle

/// The listening socket and each connection's pipeline, run as a swift-service-lifecycle `Service`: serves
/// until graceful shutdown, then stops accepting, lets each connection finish the request it is answering
/// (up to `drain`), and closes what is left.
///
/// A connection is NIO's HTTP/1 codec and pipelining handler, then plain channel handlers of ours: the
/// parser-error refusal, the drain before close, the request-head timeout, and `HTTPConnectionHandler`,
/// which answers. No task, async channel or HTTP-types conversion per connection or request.
struct HTTPListener: Service {
    let host: String
    let port: Int
    let maxConnections: Int
    /// Longest wait for a complete request head (after connecting, after a response).
    let headTimeout: TimeAmount
    /// Longest drain of the requests in flight at shutdown.
    let drain: TimeAmount
    /// The longest request line and headers read, bytes.
    let headLimit: Int
    let responder: OSRMResponder
    let logger: Logger
    let onListening: @Sendable (String, Int) -> Void

    /// Accepted connections waiting for the server in the kernel's queue.
    static let backlog: Int32 = 256

    func run() async throws {
        let group = MultiThreadedEventLoopGroup.singleton
        // The listening socket on the tracker's event loop, where the tracker keeps its state.
        let tracker = ConnectionTracker(maximum: maxConnections, eventLoop: group.next())
        let listening: any Channel
        do {
            listening = try await bootstrap(group: group, tracker: tracker).bind(host: host, port: port).get()
        } catch {
            tracker.closeAll()
            throw error
        }
        let port = listening.localAddress?.port ?? 0
        logger.info("listening on http://\(host):\(port)")
        onListening(host, port)
        let drain = self.drain
        await withTaskCancellationHandler {
            await withGracefulShutdownHandler {
                try? await listening.closeFuture.get()
                try? await tracker.drained.get()
            } onGracefulShutdown: {
                tracker.quiesce()
                group.next().scheduleTask(in: drain) { tracker.closeAll() }
            }
        } onCancel: {
            tracker.closeAll()
        }
    }

    /// The listening socket's options and each accepted connection's pipeline.
    private func bootstrap(group: MultiThreadedEventLoopGroup, tracker: ConnectionTracker) -> ServerBootstrap {
        let (headLimit, headTimeout, drain, responder) = (headLimit, headTimeout, drain, responder)
        return ServerBootstrap(group: tracker.eventLoop, childGroup: group)
            .serverChannelOption(ChannelOptions.backlog, value: Self.backlog)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .serverChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(tracker) }
            }
            .childChannelOption(ChannelOptions.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try Self.configure(channel.pipeline.syncOperations, headLimit: headLimit, headTimeout: headTimeout, drain: drain,
                                       responder: responder)
                }
            }
    }

    /// Adds the handlers of one connection.
    static func configure(_ pipeline: ChannelPipeline.SynchronousOperations, headLimit: Int, headTimeout: TimeAmount, drain: TimeAmount,
                          responder: OSRMResponder) throws {
        var limits = NIOHTTPDecoderLimitConfiguration()
        // The request line and headers together (one field, the URL, may take all of it); a longer head is
        // answered 431 TooBig and the connection closed.
        limits.maxHeaderFieldSize = headLimit
        limits.maxHeaderListSize = headLimit
        limits.maxHeaderFieldCount = 100
        try pipeline.configureHTTPServerPipeline(withPipeliningAssistance: true, withErrorHandling: false,
                                                 withEncoderConfiguration: .init(), withDecoderLimitConfiguration: limits)
        try pipeline.addHandler(ParserErrorResponder(headLimit: headLimit))
        try pipeline.addHandler(DrainBeforeClose(limit: drain))
        try pipeline.addHandler(RequestHeadTimeout(timeout: headTimeout))
        try pipeline.addHandler(HTTPConnectionHandler(responder: responder))
    }
}
