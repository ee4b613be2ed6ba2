import NIOCore
import NIOHTTP1

/// Closes a connection that does not deliver a complete request head in time: after it opens, and
/// after each response is written. A slow client ("slowloris": headers one byte at a time) or an idle
/// keep-alive connection holds a socket for at most this long, not forever.
///
/// Sits after HTTP decoding, so it sees whole request heads; time spent computing a response does not
/// count, and neither does time spent sending it: the timer is off from the head until the response's
/// end has left for the socket (its write completed), so a long streamed body read slowly is never cut
/// as an idle connection.
final class RequestHeadTimeout: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    let timeout: TimeAmount
    private var timer: Scheduled<Void>?
    /// Set when the handler leaves the pipeline: a write completing later must not arm a timer then.
    private var removed = false
    /// Request heads read whose response end is not written yet (pipelined requests wait their turn).
    private var requestsOpen = 0

    init(timeout: TimeAmount) {
        self.timeout = timeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { arm(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        arm(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        disarm()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        removed = true
        disarm()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head = unwrapInboundIn(data) {
            requestsOpen += 1
            disarm()
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard case .end = unwrapOutboundIn(data) else {
            context.write(data, promise: promise)
            return
        }
        requestsOpen = max(0, requestsOpen - 1)
        let written = promise ?? context.eventLoop.makePromise(of: Void.self)
        written.futureResult.assumeIsolated().whenSuccess { [self] in
            if !removed && requestsOpen == 0 && context.channel.isActive { arm(context) }
        }
        context.write(data, promise: written)
    }

    private func arm(_ context: ChannelHandlerContext) {
        disarm()
        let channel = context.channel
        timer = context.eventLoop.scheduleTask(in: timeout) { channel.close(promise: nil) }
    }

    private func disarm() {
        timer?.cancel()
        timer = nil
    }
}
