import NIOCore
import NIOHTTP1
import OSRMService

/// Answers a request the HTTP parser refuses (a head over the limit, a malformed request line, an
/// unknown method, bytes no URL may hold) with OSRM's JSON error body, as every other error: status 431
/// and `TooBig` for a head over `headLimit` bytes, 400 and `InvalidUrl` for the rest; then closes the
/// connection (the parser cannot find the next request after damage). Without it, such a request got a
/// bare 400 with an empty body.
///
/// Sits after NIO's `HTTPServerPipelineHandler`, which holds a parse error back while an earlier
/// (pipelined) request is still being answered and passes it on once that response has ended, so the
/// refusal never interleaves with another answer: pipelined requests before the damage are answered in
/// order, then the refusal, then the connection closes.
final class ParserErrorResponder: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    let headLimit: Int
    private var answered = false

    init(headLimit: Int) {
        self.headLimit = headLimit
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let parserError = error as? HTTPParserError else {
            context.fireErrorCaught(error)
            return
        }
        guard !answered else { return }
        answered = true
        let (status, refusal) = Self.refusal(for: parserError, headLimit: headLimit)
        let body = context.channel.allocator.buffer(string: refusal.body)
        var headers = HTTPHeaders()
        headers.add(name: "content-type", value: "application/json; charset=utf-8")
        headers.add(name: "content-length", value: String(body.readableBytes))
        headers.add(name: "connection", value: "close")
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .init(statusCode: status), headers: headers))),
                      promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
    }

    /// The status and OSRM error of a request the parser refused.
    static func refusal(for error: HTTPParserError, headLimit: Int) -> (Int, ServiceError) {
        switch error {
        case .headerOverflow:
            (431, ServiceError(.tooBig, "the request line and headers are longer than the limit (\(headLimit) bytes)"))
        case .invalidMethod:
            (400, ServiceError(.invalidUrl, "the request method is not an HTTP method (GET only)"))
        case .invalidURL, .invalidPath, .invalidQueryString, .invalidFragment:
            (400, ServiceError(.invalidUrl, "the request target is not a URL (expected /service/v1/profile/coordinates, ASCII only)"))
        default:
            (400, ServiceError(.invalidUrl, "malformed HTTP request (\(error)); expected an HTTP/1.1 GET request"))
        }
    }
}

/// Holds back the closing of a connection until what was written to it has left, up to `limit`.
///
/// The connection closes right after the end of its last response is written when the server is
/// stopping (NIO's `HTTPServerPipelineHandler`) and for `Connection: close`; NIO drops writes still queued at close, so a long streamed
/// body (`/waypoints`) in flight at SIGTERM lost its last megabytes and its final chunk. Here a close
/// waits until every write queued before it has completed (or `limit`, the drain timeout, has passed),
/// so graceful stop finishes the bodies in flight.
final class DrainBeforeClose: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    let limit: TimeAmount
    private var outstanding = 0
    private var deferred: (mode: CloseMode, promise: EventLoopPromise<Void>?)?
    private var deadline: Scheduled<Void>?

    init(limit: TimeAmount) {
        self.limit = limit
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let tracked = promise ?? context.eventLoop.makePromise(of: Void.self)
        outstanding += 1
        tracked.futureResult.assumeIsolated().whenComplete { [self] _ in
            outstanding -= 1
            if outstanding == 0 { closeNow(context) }
        }
        context.write(data, promise: tracked)
    }

    func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
        guard mode == .all, outstanding > 0, context.channel.isActive else {
            context.close(mode: mode, promise: promise)
            return
        }
        if let earlier = deferred?.promise, let promise { earlier.futureResult.cascade(to: promise) }
        if deferred == nil { deferred = (mode, promise) }
        context.flush()
        if deadline == nil {
            deadline = context.eventLoop.assumeIsolated().scheduleTask(in: limit) { [self] in closeNow(context) }
        }
    }

    private func closeNow(_ context: ChannelHandlerContext) {
        guard let (mode, promise) = deferred else { return }
        deferred = nil
        deadline?.cancel()
        deadline = nil
        context.close(mode: mode, promise: promise)
    }
}
